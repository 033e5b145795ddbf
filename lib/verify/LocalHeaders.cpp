//===- LocalHeaders.cpp - the headers a test program brings along ---------===//
#include "verify/LocalHeaders.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"

using namespace llvm;

namespace hipwright::verify {

/// The quoted #include targets of \p Text, in order. A textual scan: an
/// include inside #if 0 or a comment is lowered needlessly, which is
/// harmless; one that names a missing file is skipped.
static std::vector<std::string> quotedIncludes(StringRef Text) {
  static const Regex Include("^[[:space:]]*#[[:space:]]*include[[:space:]]*\""
                             "([^\"]+)\"");
  std::vector<std::string> Out;
  SmallVector<StringRef, 256> Lines;
  Text.split(Lines, '\n');
  SmallVector<StringRef, 2> M;
  for (StringRef L : Lines)
    if (L.contains("include") && Include.match(L, &M))
      Out.push_back(M[1].str());
  return Out;
}

std::vector<std::string> localHeaders(StringRef Source) {
  SmallString<256> Root(sys::path::parent_path(Source));
  sys::fs::make_absolute(Root);
  sys::path::remove_dots(Root, true);
  std::vector<std::string> Found;
  StringSet<> Seen;
  std::vector<std::string> Pending = {Source.str()};
  while (!Pending.empty()) {
    std::string File = Pending.back();
    Pending.pop_back();
    auto Buf = MemoryBuffer::getFile(File);
    if (!Buf)
      continue;
    for (const std::string &Inc : quotedIncludes((*Buf)->getBuffer())) {
      // A quoted include is looked up next to the including file first.
      SmallString<256> P(sys::path::parent_path(File));
      sys::fs::make_absolute(P);
      sys::path::append(P, Inc);
      sys::path::remove_dots(P, true);
      StringRef Rel = P.str();
      if (!Rel.consume_front(Root) || !Rel.consume_front("/") ||
          !sys::fs::is_regular_file(P) || !Seen.insert(Rel).second)
        continue;
      Found.push_back(Rel.str());
      Pending.push_back(std::string(P));
    }
  }
  return Found;
}

} // namespace hipwright::verify
