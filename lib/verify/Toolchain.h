//===- Toolchain.h - what verify builds and runs with -----------*- C++ -*-===//
//
// Every tool verify needs, found once up front. A missing tool is not an
// error: the cells that need it say "not run" and name what was missing.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <optional>
#include <string>

namespace hipwright::verify {

struct Toolchain {
  std::optional<std::string> Nvcc;           ///< CUDA toolkit's nvcc
  std::optional<std::string> CudaRoot;       ///< for -lcudart paths etc.
  std::optional<std::string> Clang;          ///< clang++ 22 (HIP and host C++)
  std::string LlvmBin;                       ///< LLVM tools (compile check)
  std::optional<std::string> ShippedInclude; ///< include/ (hipwright/*.h)
  std::optional<std::string> SimInclude;     ///< include/hipwright/sim
  std::optional<std::string> SimLibrary;     ///< libhipwright_simrt.a
  std::optional<std::string> NvidiaSmi;      ///< when present on PATH
  std::optional<std::string> Rocminfo;       ///< when present on PATH
  std::string Missing;                       ///< why a lookup failed, per tool
};

/// Looks everything up. Environment overrides (for packagers and tests):
/// HIPWRIGHT_NVCC, HIPWRIGHT_CLANG,
/// HIPWRIGHT_SIM_INCLUDE, HIPWRIGHT_SIM_LIB, HIPWRIGHT_LLVM_BIN.
Toolchain findToolchain(std::optional<std::string> CudaPath);

} // namespace hipwright::verify
