//===- CudaToolkit.cpp - locating the CUDA toolkit ------------------------===//
#include "frontend/CudaToolkit.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <cstdlib>

using namespace llvm;

namespace hipwright {

static bool looksLikeToolkit(StringRef Root) {
  SmallString<256> P(Root);
  sys::path::append(P, "include", "cuda_runtime.h");
  return sys::fs::exists(P);
}

Expected<CudaToolkit> findCudaToolkit(std::optional<std::string> CliPath) {
  std::string Tried;
  auto Consider = [&](StringRef Root,
                      StringRef Origin) -> std::optional<CudaToolkit> {
    if (Root.empty())
      return std::nullopt;
    if (looksLikeToolkit(Root))
      return CudaToolkit{Root.str(), Origin.str()};
    Tried +=
        ("\n  " + Origin + ": " + Root + " (no include/cuda_runtime.h)").str();
    return std::nullopt;
  };

  if (CliPath) {
    // An explicit path that is wrong is an error, not a hint to keep looking.
    if (auto T = Consider(*CliPath, "--cuda-path"))
      return *T;
    return createStringError(inconvertibleErrorCode(),
                             "--cuda-path " + *CliPath +
                                 " is not a CUDA toolkit: " + *CliPath +
                                 "/include/cuda_runtime.h does not exist");
  }
  if (const char *Env = std::getenv("CUDA_PATH"))
    if (auto T = Consider(Env, "$CUDA_PATH"))
      return *T;
  if (auto Nvcc = sys::findProgramByName("nvcc")) {
    SmallString<256> Real;
    if (sys::fs::real_path(*Nvcc, Real))
      Real = *Nvcc;
    // nvcc lives in <root>/bin.
    StringRef Root = sys::path::parent_path(sys::path::parent_path(Real));
    if (auto T = Consider(Root, "nvcc on PATH"))
      return *T;
  }
  if (auto T = Consider("/usr/local/cuda", "default"))
    return *T;
  return createStringError(
      inconvertibleErrorCode(),
      "no CUDA toolkit found; pass --cuda-path DIR or set CUDA_PATH" +
          (Tried.empty() ? std::string() : "; tried:" + Tried));
}

} // namespace hipwright
