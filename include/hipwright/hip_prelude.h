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
//  * HIP 5.2.3's threadIdx/blockIdx/blockDim/gridDim members convert to
//    unsigned; ROCm 7's are unsigned (min(n, blockDim.x) is ambiguous only on
//    5.2.3). ROCm 7-style ones replace them.
//  * HIP 5.2.3's hipDeviceProp_t lacks the members ROCm 6 added (uuid,
//    unifiedAddressing, asyncEngineCount, ...); an extended one replaces it.
//  * HIP 5.2.3's atomicInc/atomicDec call LLVM intrinsics that LLVM 22
//    removed; they are replaced by clang's __builtin_amdgcn_atomic_{inc,dec}32.
//  * ROCm 7's warpSize is not a constant expression; HIP 5.2.3's is. Unless
//    HIPWRIGHT_CONSTEXPR_WARPSIZE is defined, this prelude hides the 5.2.3
//    constant and exposes a device-only, non-constexpr warpSize, so a port that
//    sizes arrays or template arguments with warpSize fails here as it would
//    on ROCm 7.
//
// Outside clang's HIP mode for AMD GPUs this header does nothing.
#ifndef HIPWRIGHT_HIP_PRELUDE_H
#define HIPWRIGHT_HIP_PRELUDE_H

#if defined(__HIP__) && defined(__clang__) && !defined(__CUDA__) &&            \
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
#if defined(__CLANG_HIP_RUNTIME_WRAPPER_INCLUDED__) &&                         \
    __CLANG_HIP_RUNTIME_WRAPPER_INCLUDED__ &&                                  \
    !defined(HIPWRIGHT_NO_FP16_SHIMS)
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

// ROCm 6 widened hipDeviceProp_t to CUDA's cudaDeviceProp (uuid,
// unifiedAddressing, asyncEngineCount, the layered texture limits, ...);
// HIP 5.2.3's lacks those members. Its struct is renamed out of the way and
// extended below; hipGetDeviceProperties fills the new members from what
// 5.2.3 can tell (hipDeviceGetAttribute, hipDeviceGetUuid), zero otherwise.
#include <hip/hip_version.h>
#include <type_traits>
#if defined(HIP_VERSION_MAJOR) && HIP_VERSION_MAJOR < 6 &&                     \
    !defined(HIPWRIGHT_NO_HOST_API_COMPAT)
#define HIPWRIGHT_EXTENDS_DEVICE_PROP 1
#define hipDeviceProp_t hipwright_hip5_hipDeviceProp_t
#endif

// The API header first: its structs have members called warpSize,
// blockDim and gridDim (hipDeviceProp_t, hipKernelNodeParams,
// hipLaunchParams), which the renames below must not reach.
#include <hip/hip_runtime_api.h>

// HIP 5.2.3 implements atomicInc/atomicDec by calling the intrinsics
// llvm.amdgcn.atomic.{inc,dec}.i32.p0i32 through asm labels; LLVM 22 has no
// such intrinsics any more (atomicrmw uinc_wrap/udec_wrap replaced them), so
// the device link fails with an undefined symbol. HIP's own versions are
// renamed out of the way here and replaced below by clang's builtins, with
// the same semantics (relaxed, device scope).
#define atomicInc hipwright_hip5_atomicInc
#define atomicDec hipwright_hip5_atomicDec

// HIP 5.2.3's threadIdx, blockIdx, blockDim and gridDim are objects whose
// x/y/z members convert to unsigned int; ROCm 7's members are unsigned int
// (MS properties). The difference shows in overload resolution:
// min(n, blockDim.x) with an unsigned n is ambiguous on 5.2.3 and fine on
// ROCm 7. The 5.2.3 objects are renamed out of the way while hip_runtime.h
// is read; ROCm 7-style ones are declared below.
#define threadIdx hipwright_hip5_threadIdx
#define blockIdx hipwright_hip5_blockIdx
#define blockDim hipwright_hip5_blockDim
#define gridDim hipwright_hip5_gridDim

#if defined(HIPWRIGHT_CONSTEXPR_WARPSIZE)
#include <hip/hip_runtime.h>
#else
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

#undef threadIdx
#undef blockIdx
#undef blockDim
#undef gridDim
namespace hipwright_detail {
#define HIPWRIGHT_BUILTIN_COORDINATES(Name, Query)                             \
  struct Name {                                                                \
    __declspec(property(get = get_x)) unsigned int x;                          \
    __declspec(property(get = get_y)) unsigned int y;                          \
    __declspec(property(get = get_z)) unsigned int z;                          \
    static __device__ unsigned int get_x() { return Query(0); }                \
    static __device__ unsigned int get_y() { return Query(1); }                \
    static __device__ unsigned int get_z() { return Query(2); }                \
    __device__ operator dim3() const { return dim3(x, y, z); }                 \
  };
HIPWRIGHT_BUILTIN_COORDINATES(thread_idx, __ockl_get_local_id)
HIPWRIGHT_BUILTIN_COORDINATES(block_idx, __ockl_get_group_id)
HIPWRIGHT_BUILTIN_COORDINATES(block_dim, __ockl_get_local_size)
HIPWRIGHT_BUILTIN_COORDINATES(grid_dim, __ockl_get_num_groups)
#undef HIPWRIGHT_BUILTIN_COORDINATES
} // namespace hipwright_detail
extern const __device__
    __attribute__((weak)) hipwright_detail::thread_idx threadIdx;
extern const __device__
    __attribute__((weak)) hipwright_detail::block_idx blockIdx;
extern const __device__
    __attribute__((weak)) hipwright_detail::block_dim blockDim;
extern const __device__
    __attribute__((weak)) hipwright_detail::grid_dim gridDim;

#if defined(HIPWRIGHT_EXTENDS_DEVICE_PROP)
#undef hipDeviceProp_t
struct hipDeviceProp_t : hipwright_hip5_hipDeviceProp_t {
  hipUUID uuid;
  char luid[8];
  unsigned int luidDeviceNodeMask;
  int deviceOverlap;
  int maxTexture1DMipmap;
  int maxTexture2DMipmap[2];
  int maxTexture2DLinear[3];
  int maxTexture2DGather[2];
  int maxTexture3DAlt[3];
  int maxTextureCubemap;
  int maxTexture1DLayered[2];
  int maxTexture2DLayered[3];
  int maxTextureCubemapLayered[2];
  int maxSurface1D;
  int maxSurface2D[2];
  int maxSurface3D[3];
  int maxSurface1DLayered[2];
  int maxSurface2DLayered[3];
  int maxSurfaceCubemap;
  int maxSurfaceCubemapLayered[2];
  size_t surfaceAlignment;
  int asyncEngineCount;
  int unifiedAddressing;
  int persistingL2CacheMaxSize;
  int streamPrioritiesSupported;
  int globalL1CacheSupported;
  int localL1CacheSupported;
  size_t sharedMemPerMultiprocessor;
  int regsPerMultiprocessor;
  int multiGpuBoardGroupID;
  int hostNativeAtomicSupported;
  int singleToDoublePrecisionPerfRatio;
  int computePreemptionSupported;
  int canUseHostPointerForRegisteredMem;
  size_t sharedMemPerBlockOptin;
  int maxBlocksPerMultiProcessor;
  int accessPolicyMaxWindowSize;
  size_t reservedSharedMemPerBlock;
  int hostRegisterSupported;
  int sparseHipArraySupported;
  int hostRegisterReadOnlySupported;
  int timelineSemaphoreInteropSupported;
  int memoryPoolsSupported;
  int gpuDirectRDMASupported;
  unsigned int gpuDirectRDMAFlushWritesOptions;
  int gpuDirectRDMAWritesOrdering;
  unsigned int memoryPoolSupportedHandleTypes;
  int deferredMappingHipArraySupported;
  int ipcEventSupported;
  int clusterLaunch;
  int unifiedFunctionPointers;
};

inline hipError_t hipGetDeviceProperties(hipDeviceProp_t *prop, int device) {
  if (!prop)
    return hipErrorInvalidValue;
  *prop = hipDeviceProp_t{};
  hipError_t status = hipGetDeviceProperties(
      static_cast<hipwright_hip5_hipDeviceProp_t *>(prop), device);
  if (status != hipSuccess)
    return status;
  (void)hipDeviceGetUuid(&prop->uuid, device);
  // Each member 5.2.3 can query; a query it refuses leaves the member 0.
  auto query = [device](hipDeviceAttribute_t attribute, auto &member) {
    int value = 0;
    if (hipDeviceGetAttribute(&value, attribute, device) == hipSuccess)
      member = static_cast<std::remove_reference_t<decltype(member)>>(value);
  };
  query(hipDeviceAttributeDeviceOverlap, prop->deviceOverlap);
  query(hipDeviceAttributeMaxTexture1DMipmap, prop->maxTexture1DMipmap);
  query(hipDeviceAttributeMaxTextureCubemap, prop->maxTextureCubemap);
  query(hipDeviceAttributeMaxSurface1D, prop->maxSurface1D);
  query(hipDeviceAttributeMaxSurfaceCubemap, prop->maxSurfaceCubemap);
  query(hipDeviceAttributeSurfaceAlignment, prop->surfaceAlignment);
  query(hipDeviceAttributeAsyncEngineCount, prop->asyncEngineCount);
  query(hipDeviceAttributeUnifiedAddressing, prop->unifiedAddressing);
  query(hipDeviceAttributePersistingL2CacheMaxSize,
        prop->persistingL2CacheMaxSize);
  query(hipDeviceAttributeStreamPrioritiesSupported,
        prop->streamPrioritiesSupported);
  query(hipDeviceAttributeGlobalL1CacheSupported, prop->globalL1CacheSupported);
  query(hipDeviceAttributeLocalL1CacheSupported, prop->localL1CacheSupported);
  query(hipDeviceAttributeSharedMemPerMultiprocessor,
        prop->sharedMemPerMultiprocessor);
  query(hipDeviceAttributeMaxRegistersPerMultiprocessor,
        prop->regsPerMultiprocessor);
  query(hipDeviceAttributeMultiGpuBoardGroupID, prop->multiGpuBoardGroupID);
  query(hipDeviceAttributeHostNativeAtomicSupported,
        prop->hostNativeAtomicSupported);
  query(hipDeviceAttributeSingleToDoublePrecisionPerfRatio,
        prop->singleToDoublePrecisionPerfRatio);
  query(hipDeviceAttributeComputePreemptionSupported,
        prop->computePreemptionSupported);
  query(hipDeviceAttributeCanUseHostPointerForRegisteredMem,
        prop->canUseHostPointerForRegisteredMem);
  query(hipDeviceAttributeSharedMemPerBlockOptin, prop->sharedMemPerBlockOptin);
  query(hipDeviceAttributeMaxBlocksPerMultiProcessor,
        prop->maxBlocksPerMultiProcessor);
  query(hipDeviceAttributeAccessPolicyMaxWindowSize,
        prop->accessPolicyMaxWindowSize);
  query(hipDeviceAttributeReservedSharedMemPerBlock,
        prop->reservedSharedMemPerBlock);
  query(hipDeviceAttributeMemoryPoolsSupported, prop->memoryPoolsSupported);
  return hipSuccess;
}
#endif

#undef atomicInc
#undef atomicDec
__device__ inline unsigned int atomicInc(unsigned int *address,
                                         unsigned int val) {
  return __builtin_amdgcn_atomic_inc32(address, val, __ATOMIC_RELAXED, "agent");
}
__device__ inline unsigned int atomicDec(unsigned int *address,
                                         unsigned int val) {
  return __builtin_amdgcn_atomic_dec32(address, val, __ATOMIC_RELAXED, "agent");
}

#include "hipwright/rocm7_compat.h"

#endif // clang HIP mode for AMD
#endif // HIPWRIGHT_HIP_PRELUDE_H
