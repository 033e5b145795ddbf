//===- BuildFileLinks.cpp - CUDA libraries a build file links -------------===//
#include "report/BuildFileLinks.h"

#include "buildfiles/CMakeSyntax.h"
#include "buildfiles/MakeSyntax.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

#include <algorithm>

using namespace llvm;

namespace hipwright {

namespace {

/// ${CUDA_cublas_LIBRARY}, ${CUDA_CUFFT_LIBRARIES}: FindCUDA's variables
/// for one library; the library's name, or "".
std::string fromFindCudaVariable(StringRef W) {
  if (!W.consume_front("${") || !W.consume_back("}"))
    return "";
  if (!W.consume_front("CUDA_"))
    return "";
  if (!W.consume_back("_LIBRARY") && !W.consume_back("_LIBRARIES"))
    return "";
  return W.lower();
}

/// Words that commands take library names in: these may be plain names.
bool takesPlainNames(StringRef Command) {
  return Command == "target_link_libraries" || Command == "link_libraries" ||
         Command == "find_package" || Command == "find_library" ||
         Command == "cuda_add_library" || Command == "cuda_add_executable";
}

const LibraryRow *linkWord(StringRef W, bool Plain, const LibraryTable &Libs) {
  W = W.trim();
  if (W.empty())
    return nullptr;
  if (W.starts_with("CUDA::") || W.starts_with("-l"))
    return Libs.byLink(W);
  std::string V = fromFindCudaVariable(W);
  if (!V.empty())
    return Libs.byLink(V);
  if (W.contains("${") || W.contains("$("))
    return nullptr;
  // A library file: libcublas.so, /usr/local/cuda/lib64/libcufft_static.a.
  if (sys::path::filename(W).starts_with("lib") &&
      (W.ends_with(".a") || W.ends_with(".so") || W.contains(".so.")))
    return Libs.byLink(W);
  if (Plain)
    return Libs.byLink(W.lower());
  return nullptr;
}

void cmakeLinks(StringRef Path, StringRef Text, const LibraryTable &Libs,
                std::vector<BuildLink> &Out, std::string *Error) {
  Expected<std::vector<CMakeCommand>> Cmds = parseCMake(Text, Path);
  if (!Cmds) {
    std::string E = toString(Cmds.takeError());
    if (Error)
      *Error = E;
    return;
  }
  for (const CMakeCommand &C : *Cmds) {
    bool Plain = takesPlainNames(C.LowerName);
    for (size_t I = 0; I < C.Args.size(); ++I) {
      const CMakeArg &A = C.Args[I];
      if (!A.isValue())
        continue;
      // find_package(NAME ...) names one package: only its first argument.
      bool P = Plain && (C.LowerName != "find_package" || I == 0);
      SmallVector<StringRef, 4> Words;
      A.Content.split(Words, ';', -1, false);
      for (StringRef W : Words)
        if (const LibraryRow *L = linkWord(W, P, Libs))
          Out.push_back({L, A.Line, W.trim().str()});
    }
  }
}

void makeLinks(StringRef Text, const LibraryTable &Libs,
               std::vector<BuildLink> &Out) {
  // The migration's own reading of a Makefile (buildfiles/MakeSyntax.h):
  // continuations joined, comments left out, $(...) kept whole.
  std::vector<size_t> LineStarts{0};
  for (size_t I = 0; I < Text.size(); ++I)
    if (Text[I] == '\n')
      LineStarts.push_back(I + 1);
  for (const LogicalLine &L : logicalLines(Text))
    for (const MakeWord &W : wordsOf(Text, L.Begin, L.End, L.Recipe)) {
      // LDLIBS=-lcufft: the value of an assignment written without blanks.
      StringRef V = W.Text;
      if (!V.starts_with("-") && V.contains('='))
        V = V.substr(V.rfind('=') + 1);
      if (const LibraryRow *R = linkWord(V, false, Libs)) {
        unsigned Line =
            std::upper_bound(LineStarts.begin(), LineStarts.end(), W.Begin) -
            LineStarts.begin();
        Out.push_back({R, Line, V.str()});
      }
    }
}

} // namespace

std::vector<BuildLink> buildFileLinks(StringRef Path, StringRef Text,
                                      BuildFileKind Kind,
                                      const LibraryTable &Libs,
                                      std::string *Error) {
  std::vector<BuildLink> Out;
  if (Kind == BuildFileKind::CMake)
    cmakeLinks(Path, Text, Libs, Out, Error);
  else
    makeLinks(Text, Libs, Out);
  return Out;
}

} // namespace hipwright
