// hipwright/rocm7_compat.h - ROCm 7 style warp-synchronous intrinsics for
// HIP releases that predate them (Debian ships HIP 5.2.3).
//
// ROCm 7's HIP offers CUDA's *_sync warp intrinsics, but with one deliberate
// difference: the lane mask must be a 64-bit integer. Passing a 32-bit mask
// (0xffffffff, an unsigned, a uint32_t) is rejected at compile time, because
// on a 64-wide wavefront such a mask silently names only lanes 0..31. This
// header gives older HIP the same surface and the same rule, so a port that
// compiles here compiles against ROCm 7, and a port that keeps a 32-bit mask
// fails here too.
//
// Provided (device code, HIP on AMD only):
//   __activemask, __syncwarp, __ballot_sync, __any_sync, __all_sync,
//   __shfl_sync, __shfl_up_sync, __shfl_down_sync, __shfl_xor_sync,
//   __match_any_sync, __match_all_sync,
//   __reduce_add_sync, __reduce_min_sync, __reduce_max_sync (int, unsigned),
//   __reduce_and_sync, __reduce_or_sync, __reduce_xor_sync (unsigned).
// and, on HIP older than 6, the host functions hipDrvGetErrorName and
// hipDrvGetErrorString; on HIP older than 5.3, hiprtcGetBitcode and
// hiprtcGetBitcodeSize (declarations); on HIP older than 7.1, hipMemAdvise_v2,
// hipMemPrefetchAsync_v2 and hipMemLocationTypeHost. What hipRAND 2.11
// (ROCm 6.2) adds is in compat-overlay/hiprand/, headers that stand in front
// of hipRAND's own and are read only where a file includes hipRAND.
//
// Semantics: the mask is taken to be the same in every participating lane
// (as CUDA requires) and every lane it names must reach the call. Define
// HIPWRIGHT_CHECK_WARP_MASKS to trap when a lane calls with a mask that does
// not include itself. On a wave32 target the upper 32 mask bits are ignored.
//
// With HIP 6.2 or newer the real intrinsics exist and this header adds
// nothing. Define HIPWRIGHT_NO_WARP_SYNC_COMPAT to switch it off entirely.
#ifndef HIPWRIGHT_ROCM7_COMPAT_H
#define HIPWRIGHT_ROCM7_COMPAT_H

#if defined(__HIP__) && defined(__clang__) && !defined(__CUDA__)

#if !defined(__AMDGCN_WAVEFRONT_SIZE) && !defined(__HIP_DEVICE_COMPILE__)
#define __AMDGCN_WAVEFRONT_SIZE 64
#elif !defined(__AMDGCN_WAVEFRONT_SIZE) && defined(__GFX9__)
#define __AMDGCN_WAVEFRONT_SIZE 64
#endif

#include <hip/hip_runtime.h>
#include <type_traits>

#if defined(__HIP_PLATFORM_AMD__) &&                                           \
    !defined(HIPWRIGHT_NO_WARP_SYNC_COMPAT) &&                                 \
    (HIP_VERSION_MAJOR < 6 ||                                                  \
     (HIP_VERSION_MAJOR == 6 && HIP_VERSION_MINOR < 2))

#define HIPWRIGHT_PROVIDES_WARP_SYNC 1

namespace hipwright_detail {

// ROCm 7's acceptance rule for a lane mask: an integer type exactly 64 bits
// wide. Anything narrower would be promoted and lose lanes 32..63.
template <typename Mask>
inline constexpr bool is_wave_mask_v =
    std::is_integral_v<Mask> && sizeof(Mask) == 8;

#define HIPWRIGHT_REQUIRE_WAVE_MASK(MaskType)                                  \
  static_assert(::hipwright_detail::is_wave_mask_v<MaskType>,                  \
                "hipwright/rocm7_compat.h: the lane mask must be a 64-bit "    \
                "integer (ROCm 7 rule). A 32-bit mask such as 0xffffffff "     \
                "names only lanes 0-31 of a 64-wide wavefront; use "           \
                "0xffffffffffffffffull, __activemask() or a uint64_t mask")

__device__ inline int wave_width() { return __builtin_amdgcn_wavefrontsize(); }

__device__ inline unsigned long long all_lanes() {
  return wave_width() == 64 ? ~0ull : 0xffffffffull;
}

// Narrows the mask to the lanes that exist and optionally checks that the
// calling lane is one of them.
__device__ inline unsigned long long effective_mask(unsigned long long mask) {
  mask &= all_lanes();
#if defined(HIPWRIGHT_CHECK_WARP_MASKS)
  if (((mask >> __lane_id()) & 1ull) == 0)
    __builtin_trap();
#endif
  return mask;
}

__device__ inline void wave_fence_barrier() {
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "wavefront");
  __builtin_amdgcn_wave_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "wavefront");
}

// Folds `value` across the lanes named in `lanes` with `combine`; every lane
// in `lanes` gets the same result. A full wavefront uses a butterfly; other
// masks walk the named lanes one by one (each step is a wave-uniform shuffle,
// so lanes outside the mask merely observe).
template <typename T, typename Combine>
__device__ inline T fold_lanes(unsigned long long lanes, T value,
                               Combine combine) {
  const int width = wave_width();
  if (lanes == all_lanes()) {
    T acc = value;
    for (int stride = width / 2; stride > 0; stride /= 2)
      acc = combine(acc, __shfl_xor(acc, stride, width));
    return acc;
  }
  bool have = false;
  T acc = value;
  for (int lane = 0; lane < width; ++lane) {
    if (((lanes >> lane) & 1ull) == 0)
      continue;
    T other = __shfl(value, lane, width);
    acc = have ? combine(acc, other) : other;
    have = true;
  }
  return acc;
}

} // namespace hipwright_detail

// ---- membership and barriers ----------------------------------------------

__device__ inline unsigned long long __activemask() { return __ballot(1); }

__device__ inline void __syncwarp() { hipwright_detail::wave_fence_barrier(); }

template <typename MaskT> __device__ inline void __syncwarp(MaskT mask) {
  HIPWRIGHT_REQUIRE_WAVE_MASK(MaskT);
  (void)hipwright_detail::effective_mask(static_cast<unsigned long long>(mask));
  hipwright_detail::wave_fence_barrier();
}

// ---- votes ------------------------------------------------------------------

template <typename MaskT>
__device__ inline unsigned long long __ballot_sync(MaskT mask, int predicate) {
  HIPWRIGHT_REQUIRE_WAVE_MASK(MaskT);
  const unsigned long long lanes =
      hipwright_detail::effective_mask(static_cast<unsigned long long>(mask));
  return static_cast<unsigned long long>(__ballot(predicate)) & lanes;
}

template <typename MaskT>
__device__ inline int __any_sync(MaskT mask, int predicate) {
  HIPWRIGHT_REQUIRE_WAVE_MASK(MaskT);
  return __ballot_sync(mask, predicate) != 0ull;
}

template <typename MaskT>
__device__ inline int __all_sync(MaskT mask, int predicate) {
  HIPWRIGHT_REQUIRE_WAVE_MASK(MaskT);
  const unsigned long long lanes =
      hipwright_detail::effective_mask(static_cast<unsigned long long>(mask));
  return (static_cast<unsigned long long>(__ballot(predicate)) & lanes) ==
         lanes;
}

// ---- shuffles ---------------------------------------------------------------
// The mask only states who takes part; the data movement is HIP's __shfl*.

template <typename MaskT, typename T>
__device__ inline T __shfl_sync(MaskT mask, T var, int srcLane,
                                int width = __builtin_amdgcn_wavefrontsize()) {
  HIPWRIGHT_REQUIRE_WAVE_MASK(MaskT);
  (void)hipwright_detail::effective_mask(static_cast<unsigned long long>(mask));
  return __shfl(var, srcLane, width);
}

template <typename MaskT, typename T>
__device__ inline T
__shfl_up_sync(MaskT mask, T var, unsigned int delta,
               int width = __builtin_amdgcn_wavefrontsize()) {
  HIPWRIGHT_REQUIRE_WAVE_MASK(MaskT);
  (void)hipwright_detail::effective_mask(static_cast<unsigned long long>(mask));
  return __shfl_up(var, delta, width);
}

template <typename MaskT, typename T>
__device__ inline T
__shfl_down_sync(MaskT mask, T var, unsigned int delta,
                 int width = __builtin_amdgcn_wavefrontsize()) {
  HIPWRIGHT_REQUIRE_WAVE_MASK(MaskT);
  (void)hipwright_detail::effective_mask(static_cast<unsigned long long>(mask));
  return __shfl_down(var, delta, width);
}

template <typename MaskT, typename T>
__device__ inline T
__shfl_xor_sync(MaskT mask, T var, int laneMask,
                int width = __builtin_amdgcn_wavefrontsize()) {
  HIPWRIGHT_REQUIRE_WAVE_MASK(MaskT);
  (void)hipwright_detail::effective_mask(static_cast<unsigned long long>(mask));
  return __shfl_xor(var, laneMask, width);
}

// ---- matching ---------------------------------------------------------------

template <typename MaskT, typename T>
__device__ inline unsigned long long __match_any_sync(MaskT mask, T value) {
  HIPWRIGHT_REQUIRE_WAVE_MASK(MaskT);
  static_assert((std::is_integral_v<T> || std::is_floating_point_v<T>) &&
                    (sizeof(T) == 4 || sizeof(T) == 8),
                "__match_any_sync: the value must be a 32- or 64-bit integer "
                "or floating-point number");
  const unsigned long long lanes =
      hipwright_detail::effective_mask(static_cast<unsigned long long>(mask));
  const int width = hipwright_detail::wave_width();
  unsigned long long same = 0ull;
  for (int lane = 0; lane < width; ++lane) {
    if (((lanes >> lane) & 1ull) == 0)
      continue;
    if (__shfl(value, lane, width) == value)
      same |= 1ull << lane;
  }
  return same;
}

template <typename MaskT, typename T>
__device__ inline unsigned long long __match_all_sync(MaskT mask, T value,
                                                      int *pred) {
  HIPWRIGHT_REQUIRE_WAVE_MASK(MaskT);
  static_assert((std::is_integral_v<T> || std::is_floating_point_v<T>) &&
                    (sizeof(T) == 4 || sizeof(T) == 8),
                "__match_all_sync: the value must be a 32- or 64-bit integer "
                "or floating-point number");
  const unsigned long long lanes =
      hipwright_detail::effective_mask(static_cast<unsigned long long>(mask));
  if (lanes == 0ull) {
    *pred = 0;
    return 0ull;
  }
  const int first = __builtin_ctzll(lanes);
  const T reference = __shfl(value, first, hipwright_detail::wave_width());
  const unsigned long long agree =
      static_cast<unsigned long long>(__ballot(value == reference)) & lanes;
  *pred = agree == lanes;
  return agree == lanes ? lanes : 0ull;
}

// ---- reductions -------------------------------------------------------------

#define HIPWRIGHT_DEFINE_REDUCE_SYNC(Name, Type, Expr)                         \
  template <typename MaskT>                                                    \
  __device__ inline Type Name(MaskT mask, Type value) {                        \
    HIPWRIGHT_REQUIRE_WAVE_MASK(MaskT);                                        \
    const unsigned long long lanes = hipwright_detail::effective_mask(         \
        static_cast<unsigned long long>(mask));                                \
    return hipwright_detail::fold_lanes(lanes, value,                          \
                                        [](Type a, Type b) { return Expr; });  \
  }

HIPWRIGHT_DEFINE_REDUCE_SYNC(__reduce_add_sync, int, a + b)
HIPWRIGHT_DEFINE_REDUCE_SYNC(__reduce_add_sync, unsigned int, a + b)
// clang-format reads `a & b` below as a reference declarator.
// clang-format off
HIPWRIGHT_DEFINE_REDUCE_SYNC(__reduce_min_sync, int, b < a ? b : a)
HIPWRIGHT_DEFINE_REDUCE_SYNC(__reduce_min_sync, unsigned int, b < a ? b : a)
HIPWRIGHT_DEFINE_REDUCE_SYNC(__reduce_max_sync, int, a < b ? b : a)
HIPWRIGHT_DEFINE_REDUCE_SYNC(__reduce_max_sync, unsigned int, a < b ? b : a)
HIPWRIGHT_DEFINE_REDUCE_SYNC(__reduce_and_sync, unsigned int, a & b)
HIPWRIGHT_DEFINE_REDUCE_SYNC(__reduce_or_sync, unsigned int, a | b)
HIPWRIGHT_DEFINE_REDUCE_SYNC(__reduce_xor_sync, unsigned int, a ^ b)
// clang-format on

#undef HIPWRIGHT_DEFINE_REDUCE_SYNC

#endif // HIP older than 6.2 on AMD

// ---- host API that later HIP releases added ---------------------------------
// The driver-API error queries cuGetErrorName / cuGetErrorString translate to
// hipDrvGetErrorName / hipDrvGetErrorString, which HIP 5.2.3 lacks. HIP's
// driver and runtime share one error enum, so the runtime queries give the
// same text.
#if defined(__HIP_PLATFORM_AMD__) && defined(HIP_VERSION_MAJOR) &&             \
    HIP_VERSION_MAJOR < 6 && !defined(HIPWRIGHT_NO_HOST_API_COMPAT)
inline hipError_t hipDrvGetErrorName(hipError_t error, const char **name) {
  if (!name)
    return hipErrorInvalidValue;
  *name = hipGetErrorName(error);
  return hipSuccess;
}
inline hipError_t hipDrvGetErrorString(hipError_t error, const char **text) {
  if (!text)
    return hipErrorInvalidValue;
  *text = hipGetErrorString(error);
  return hipSuccess;
}
#endif

// Host API that ROCm 5.3 - 5.5 added and hipwright translates to (graph
// memory nodes, hipDeviceSetLimit) and a device attribute ROCm 6 added.
// These are declarations only: a port compiles against HIP 5.2.3's headers
// with them, and links against the ROCm release that has them.
#if defined(__HIP_PLATFORM_AMD__) && defined(HIP_VERSION_MAJOR) &&             \
    HIP_VERSION_MAJOR == 5 && HIP_VERSION_MINOR < 3 &&                         \
    !defined(HIPWRIGHT_NO_HOST_API_COMPAT)
typedef enum hipGraphMemAttributeType {
  hipGraphMemAttrUsedMemCurrent = 0,
  hipGraphMemAttrUsedMemHigh,
  hipGraphMemAttrReservedMemCurrent,
  hipGraphMemAttrReservedMemHigh,
} hipGraphMemAttributeType;
typedef struct hipMemAllocNodeParams {
  hipMemPoolProps poolProps;
  const hipMemAccessDesc *accessDescs;
  size_t accessDescCount;
  size_t bytesize;
  void *dptr;
} hipMemAllocNodeParams;
extern "C" {
hipError_t hipDeviceSetLimit(enum hipLimit_t limit, size_t value);
hipError_t hipGraphAddMemAllocNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
                                   const hipGraphNode_t *pDependencies,
                                   size_t numDependencies,
                                   hipMemAllocNodeParams *pNodeParams);
hipError_t hipGraphMemAllocNodeGetParams(hipGraphNode_t node,
                                         hipMemAllocNodeParams *pNodeParams);
hipError_t hipGraphAddMemFreeNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
                                  const hipGraphNode_t *pDependencies,
                                  size_t numDependencies, void *dev_ptr);
hipError_t hipGraphMemFreeNodeGetParams(hipGraphNode_t node, void *dev_ptr);
hipError_t hipDeviceGetGraphMemAttribute(int device,
                                         hipGraphMemAttributeType attr,
                                         void *value);
hipError_t hipDeviceSetGraphMemAttribute(int device,
                                         hipGraphMemAttributeType attr,
                                         void *value);
hipError_t hipDeviceGraphMemTrim(int device);
}
#endif
// hiprtcGetBitcode / hiprtcGetBitcodeSize (ROCm 5.3), what nvrtcGetCUBIN /
// nvrtcGetCUBINSize translate to. Their declarations need hiprtc.h's types,
// and the prelude that includes this header comes before the file's own
// includes, so hiprtc.h is included here (it declares nothing but hiprtc).
#if defined(__HIP_PLATFORM_AMD__) && defined(HIP_VERSION_MAJOR) &&             \
    HIP_VERSION_MAJOR == 5 && HIP_VERSION_MINOR < 3 &&                         \
    !defined(HIPWRIGHT_NO_HOST_API_COMPAT) && __has_include(<hip/hiprtc.h>)
#include <hip/hiprtc.h>
extern "C" {
hiprtcResult hiprtcGetBitcode(hiprtcProgram prog, char *bitcode);
hiprtcResult hiprtcGetBitcodeSize(hiprtcProgram prog, size_t *bitcodeSizeRet);
}
#endif
#if defined(__HIP_PLATFORM_AMD__) && defined(HIP_VERSION_MAJOR) &&             \
    HIP_VERSION_MAJOR < 6 && !defined(HIPWRIGHT_NO_HOST_API_COMPAT)
// ROCm 6 numbers them right after hipDeviceAttributeMemoryPoolsSupported,
// where 5.2.3's enum would go on (its CUDA-compatible range runs to 9999).
inline constexpr hipDeviceAttribute_t
    hipDeviceAttributeVirtualMemoryManagementSupported =
        static_cast<hipDeviceAttribute_t>(
            hipDeviceAttributeMemoryPoolsSupported + 1);
inline constexpr hipDeviceAttribute_t hipDeviceAttributeHostRegisterSupported =
    static_cast<hipDeviceAttribute_t>(hipDeviceAttributeMemoryPoolsSupported +
                                      2);
inline constexpr hipDeviceAttribute_t
    hipDeviceAttributeMemoryPoolSupportedHandleTypes =
        static_cast<hipDeviceAttribute_t>(
            hipDeviceAttributeMemoryPoolsSupported + 3);
#endif

// CUDA 13's cudaMemAdvise and cudaMemPrefetchAsync take a cudaMemLocation;
// hipwright translates them to ROCm 7.1's hipMemAdvise_v2 and
// hipMemPrefetchAsync_v2, which take a hipMemLocation, and
// cudaMemLocationTypeHost to hipMemLocationTypeHost (also 7.1). Older HIP
// has the classic calls, which take a device ordinal (hipCpuDeviceId for the
// host): the _v2 calls are built on them.
#if defined(__HIP_PLATFORM_AMD__) && defined(HIP_VERSION_MAJOR) &&             \
    (HIP_VERSION_MAJOR < 7 ||                                                  \
     (HIP_VERSION_MAJOR == 7 && HIP_VERSION_MINOR < 1)) &&                     \
    !defined(HIPWRIGHT_NO_HOST_API_COMPAT)
// ROCm 7.1's value. HIP 5.2.3's enum only spans 0 and 1, so this is not a
// constant expression here (clang stores the int as is: no -fstrict-enums);
// it lets a port compile and run its host path on older HIP.
inline const hipMemLocationType hipMemLocationTypeHost =
    static_cast<hipMemLocationType>(2);
namespace hipwright_detail {
inline bool device_ordinal(const hipMemLocation &location, int &device) {
  if (location.type == hipMemLocationTypeDevice) {
    device = location.id;
    return true;
  }
  if (location.type == hipMemLocationTypeHost) {
    device = hipCpuDeviceId;
    return true;
  }
  return false; // NUMA locations: no ordinal says that
}
} // namespace hipwright_detail
inline hipError_t hipMemAdvise_v2(const void *dev_ptr, size_t count,
                                  hipMemoryAdvise advice,
                                  hipMemLocation location) {
  int device = 0;
  if (!hipwright_detail::device_ordinal(location, device))
    return hipErrorInvalidValue;
  return hipMemAdvise(dev_ptr, count, advice, device);
}
inline hipError_t hipMemPrefetchAsync_v2(const void *dev_ptr, size_t count,
                                         hipMemLocation location,
                                         unsigned int flags,
                                         hipStream_t stream = nullptr) {
  int device = 0;
  if (flags != 0 || !hipwright_detail::device_ordinal(location, device))
    return hipErrorInvalidValue; // ROCm 7.1 accepts no flags either
  return hipMemPrefetchAsync(dev_ptr, count, device, stream);
}
#endif
#endif // clang HIP mode
#endif // HIPWRIGHT_ROCM7_COMPAT_H
