//===- MissingLibraries.cpp - HIP libraries the ROCm in use lacks --------===//
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
  /// A header the library's own headers include, which a complete package
  /// has; empty: nothing to check.
  StringRef Requires = "";
  StringRef Incomplete = ""; ///< why it is missing, when it is
};
// The first match names the library: hipblaslt before hipblas, whose
// pattern a hipBLASLt header holds too.
constexpr Library Libraries[] = {
    {"hipblaslt", "hipBLASLt"},
    {"hipblas", "hipBLAS"},
    {"rocblas", "rocBLAS"},
    {"hipfft", "hipFFT"},
    {"rocfft", "rocFFT"},
    {"hipsolver", "hipSOLVER"},
    {"rocsolver", "rocSOLVER"},
    {"hipcub", "hipCUB"},
    {"miopen", "MIOpen"},
    {"rccl", "RCCL"},
    {"rocwmma", "rocWMMA", "rocwmma/internal/accessors.hpp",
     "whose Debian package (librocwmma-dev 7.2.4) ships rocwmma.hpp without "
     "the rocwmma/internal/ headers it includes"},
    {"thrust", "rocThrust (thrust)"},
    {"roctracer", "roctx"},
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

/// The first of \p SearchDirs that holds \p Inc.
static bool foundIn(StringRef Inc, ArrayRef<std::string> SearchDirs) {
  for (const std::string &Dir : SearchDirs) {
    SmallString<256> P(Dir);
    sys::path::append(P, Inc);
    if (sys::fs::exists(P))
      return true;
  }
  return false;
}

std::optional<std::string>
missingLibraryReason(StringRef Source, ArrayRef<std::string> SearchDirs,
                     StringRef RocmRoot) {
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
      if (!foundIn(Inc, SearchDirs))
        return ("needs " + Lib.Name + ", which the ROCm at " + RocmRoot +
                " lacks (#include <" + Inc + "> not found)")
            .str();
      if (!Lib.Requires.empty() && !foundIn(Lib.Requires, SearchDirs))
        return ("needs " + Lib.Name + ", " + Lib.Incomplete + " (<" +
                Lib.Requires + "> not found)")
            .str();
    }
  }
  return std::nullopt;
}

} // namespace hipwright::verify
