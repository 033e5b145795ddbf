//===- CompileToolchain.h - the tools the compile check runs ----*- C++ -*-===//
//
// Found once, before anything is compiled. A tool that is not found stays
// empty; the check then reports which one was missing rather than failing
// on the first compile.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <optional>
#include <string>

namespace hipwright::verify {

struct CompileToolchain {
  std::optional<std::string> Clang; ///< clang++ 22 (HIP)
  /// LLVM 22 tools: the offload bundle's checks.
  std::optional<std::string> LlvmObjcopy, OffloadBundler, LlvmReadelf;
  /// The ROCm root (support/RocmPrefix.h): include/hip/hip_runtime.h,
  /// amdgcn/bitcode; empty when no ROCm was found.
  std::string RocmPath;
  std::string RocmRelease;  ///< "7.2.4"
  std::string DeviceLibDir; ///< ROCm device libraries (ockl.bc ...)
  std::optional<std::string> Nvcc;
  /// hipwright's shipped headers (the CPU runtime's; the NVIDIA builds
  /// put them on the include path), from the install layout.
  std::optional<std::string> ShippedInclude;
};

struct Toolchain;

/// The compile check's tools, from \p T (clang++, nvcc, the LLVM tools'
/// directory, the shipped headers), the ROCm findRocm() names and the
/// environment: HIPWRIGHT_DEVICE_LIB_DIR (default: the ROCm root's
/// amdgcn/bitcode) and HIPWRIGHT_SHIPPED_INCLUDE (default: the install
/// layout's). Each LLVM tool is looked for in T.LlvmBin, then as
/// NAME-22 and NAME on PATH (an unsuffixed one may be an older LLVM).
CompileToolchain compileToolchainFrom(const Toolchain &T);

} // namespace hipwright::verify
