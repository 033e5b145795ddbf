//===- MakeIncludeDirs.cpp - include paths from Makefiles -----------------===//
#include "buildfiles/MakeIncludeDirs.h"
#include "buildfiles/MakeSyntax.h"
#include "support/Paths.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace hipwright {

MakeIncludeDirs::MakeIncludeDirs(std::string Root) : Root(std::move(Root)) {}

const std::vector<std::string> &
MakeIncludeDirs::dirsOfFolder(const std::string &Dir) {
  auto [It, New] = Cache.try_emplace(Dir);
  if (!New)
    return It->second;
  std::vector<std::string> &Out = It->second;
  for (StringRef Name : {"GNUmakefile", "makefile", "Makefile"}) {
    SmallString<256> Path(Dir);
    sys::path::append(Path, Name);
    ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(Path);
    if (!Buf)
      continue;
    StringRef T = (*Buf)->getBuffer();
    for (const LogicalLine &L : logicalLines(T)) {
      std::vector<MakeWord> Ws = wordsOf(T, L.Begin, L.End, L.Recipe);
      for (size_t I = 0; I < Ws.size(); ++I) {
        StringRef W = Ws[I].Text;
        if (!W.starts_with("-I"))
          continue;
        StringRef D = W.drop_front(2);
        if (D.empty() && I + 1 < Ws.size())
          D = Ws[++I].Text;
        std::string Text = D.trim("\"'").str();
        for (StringRef Var : {"$(CURDIR)", "${CURDIR}", "$(PWD)", "${PWD}"})
          if (StringRef(Text).starts_with(Var))
            Text = Dir + Text.substr(Var.size());
        if (Text.empty() || StringRef(Text).contains('$'))
          continue;
        std::string P = resolvePath(Dir, Text);
        if (sys::fs::is_directory(P) && !is_contained(Out, P))
          Out.push_back(std::move(P));
      }
    }
    break; // make reads the first of these it finds
  }
  return Out;
}

std::vector<std::string> MakeIncludeDirs::dirsFor(StringRef Source) {
  std::vector<std::string> Out;
  SmallString<256> Dir(sys::path::parent_path(Source));
  while (true) {
    for (const std::string &D : dirsOfFolder(std::string(Dir)))
      if (!is_contained(Out, D))
        Out.push_back(D);
    if (Dir.size() <= Root.size() || !StringRef(Dir).starts_with(Root))
      break;
    StringRef Parent = sys::path::parent_path(Dir);
    if (Parent.empty() || Parent == Dir)
      break;
    Dir = Parent;
  }
  return Out;
}

} // namespace hipwright
