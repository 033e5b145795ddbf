//===- ForeignHipHeaders.cpp - HIP headers from another ROCm --------------===//
#include "verify/ForeignHipHeaders.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace hipwright::verify {

std::vector<std::string> dependenciesOf(StringRef DepFile) {
  std::vector<std::string> Out;
  std::string Word;
  bool InTargets = true; // before the first unescaped ':' of a rule
  auto Flush = [&] {
    if (Word.empty())
      return;
    if (InTargets && Word.back() == ':') {
      InTargets = false;
    } else if (!InTargets) {
      Out.push_back(Word);
    }
    Word.clear();
  };
  for (size_t I = 0; I < DepFile.size(); ++I) {
    char C = DepFile[I];
    if (C == '\\' && I + 1 < DepFile.size()) {
      char N = DepFile[I + 1];
      if (N == '\n') { // a continued line
        ++I;
        Flush();
        continue;
      }
      if (N == ' ' || N == '#' || N == '\\') { // an escaped character
        Word += N;
        ++I;
        continue;
      }
    }
    if (C == '$' && I + 1 < DepFile.size() && DepFile[I + 1] == '$') {
      Word += '$';
      ++I;
      continue;
    }
    if (C == ' ' || C == '\t' || C == '\r') {
      Flush();
      continue;
    }
    if (C == '\n') {
      Flush();
      InTargets = true; // the next line starts another rule
      continue;
    }
    Word += C;
  }
  Flush();
  return Out;
}

std::optional<std::string>
firstForeignRocmHeader(const std::vector<std::string> &Deps,
                       StringRef RocmInclude) {
  // The include/ subdirectories ROCm's HIP and library packages install.
  static constexpr StringRef RocmDirs[] = {
      "hip",       "hipcub",    "hipblas",     "hipblaslt", "hipfft",
      "hipsolver", "hipsparse", "hipsparselt", "hiprand",   "rocrand",
      "rocprim",   "rccl",      "rocwmma",     "hsa",       "amd_comgr"};
  SmallString<256> Root(RocmInclude);
  sys::path::remove_dots(Root, /*remove_dot_dot=*/true);
  for (const std::string &D : Deps) {
    SmallString<256> P(D);
    sys::path::remove_dots(P, /*remove_dot_dot=*/true);
    if (P.starts_with(Root) && P.size() > Root.size() && P[Root.size()] == '/')
      continue;
    for (StringRef Dir : RocmDirs)
      if (StringRef(P).contains(("/include/" + Dir + "/").str()))
        return D;
  }
  return std::nullopt;
}

} // namespace hipwright::verify
