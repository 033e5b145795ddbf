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
  /// LLVM 22 tools: the offload bundle's checks and the device-library
  /// overlay's rewrite.
  std::optional<std::string> LlvmDis, LlvmAs, LlvmLink, LlvmObjcopy,
      OffloadBundler, LlvmReadelf;
  std::string RocmPath;     ///< holds include/hip/hip_runtime.h
  std::string DeviceLibDir; ///< ROCm device libraries (ockl.bc ...)
  std::optional<std::string> Nvcc;
  /// hipwright's shipped headers (hipwright/hip_prelude.h, the compat
  /// overlay), from the install layout.
  std::optional<std::string> ShippedInclude;
};

struct Toolchain;

/// The compile check's tools, from \p T (clang++, nvcc, the LLVM tools'
/// directory, the shipped headers) and the environment:
/// HIPWRIGHT_ROCM_PATH (default /usr), HIPWRIGHT_DEVICE_LIB_DIR (default
/// Debian's amdgcn/bitcode) and HIPWRIGHT_SHIPPED_INCLUDE (default: the
/// install layout's). Each LLVM tool is looked for in T.LlvmBin, then as
/// NAME-22 and NAME on PATH (an unsuffixed one may be an older LLVM).
CompileToolchain compileToolchainFrom(const Toolchain &T);

} // namespace hipwright::verify
