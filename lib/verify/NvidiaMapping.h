//===- NvidiaMapping.h - HIP-on-CUDA mapping header ------------*- C++ -*-===//
//
// Generates a header that lets nvcc compile a *ported* (HIP) program for an
// NVIDIA target: every HIP name hipwright's rule tables know becomes its CUDA
// twin, plus a small hand-written part for what the tables cannot say (kernel
// launch macros, HIP's maskless and 64-bit-mask warp intrinsics, platform
// macros). Debian's NVIDIA-platform HIP headers do not build with CUDA 13,
// so the verify matrix's `port-build-nvidia` cell builds through this.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <string>
#include <vector>

namespace hipwright {

/// The HIP-on-CUDA mapping header text, generated from the rule tables.
std::string nvidiaMappingHeader();

/// One HIP include path that must resolve to the mapping header on NVIDIA,
/// and the macro its stand-in header defines before including the mapping
/// header, so the mapping header pulls in that library's CUDA counterpart.
struct NvidiaShim {
  std::string HipHeader; ///< e.g. "hipblas/hipblas.h" or "hipblas.h"
  std::string Macro;     ///< e.g. "HIPWRIGHT_NV_WANT_HIPBLAS_HIPBLAS_H"
};

/// The stand-in headers the mapping header expects; the header also lists
/// them in `// hipwright-nvidia-shim: PATH MACRO` comment lines, which is
/// what the compile check reads (verify/TargetBuilds.h, nvidiaStandIns).
std::vector<NvidiaShim> nvidiaMappingShims();

} // namespace hipwright
