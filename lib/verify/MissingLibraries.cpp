//===- MissingLibraries.cpp - HIP libraries this system lacks -------------===//
#include "verify/MissingLibraries.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace hipwright::verify {
namespace {
struct Library {
  StringRef Pattern; ///< found (lower case) in the include path
  StringRef Name;
};
// The first match names the library: hipblaslt before hipblas, whose
// pattern a hipBLASLt header holds too.
constexpr Library Libraries[] = {
    {"hipblaslt", "hipBLASLt"},     {"hipblas", "hipBLAS"},
    {"rocblas", "rocBLAS"},         {"hipfft", "hipFFT"},
    {"rocfft", "rocFFT"},           {"hipsolver", "hipSOLVER"},
    {"rocsolver", "rocSOLVER"},     {"hipcub", "hipCUB"},
    {"miopen", "MIOpen"},           {"rccl", "RCCL"},
    {"rocwmma", "rocWMMA"},         {"thrust", "rocThrust (thrust)"},
    {"hipsparselt", "hipSPARSELt"},
};
} // namespace

/// The path of an `#include <...>` or `#include "..."` line, else "".
static StringRef includedPath(StringRef Line) {
  Line = Line.ltrim(" \t");
  if (!Line.consume_front("#"))
    return "";
  Line = Line.ltrim(" \t");
  if (!Line.consume_front("include"))
    return "";
  Line = Line.ltrim(" \t");
  if (Line.empty() || (Line[0] != '<' && Line[0] != '"'))
    return "";
  char Close = Line[0] == '<' ? '>' : '"';
  size_t End = Line.find(Close, 1);
  if (End == StringRef::npos)
    return "";
  return Line.slice(1, End);
}

std::optional<std::string>
missingLibraryReason(StringRef Source, ArrayRef<std::string> SearchDirs) {
  SmallVector<StringRef, 128> Lines;
  Source.split(Lines, '\n');
  for (StringRef L : Lines) {
    StringRef Inc = includedPath(L);
    if (Inc.empty())
      continue;
    std::string Lower = Inc.lower();
    for (const Library &Lib : Libraries) {
      if (!StringRef(Lower).contains(Lib.Pattern))
        continue;
      bool Found = false;
      for (const std::string &Dir : SearchDirs) {
        SmallString<256> P(Dir);
        sys::path::append(P, Inc);
        if (sys::fs::exists(P)) {
          Found = true;
          break;
        }
      }
      if (!Found)
        return ("needs " + Lib.Name +
                ", which Debian's HIP 5.2.3 lacks (#include <" + Inc +
                "> not found)")
            .str();
    }
  }
  return std::nullopt;
}

} // namespace hipwright::verify
