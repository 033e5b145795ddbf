// hipwright/hip_prelude.h - force-included (-include) ahead of a ported HIP
// source when hipwright's compile check builds it with clang's HIP toolchain
// against an older HIP (Debian's HIP 5.2.3).
//
// What it papers over, and why:
//  * clang 22 no longer predefines __AMDGCN_WAVEFRONT_SIZE, but HIP 5.2.3's
//    headers use it (warpSize, hip_runtime.h). We define it from the target:
//    every gfx9 part (gfx942 MI300, gfx950 MI350) runs 64-wide wavefronts.
//  * HIP 5.2.3 has no *_sync warp intrinsics; hipwright/rocm7_compat.h adds
//    them with ROCm 7's rules (64-bit lane masks only).
//  * ROCm 7's warpSize is not a constant expression; HIP 5.2.3's is. Unless
//    HIPWRIGHT_CONSTEXPR_WARPSIZE is defined, this prelude hides the 5.2.3
//    constant and exposes a device-only, non-constexpr warpSize, so a port that
//    sizes arrays or template arguments with warpSize fails here as it would
//    on ROCm 7.
//
// Outside clang's HIP mode for AMD GPUs this header does nothing.
#ifndef HIPWRIGHT_HIP_PRELUDE_H
#define HIPWRIGHT_HIP_PRELUDE_H

#if defined(__HIP__) && defined(__clang__) && !defined(__CUDA__) && \
    !defined(__HIP_PLATFORM_NVIDIA__) && !defined(__HIP_PLATFORM_NVCC__)

#ifndef __AMDGCN_WAVEFRONT_SIZE
#if defined(__AMDGCN_WAVEFRONT_SIZE__)
#define __AMDGCN_WAVEFRONT_SIZE __AMDGCN_WAVEFRONT_SIZE__
#elif !defined(__HIP_DEVICE_COMPILE__) || defined(__GFX9__)
// Host pass: HIP 5.2.3 (and the clang that shipped with it) assumed 64.
// Device pass for gfx9: the hardware wavefront is 64 lanes.
#define __AMDGCN_WAVEFRONT_SIZE 64
#else
// gfx10 and later default to wave32 (unless -mwavefrontsize64, which no
// predefined macro reveals any more).
#define __AMDGCN_WAVEFRONT_SIZE 32
#endif
#endif

// HIP 5.2.3's half-precision header leaves the declaration of its reciprocal
// helpers to clang's libdevice declarations when clang's HIP wrapper is in
// use; clang 22 no longer has them, so hrcp/h2rcp would not compile (this
// breaks every file that includes hip_fp16.h, hipRAND's device API included).
// Provide them, on top of the hardware half reciprocal.
#if defined(__CLANG_HIP_RUNTIME_WRAPPER_INCLUDED__) && \
    __CLANG_HIP_RUNTIME_WRAPPER_INCLUDED__ && !defined(HIPWRIGHT_NO_FP16_SHIMS)
extern "C" {
__device__ inline __attribute__((const)) _Float16
__llvm_amdgcn_rcp_f16(_Float16 x) {
  return __builtin_amdgcn_rcph(x);
}
__device__ inline __2f16 __llvm_amdgcn_rcp_2f16(__2f16 x) {
  return __2f16{__llvm_amdgcn_rcp_f16(x.x), __llvm_amdgcn_rcp_f16(x.y)};
}
}
#endif

#if defined(HIPWRIGHT_CONSTEXPR_WARPSIZE)
#include <hip/hip_runtime.h>
#else
// hipDeviceProp_t has a member called warpSize: declare it before the rename.
#include <hip/hip_runtime_api.h>
#define warpSize hipwright_hip5_constexpr_warp_size
#include <hip/hip_runtime.h>
#undef warpSize

namespace hipwright_detail {
// Converts to the wavefront width of the compiled target, at run time only:
// the same contract as ROCm 7's warpSize (usable in device code, never in a
// constant expression).
struct runtime_wave_width {
  __device__ operator int() const { return __builtin_amdgcn_wavefrontsize(); }
};
} // namespace hipwright_detail
static constexpr hipwright_detail::runtime_wave_width warpSize{};
#endif

#include "hipwright/rocm7_compat.h"

#endif // clang HIP mode for AMD
#endif // HIPWRIGHT_HIP_PRELUDE_H
