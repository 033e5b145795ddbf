//===- Toolchain.cpp - what verify builds and runs with -------------------===//
#include "verify/Toolchain.h"

#include "frontend/CudaToolkit.h"
#include "support/InstallLayout.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <cstdlib>

using namespace llvm;

// System tools the build was configured with (never the source or build
// tree: hipwright's own files are found through InstallLayout).
#ifndef HIPWRIGHT_VERIFY_CLANG
#define HIPWRIGHT_VERIFY_CLANG ""
#endif
#ifndef HIPWRIGHT_VERIFY_LLVM_BIN
#define HIPWRIGHT_VERIFY_LLVM_BIN "/usr/lib/llvm-22/bin"
#endif

namespace hipwright::verify {

static std::optional<std::string> envPath(const char *Name) {
  if (const char *V = std::getenv(Name); V && *V)
    return std::string(V);
  return std::nullopt;
}

static std::optional<std::string> existing(std::optional<std::string> P) {
  if (P && sys::fs::exists(*P))
    return P;
  return std::nullopt;
}

static std::optional<std::string> onPath(StringRef Name) {
  if (auto P = sys::findProgramByName(Name))
    return *P;
  return std::nullopt;
}

Toolchain findToolchain(std::optional<std::string> CudaPath) {
  Toolchain T;
  std::optional<InstallLayout> Layout = currentInstallLayout();

  if (auto N = envPath("HIPWRIGHT_NVCC")) {
    T.Nvcc = existing(N);
  } else if (auto Kit = findCudaToolkit(CudaPath)) {
    T.CudaRoot = Kit->Root;
    SmallString<256> P(Kit->Root);
    sys::path::append(P, "bin", "nvcc");
    T.Nvcc = existing(std::string(P));
  } else {
    consumeError(Kit.takeError());
  }
  if (!T.Nvcc)
    T.Missing += "nvcc not found (set CUDA_PATH or --cuda-path); ";

  T.Clang = existing(envPath("HIPWRIGHT_CLANG"));
  if (!T.Clang)
    T.Clang = existing(std::string(HIPWRIGHT_VERIFY_CLANG));
  if (!T.Clang)
    T.Clang = onPath("clang++-22");
  if (!T.Clang)
    T.Missing += "clang++ 22 not found; ";

  T.LlvmBin = envPath("HIPWRIGHT_LLVM_BIN").value_or(HIPWRIGHT_VERIFY_LLVM_BIN);

  if (Layout)
    T.ShippedInclude = existing(Layout->includeDir());
  T.SimInclude = existing(envPath("HIPWRIGHT_SIM_INCLUDE"));
  if (!T.SimInclude && T.ShippedInclude)
    T.SimInclude = existing(*T.ShippedInclude + "/hipwright/sim");
  T.SimLibrary = existing(envPath("HIPWRIGHT_SIM_LIB"));
  if (!T.SimLibrary && Layout)
    T.SimLibrary = existing(Layout->simLibrary());
  if (!T.SimInclude || !T.SimLibrary)
    T.Missing += "CPU SIMT runtime not found under " +
                 (Layout ? Layout->Prefix : std::string("?")) +
                 " (HIPWRIGHT_SIM_INCLUDE, HIPWRIGHT_SIM_LIB); ";

  T.NvidiaSmi = onPath("nvidia-smi");
  T.Rocminfo = onPath("rocminfo");
  return T;
}

} // namespace hipwright::verify
