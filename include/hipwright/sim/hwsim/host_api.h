//===- hwsim/host_api.h - the CUDA and HIP runtime API on the CPU ---------===//
//
// The host API subset a test program needs, in both spellings: cuda* and
// hip*. There is one simulated device (device 0): device memory is host
// memory, kernels launched through the lowering run synchronously, and so
// do streams and events.
//
// Errors: CUDA's cudaError_t and HIP's hipError_t are distinct enums with
// each vendor's numbering (the common codes agree, e.g. both report an
// out-of-memory as 2, but the names differ: cudaErrorMemoryAllocation vs
// hipErrorOutOfMemory). The runtime keeps one internal status per failure
// and converts it to whichever spelling the caller used, so there is one
// last-error slot (per host thread, as in CUDA) and one allocation table,
// whichever API a program mixes. A failing call records its error as the
// last error; cudaGetLastError/hipGetLastError return and clear it.
//
// Each entry point is one line of a list (host_api_list.def): the cuda* and
// hip* declarations below and the definitions in lib/sim/runtime are made
// from it, so the two spellings cannot drift apart.
//
//===----------------------------------------------------------------------===//
#ifndef HIPWRIGHT_SIM_HWSIM_HOST_API_H
#define HIPWRIGHT_SIM_HWSIM_HOST_API_H

#include "core.h"
#include "dim3.h"

#include <cstddef>
#include <type_traits>
#include <utility>

// ---- error codes ------------------------------------------------------------

enum cudaError {
  cudaSuccess = 0,
  cudaErrorInvalidValue = 1,
  cudaErrorMemoryAllocation = 2,
  cudaErrorInitializationError = 3,
  cudaErrorCudartUnloading = 4,
  cudaErrorInvalidConfiguration = 9,
  cudaErrorInvalidPitchValue = 12,
  cudaErrorInvalidSymbol = 13,
  cudaErrorInvalidHostPointer = 16,
  cudaErrorInvalidDevicePointer = 17,
  cudaErrorInvalidMemcpyDirection = 21,
  cudaErrorInsufficientDriver = 35,
  cudaErrorMissingConfiguration = 52,
  cudaErrorInvalidDeviceFunction = 98,
  cudaErrorNoDevice = 100,
  cudaErrorInvalidDevice = 101,
  cudaErrorInvalidKernelImage = 200,
  cudaErrorNoKernelImageForDevice = 209,
  cudaErrorInvalidResourceHandle = 400,
  cudaErrorIllegalState = 401,
  cudaErrorSymbolNotFound = 500,
  cudaErrorNotReady = 600,
  cudaErrorIllegalAddress = 700,
  cudaErrorLaunchOutOfResources = 701,
  cudaErrorLaunchTimeout = 702,
  cudaErrorAssert = 710,
  cudaErrorHostMemoryAlreadyRegistered = 712,
  cudaErrorHostMemoryNotRegistered = 713,
  cudaErrorLaunchFailure = 719,
  cudaErrorCooperativeLaunchTooLarge = 720,
  cudaErrorNotPermitted = 800,
  cudaErrorNotSupported = 801,
  cudaErrorUnknown = 999,
};
typedef enum cudaError cudaError_t;

enum hipError_t {
  hipSuccess = 0,
  hipErrorInvalidValue = 1,
  hipErrorOutOfMemory = 2,
  hipErrorMemoryAllocation = 2,
  hipErrorNotInitialized = 3,
  hipErrorInitializationError = 3,
  hipErrorDeinitialized = 4,
  hipErrorInvalidConfiguration = 9,
  hipErrorInvalidPitchValue = 12,
  hipErrorInvalidSymbol = 13,
  hipErrorInvalidDevicePointer = 17,
  hipErrorInvalidMemcpyDirection = 21,
  hipErrorInsufficientDriver = 35,
  hipErrorMissingConfiguration = 52,
  hipErrorInvalidDeviceFunction = 98,
  hipErrorNoDevice = 100,
  hipErrorInvalidDevice = 101,
  hipErrorInvalidImage = 200,
  hipErrorInvalidContext = 201,
  hipErrorNoBinaryForGpu = 209,
  hipErrorInvalidHandle = 400,
  hipErrorInvalidResourceHandle = 400,
  hipErrorIllegalState = 401,
  hipErrorNotFound = 500,
  hipErrorNotReady = 600,
  hipErrorIllegalAddress = 700,
  hipErrorLaunchOutOfResources = 701,
  hipErrorLaunchTimeOut = 702,
  hipErrorAssert = 710,
  hipErrorHostMemoryAlreadyRegistered = 712,
  hipErrorHostMemoryNotRegistered = 713,
  hipErrorLaunchFailure = 719,
  hipErrorCooperativeLaunchTooLarge = 720,
  hipErrorNotSupported = 801,
  hipErrorUnknown = 999,
};

const char *cudaGetErrorString(cudaError_t error);
const char *cudaGetErrorName(cudaError_t error);
cudaError_t cudaGetLastError();
cudaError_t cudaPeekAtLastError();
const char *hipGetErrorString(hipError_t error);
const char *hipGetErrorName(hipError_t error);
hipError_t hipGetLastError();
hipError_t hipPeekAtLastError();
hipError_t hipDrvGetErrorName(hipError_t error, const char **name);
hipError_t hipDrvGetErrorString(hipError_t error, const char **text);

// ---- enums, flags and handles -----------------------------------------------

enum cudaMemcpyKind {
  cudaMemcpyHostToHost = 0,
  cudaMemcpyHostToDevice = 1,
  cudaMemcpyDeviceToHost = 2,
  cudaMemcpyDeviceToDevice = 3,
  cudaMemcpyDefault = 4,
};
enum hipMemcpyKind {
  hipMemcpyHostToHost = 0,
  hipMemcpyHostToDevice = 1,
  hipMemcpyDeviceToHost = 2,
  hipMemcpyDeviceToDevice = 3,
  hipMemcpyDefault = 4,
  hipMemcpyDeviceToDeviceNoCU = 1024,
};

// Streams and events are opaque handles shared by both spellings.
struct hwsimStream;
struct hwsimEvent;
typedef hwsimStream *cudaStream_t;
typedef hwsimStream *hipStream_t;
typedef hwsimEvent *cudaEvent_t;
typedef hwsimEvent *hipEvent_t;
typedef void *hipDeviceptr_t;
typedef int hipDevice_t;
// Graphics interop is not simulated (no graphics API on the CPU); the
// handle type exists so code that passes one around compiles.
struct hwsimGraphicsResource;
typedef hwsimGraphicsResource *cudaGraphicsResource_t;
typedef hwsimGraphicsResource *hipGraphicsResource_t;
// Stream callbacks and host functions.
typedef void (*cudaHostFn_t)(void *userData);
typedef void (*hipHostFn_t)(void *userData);
typedef void (*cudaStreamCallback_t)(cudaStream_t stream, cudaError_t status,
                                     void *userData);
typedef void (*hipStreamCallback_t)(hipStream_t stream, hipError_t status,
                                    void *userData);

#define cudaStreamLegacy ((cudaStream_t)0x1)
#define cudaStreamPerThread ((cudaStream_t)0x2)
#define hipStreamPerThread ((hipStream_t)0x2)
#define cudaStreamDefault 0x00
#define cudaStreamNonBlocking 0x01
#define hipStreamDefault 0x00
#define hipStreamNonBlocking 0x01
#define cudaEventDefault 0x00
#define cudaEventBlockingSync 0x01
#define cudaEventDisableTiming 0x02
#define cudaEventInterprocess 0x04
#define hipEventDefault 0x0
#define hipEventBlockingSync 0x1
#define hipEventDisableTiming 0x2
#define hipEventInterprocess 0x4
#define cudaHostAllocDefault 0x00
#define cudaHostAllocPortable 0x01
#define cudaHostAllocMapped 0x02
#define cudaHostAllocWriteCombined 0x04
#define cudaHostRegisterDefault 0x00
#define cudaHostRegisterPortable 0x01
#define cudaHostRegisterMapped 0x02
#define hipHostMallocDefault 0x0
#define hipHostMallocPortable 0x1
#define hipHostMallocMapped 0x2
#define hipHostMallocWriteCombined 0x4
#define hipHostMallocNumaUser 0x20000000
#define hipHostMallocCoherent 0x40000000
#define hipHostMallocNonCoherent 0x80000000
#define hipHostRegisterDefault 0x0
#define hipHostRegisterPortable 0x1
#define hipHostRegisterMapped 0x2
#define cudaMemAttachGlobal 0x01
#define cudaMemAttachHost 0x02
#define cudaMemAttachSingle 0x04
#define hipMemAttachGlobal 0x01
#define hipMemAttachHost 0x02
#define hipMemAttachSingle 0x04
#define cudaCpuDeviceId ((int)-1)
#define cudaInvalidDeviceId ((int)-2)
#define hipCpuDeviceId ((int)-1)
#define hipInvalidDeviceId ((int)-2)
#define cudaDeviceScheduleAuto 0x00
#define cudaDeviceScheduleSpin 0x01
#define cudaDeviceScheduleYield 0x02
#define cudaDeviceScheduleBlockingSync 0x04
#define cudaDeviceMapHost 0x08
#define cudaDeviceLmemResizeToMax 0x10
#define cudaDeviceBlockingSync 0x04 // CUDA's deprecated spelling
#define hipDeviceScheduleAuto 0x0
#define hipDeviceScheduleSpin 0x1
#define hipDeviceScheduleYield 0x2
#define hipDeviceScheduleBlockingSync 0x4
#define hipDeviceMapHost 0x8
#define hipDeviceLmemResizeToMax 0x10
// HIP's symbol argument is the variable itself (as on AMD).
#define HIP_SYMBOL(X) X
#define HIP_KERNEL_NAME(...) __VA_ARGS__

// The versions a program sees: CUDA 13.0 and HIP/ROCm 7.0.
#define CUDART_VERSION 13000
#define HIP_VERSION_MAJOR 7
#define HIP_VERSION_MINOR 0
#define HIP_VERSION_PATCH 0
#define HIP_VERSION 70000000

enum cudaMemoryAdvise {
  cudaMemAdviseSetReadMostly = 1,
  cudaMemAdviseUnsetReadMostly = 2,
  cudaMemAdviseSetPreferredLocation = 3,
  cudaMemAdviseUnsetPreferredLocation = 4,
  cudaMemAdviseSetAccessedBy = 5,
  cudaMemAdviseUnsetAccessedBy = 6,
};
enum hipMemoryAdvise {
  hipMemAdviseSetReadMostly = 1,
  hipMemAdviseUnsetReadMostly = 2,
  hipMemAdviseSetPreferredLocation = 3,
  hipMemAdviseUnsetPreferredLocation = 4,
  hipMemAdviseSetAccessedBy = 5,
  hipMemAdviseUnsetAccessedBy = 6,
  hipMemAdviseSetCoarseGrain = 100,
  hipMemAdviseUnsetCoarseGrain = 101,
};
enum cudaMemLocationType {
  cudaMemLocationTypeInvalid = 0,
  cudaMemLocationTypeDevice = 1,
  cudaMemLocationTypeHost = 2,
  cudaMemLocationTypeHostNuma = 3,
  cudaMemLocationTypeHostNumaCurrent = 4,
};
struct cudaMemLocation {
  cudaMemLocationType type;
  int id;
};

enum cudaMemoryType {
  cudaMemoryTypeUnregistered = 0,
  cudaMemoryTypeHost = 1,
  cudaMemoryTypeDevice = 2,
  cudaMemoryTypeManaged = 3,
};
enum hipMemoryType {
  hipMemoryTypeUnregistered = 0,
  hipMemoryTypeHost = 1,
  hipMemoryTypeDevice = 2,
  hipMemoryTypeManaged = 3,
};
struct cudaPointerAttributes {
  cudaMemoryType type;
  int device;
  void *devicePointer;
  void *hostPointer;
};
struct hipPointerAttribute_t {
  hipMemoryType type;
  int device;
  void *devicePointer;
  void *hostPointer;
  int isManaged;
  unsigned allocationFlags;
};

enum cudaFuncAttribute {
  cudaFuncAttributeMaxDynamicSharedMemorySize = 8,
  cudaFuncAttributePreferredSharedMemoryCarveout = 9,
};
enum hipFuncAttribute {
  hipFuncAttributeMaxDynamicSharedMemorySize = 8,
  hipFuncAttributePreferredSharedMemoryCarveout = 9,
};
enum cudaFuncCache {
  cudaFuncCachePreferNone = 0,
  cudaFuncCachePreferShared = 1,
  cudaFuncCachePreferL1 = 2,
  cudaFuncCachePreferEqual = 3,
};
enum hipFuncCache_t {
  hipFuncCachePreferNone = 0,
  hipFuncCachePreferShared = 1,
  hipFuncCachePreferL1 = 2,
  hipFuncCachePreferEqual = 3,
};
enum cudaLimit {
  cudaLimitStackSize = 0,
  cudaLimitPrintfFifoSize = 1,
  cudaLimitMallocHeapSize = 2,
};
enum hipLimit_t {
  hipLimitStackSize = 0,
  hipLimitPrintfFifoSize = 1,
  hipLimitMallocHeapSize = 2,
};

struct cudaFuncAttributes {
  size_t sharedSizeBytes;
  size_t constSizeBytes;
  size_t localSizeBytes;
  int maxThreadsPerBlock;
  int numRegs;
  int ptxVersion;
  int binaryVersion;
  int cacheModeCA;
  int maxDynamicSharedSizeBytes;
  int preferredShmemCarveout;
};
struct hipFuncAttributes {
  int binaryVersion;
  int cacheModeCA;
  size_t constSizeBytes;
  size_t localSizeBytes;
  int maxDynamicSharedSizeBytes;
  int maxThreadsPerBlock;
  int numRegs;
  int preferredShmemCarveout;
  int ptxVersion;
  size_t sharedSizeBytes;
};

// ---- device properties ------------------------------------------------------

struct cudaUUID_t {
  char bytes[16];
};
typedef cudaUUID_t hipUUID;

/// CUDA 13's field names (clockRate and memoryClockRate were removed there;
/// use cudaDeviceGetAttribute).
struct cudaDeviceProp {
  char name[256];
  cudaUUID_t uuid;
  size_t totalGlobalMem;
  size_t sharedMemPerBlock;
  int regsPerBlock;
  int warpSize;
  size_t memPitch;
  int maxThreadsPerBlock;
  int maxThreadsDim[3];
  int maxGridSize[3];
  size_t totalConstMem;
  int major;
  int minor;
  size_t textureAlignment;
  size_t texturePitchAlignment;
  int multiProcessorCount;
  int integrated;
  int canMapHostMemory;
  int concurrentKernels;
  int ECCEnabled;
  int pciBusID;
  int pciDeviceID;
  int pciDomainID;
  int asyncEngineCount;
  int unifiedAddressing;
  int memoryBusWidth;
  int l2CacheSize;
  int persistingL2CacheMaxSize;
  int maxThreadsPerMultiProcessor;
  int streamPrioritiesSupported;
  int globalL1CacheSupported;
  int localL1CacheSupported;
  size_t sharedMemPerMultiprocessor;
  int regsPerMultiprocessor;
  int managedMemory;
  int isMultiGpuBoard;
  int hostNativeAtomicSupported;
  int pageableMemoryAccess;
  int concurrentManagedAccess;
  int computePreemptionSupported;
  int cooperativeLaunch;
  size_t sharedMemPerBlockOptin;
  int directManagedMemAccessFromHost;
  int maxBlocksPerMultiProcessor;
  size_t reservedSharedMemPerBlock;
  int clusterLaunch;
};

struct hipDeviceProp_t {
  char name[256];
  hipUUID uuid;
  size_t totalGlobalMem;
  size_t sharedMemPerBlock;
  int regsPerBlock;
  int warpSize;
  size_t memPitch;
  int maxThreadsPerBlock;
  int maxThreadsDim[3];
  int maxGridSize[3];
  int clockRate; // kHz
  int memoryClockRate;
  int memoryBusWidth;
  size_t totalConstMem;
  int major;
  int minor;
  int multiProcessorCount;
  int l2CacheSize;
  int maxThreadsPerMultiProcessor;
  int computeMode;
  int clockInstructionRate;
  int concurrentKernels;
  int pciDomainID;
  int pciBusID;
  int pciDeviceID;
  size_t maxSharedMemoryPerMultiProcessor;
  size_t sharedMemPerMultiprocessor;
  int isMultiGpuBoard;
  int canMapHostMemory;
  char gcnArchName[256];
  int integrated;
  int cooperativeLaunch;
  int managedMemory;
  int concurrentManagedAccess;
  int pageableMemoryAccess;
  int directManagedMemAccessFromHost;
  int unifiedAddressing;
  int asyncEngineCount;
  int ECCEnabled;
  size_t sharedMemPerBlockOptin;
  int regsPerMultiprocessor;
  int maxBlocksPerMultiProcessor;
  int hostNativeAtomicSupported;
  int streamPrioritiesSupported;
  size_t textureAlignment;
  size_t texturePitchAlignment;
  int kernelExecTimeoutEnabled;
};

// What cudaDevAttrComputeMode reports; the simulated device is the default.
enum cudaComputeMode {
  cudaComputeModeDefault = 0,
  cudaComputeModeExclusive = 1,
  cudaComputeModeProhibited = 2,
  cudaComputeModeExclusiveProcess = 3,
};
enum hipComputeMode {
  hipComputeModeDefault = 0,
  hipComputeModeExclusive = 1,
  hipComputeModeProhibited = 2,
  hipComputeModeExclusiveProcess = 3,
};

// Both from one list (device_attributes.def): CUDA's with CUDA's numbers,
// HIP's in list order.
enum cudaDeviceAttr {
#define HWSIM_DEVICE_ATTR(Cuda, Number, Hip, Value) cudaDevAttr##Cuda = Number,
#include "device_attributes.def"
};
enum hipDeviceAttribute_t {
#define HWSIM_DEVICE_ATTR(Cuda, Number, Hip, Value) hipDeviceAttribute##Hip,
#define HWSIM_HIP_DEVICE_ATTR(Hip, Value) hipDeviceAttribute##Hip,
#include "device_attributes.def"
};

// ---- entry points -----------------------------------------------------------
// Declared from the lists of host_api_list.def, once per spelling: each
// entry names an API once; each pass gives it its spelling's prefix, error
// type and parameter types.

namespace hwsim::api {
enum class Spelling { Cuda, Hip };
/// The types a spelling's entry points take (HWSIM_T:: in the lists).
struct CudaTypes {
  using Error = cudaError_t;
  using Stream = cudaStream_t;
  using Event = cudaEvent_t;
  using StreamCallback = cudaStreamCallback_t;
  using HostFn = cudaHostFn_t;
  using MemcpyKind = cudaMemcpyKind;
  using MemoryAdvise = cudaMemoryAdvise;
  using PointerAttributes = cudaPointerAttributes;
  using DeviceProp = cudaDeviceProp;
  using DeviceAttr = cudaDeviceAttr;
  using FuncCache = cudaFuncCache;
  using FuncAttribute = cudaFuncAttribute;
  using FuncAttributes = cudaFuncAttributes;
  using Limit = cudaLimit;
  static constexpr unsigned MemAttachGlobal = cudaMemAttachGlobal;
  static constexpr int Version = CUDART_VERSION;
};
struct HipTypes {
  using Error = hipError_t;
  using Stream = hipStream_t;
  using Event = hipEvent_t;
  using StreamCallback = hipStreamCallback_t;
  using HostFn = hipHostFn_t;
  using MemcpyKind = hipMemcpyKind;
  using MemoryAdvise = hipMemoryAdvise;
  using PointerAttributes = hipPointerAttribute_t;
  using DeviceProp = hipDeviceProp_t;
  using DeviceAttr = hipDeviceAttribute_t;
  using FuncCache = hipFuncCache_t;
  using FuncAttribute = hipFuncAttribute;
  using FuncAttributes = hipFuncAttributes;
  using Limit = hipLimit_t;
  static constexpr unsigned MemAttachGlobal = hipMemAttachGlobal;
  // HIP encodes versions as major * 10^7 + minor * 10^5 + patch: 7.0.0.
  static constexpr int Version = HIP_VERSION;
};
} // namespace hwsim::api

#define HWSIM_DEFAULT(V) = V
#define HWSIM_T ::hwsim::api::CudaTypes
#define HWSIM_API(Base, Impl, Params, Args) HWSIM_T::Error cuda##Base Params;
#define HWSIM_CUDA_API HWSIM_API
#include "host_api_list.def"
#undef HWSIM_T
#define HWSIM_T ::hwsim::api::HipTypes
#define HWSIM_API(Base, Impl, Params, Args) HWSIM_T::Error hip##Base Params;
#define HWSIM_HIP_API HWSIM_API
#include "host_api_list.def"
#undef HWSIM_T
#undef HWSIM_DEFAULT

// There is no profiler to start (cuda_profiler_api.h).
inline cudaError_t cudaProfilerStart() { return cudaSuccess; }
inline cudaError_t cudaProfilerStop() { return cudaSuccess; }
inline hipError_t hipProfilerStart() { return hipSuccess; }
inline hipError_t hipProfilerStop() { return hipSuccess; }

// ---- kernels: the templates that take a kernel itself
// ------------------------ CUDA's C++ API takes any kernel; these pass on its
// address.

namespace hwsim::detail {
template <class F> inline const void *kernelAddress(F *func) {
  return reinterpret_cast<const void *>(func);
}
} // namespace hwsim::detail

#define HWSIM_KERNEL_TEMPLATE(Ret, Name, Params, Args)                         \
  template <class F>                                                           \
    requires std::is_function_v<F>                                             \
  inline Ret Name Params {                                                     \
    return Name Args;                                                          \
  }
HWSIM_KERNEL_TEMPLATE(cudaError_t, cudaFuncSetAttribute,
                      (F * func, cudaFuncAttribute attr, int value),
                      (hwsim::detail::kernelAddress(func), attr, value))
HWSIM_KERNEL_TEMPLATE(cudaError_t, cudaFuncGetAttributes,
                      (cudaFuncAttributes * attr, F *func),
                      (attr, hwsim::detail::kernelAddress(func)))
HWSIM_KERNEL_TEMPLATE(cudaError_t, cudaFuncSetCacheConfig,
                      (F * func, cudaFuncCache config),
                      (hwsim::detail::kernelAddress(func), config))
HWSIM_KERNEL_TEMPLATE(cudaError_t,
                      cudaOccupancyMaxActiveBlocksPerMultiprocessor,
                      (int *numBlocks, F *func, int blockSize,
                       size_t dynamicSmemBytes),
                      (numBlocks, hwsim::detail::kernelAddress(func), blockSize,
                       dynamicSmemBytes))
HWSIM_KERNEL_TEMPLATE(cudaError_t, cudaOccupancyMaxPotentialBlockSize,
                      (int *minGridSize, int *blockSize, F *func,
                       size_t dynamicSmemBytes = 0, int blockSizeLimit = 0),
                      (minGridSize, blockSize,
                       hwsim::detail::kernelAddress(func), dynamicSmemBytes,
                       blockSizeLimit))
HWSIM_KERNEL_TEMPLATE(hipError_t, hipFuncSetAttribute,
                      (F * func, hipFuncAttribute attr, int value),
                      (hwsim::detail::kernelAddress(func), attr, value))
HWSIM_KERNEL_TEMPLATE(hipError_t, hipFuncGetAttributes,
                      (hipFuncAttributes * attr, F *func),
                      (attr, hwsim::detail::kernelAddress(func)))
HWSIM_KERNEL_TEMPLATE(hipError_t, hipFuncSetCacheConfig,
                      (F * func, hipFuncCache_t config),
                      (hwsim::detail::kernelAddress(func), config))
HWSIM_KERNEL_TEMPLATE(hipError_t, hipOccupancyMaxActiveBlocksPerMultiprocessor,
                      (int *numBlocks, F *func, int blockSize,
                       size_t dynamicSmemBytes),
                      (numBlocks, hwsim::detail::kernelAddress(func), blockSize,
                       dynamicSmemBytes))
HWSIM_KERNEL_TEMPLATE(hipError_t, hipOccupancyMaxPotentialBlockSize,
                      (int *minGridSize, int *blockSize, F *func,
                       size_t dynamicSmemBytes = 0, int blockSizeLimit = 0),
                      (minGridSize, blockSize,
                       hwsim::detail::kernelAddress(func), dynamicSmemBytes,
                       blockSizeLimit))
#undef HWSIM_KERNEL_TEMPLATE

// ---- memory: typed forms
// -----------------------------------------------------
#define HWSIM_TYPED_ALLOC(Ret, Name)                                           \
  template <class T> inline Ret Name(T **ptr, size_t size) {                   \
    return Name(reinterpret_cast<void **>(ptr), size);                         \
  }
#define HWSIM_TYPED_ALLOC_FLAGS(Ret, Name, DefaultFlags)                       \
  template <class T>                                                           \
  inline Ret Name(T **ptr, size_t size, unsigned flags = DefaultFlags) {       \
    return Name(reinterpret_cast<void **>(ptr), size, flags);                  \
  }
HWSIM_TYPED_ALLOC(cudaError_t, cudaMalloc)
HWSIM_TYPED_ALLOC_FLAGS(cudaError_t, cudaHostAlloc, cudaHostAllocDefault)
HWSIM_TYPED_ALLOC_FLAGS(cudaError_t, cudaMallocManaged, cudaMemAttachGlobal)
HWSIM_TYPED_ALLOC(hipError_t, hipMalloc)
HWSIM_TYPED_ALLOC(hipError_t, hipMallocHost)
HWSIM_TYPED_ALLOC_FLAGS(hipError_t, hipHostMalloc, hipHostMallocDefault)
HWSIM_TYPED_ALLOC_FLAGS(hipError_t, hipHostAlloc, hipHostMallocDefault)
HWSIM_TYPED_ALLOC_FLAGS(hipError_t, hipMallocManaged, hipMemAttachGlobal)
#undef HWSIM_TYPED_ALLOC_FLAGS
#undef HWSIM_TYPED_ALLOC
/// CUDA's C++ cudaMallocHost takes optional flags (then it is cudaHostAlloc).
template <class T>
inline cudaError_t cudaMallocHost(T **ptr, size_t size, unsigned flags = 0) {
  return cudaHostAlloc(reinterpret_cast<void **>(ptr), size, flags);
}
template <class T>
inline cudaError_t cudaMallocPitch(T **ptr, size_t *pitch, size_t width,
                                   size_t height) {
  return cudaMallocPitch(reinterpret_cast<void **>(ptr), pitch, width, height);
}
template <class T>
inline hipError_t hipMallocPitch(T **ptr, size_t *pitch, size_t width,
                                 size_t height) {
  return hipMallocPitch(reinterpret_cast<void **>(ptr), pitch, width, height);
}

// ---- symbols (__constant__ and __device__ variables) ------------------------
// A symbol is the variable itself, taken by reference (an lvalue), so its size
// is known and copies past its end are refused. HIP_SYMBOL(x) is x.

namespace hwsim::api {
/// Copies between a symbol's bytes and memory, checking offset + count
/// against the symbol's size; returns a cudaError_t or hipError_t value.
int symbolCopy(Spelling spelling, void *symbol, size_t symbolSize,
               bool toSymbol, void *other, size_t count, size_t offset,
               int kind);
} // namespace hwsim::api

namespace hwsim::detail {
/// A `void *` variable is an address, not a symbol: it takes the untyped
/// overloads below instead of the by-reference templates.
template <class T>
concept SymbolVariable =
    !std::is_void_v<std::remove_pointer_t<std::remove_cv_t<T>>>;
} // namespace hwsim::detail

#define HWSIM_SYMBOL_API(Err, Kind, Prefix, Sp)                                \
  inline Err Prefix##MemcpyToSymbol(const void *symbol, const void *src,       \
                                    size_t count, size_t offset = 0,           \
                                    Kind kind = Prefix##MemcpyHostToDevice) {  \
    return static_cast<Err>(::hwsim::api::symbolCopy(                          \
        Sp, const_cast<void *>(symbol), ~size_t(0), true,                      \
        const_cast<void *>(src), count, offset, kind));                        \
  }                                                                            \
  inline Err Prefix##MemcpyFromSymbol(                                         \
      void *dst, const void *symbol, size_t count, size_t offset = 0,          \
      Kind kind = Prefix##MemcpyDeviceToHost) {                                \
    return static_cast<Err>(                                                   \
        ::hwsim::api::symbolCopy(Sp, const_cast<void *>(symbol), ~size_t(0),   \
                                 false, dst, count, offset, kind));            \
  }                                                                            \
  template <::hwsim::detail::SymbolVariable T>                                 \
  inline Err Prefix##MemcpyToSymbol(T &symbol, const void *src, size_t count,  \
                                    size_t offset = 0,                         \
                                    Kind kind = Prefix##MemcpyHostToDevice) {  \
    return static_cast<Err>(::hwsim::api::symbolCopy(                          \
        Sp, (void *)&symbol, sizeof(T), true, const_cast<void *>(src), count,  \
        offset, kind));                                                        \
  }                                                                            \
  template <::hwsim::detail::SymbolVariable T>                                 \
  inline Err Prefix##MemcpyFromSymbol(                                         \
      void *dst, T &symbol, size_t count, size_t offset = 0,                   \
      Kind kind = Prefix##MemcpyDeviceToHost) {                                \
    return static_cast<Err>(::hwsim::api::symbolCopy(                          \
        Sp, (void *)&symbol, sizeof(T), false, dst, count, offset, kind));     \
  }                                                                            \
  template <class T>                                                           \
  inline Err Prefix##MemcpyToSymbolAsync(T &symbol, const void *src,           \
                                         size_t count, size_t offset,          \
                                         Kind kind, Prefix##Stream_t = 0) {    \
    return Prefix##MemcpyToSymbol(symbol, src, count, offset, kind);           \
  }                                                                            \
  template <class T>                                                           \
  inline Err Prefix##MemcpyFromSymbolAsync(void *dst, T &symbol, size_t count, \
                                           size_t offset, Kind kind,           \
                                           Prefix##Stream_t = 0) {             \
    return Prefix##MemcpyFromSymbol(dst, symbol, count, offset, kind);         \
  }                                                                            \
  template <class T>                                                           \
  inline Err Prefix##GetSymbolAddress(void **devPtr, T &symbol) {              \
    *devPtr = (void *)&symbol;                                                 \
    return Err(0);                                                             \
  }                                                                            \
  template <class T>                                                           \
  inline Err Prefix##GetSymbolSize(size_t *size, T &symbol) {                  \
    (void)symbol;                                                              \
    *size = sizeof(T);                                                         \
    return Err(0);                                                             \
  }
HWSIM_SYMBOL_API(cudaError_t, cudaMemcpyKind, cuda,
                 ::hwsim::api::Spelling::Cuda)
HWSIM_SYMBOL_API(hipError_t, hipMemcpyKind, hip, ::hwsim::api::Spelling::Hip)
#undef HWSIM_SYMBOL_API

// ---- launching through the runtime API -------------------------------------
// cudaLaunchKernel(kernel, grid, block, args, ...) with args[i] pointing at the
// i-th argument; the kernel's type gives the argument types.

namespace hwsim::api {
/// Clears the status of the coming launch; launchStatus() reads it after.
void beginLaunch();
int launchStatus(Spelling spelling);

template <class... P>
inline int launchWithArgs(Spelling spelling, const char *name,
                          void (*kernel)(P...), dim3 grid, dim3 block,
                          void **args, size_t sharedBytes, const void *stream) {
  beginLaunch();
  [&]<size_t... I>(std::index_sequence<I...>) {
    ::hwsim::launch(
        name, ::hwsim::LaunchConfig(grid, block, sharedBytes, stream), [&]() {
          kernel(*static_cast<std::remove_reference_t<P> *>(args[I])...);
        });
  }(std::index_sequence_for<P...>{});
  return launchStatus(spelling);
}
} // namespace hwsim::api

#define HWSIM_LAUNCH_API(Err, Name, Sp, Stream)                                \
  template <class... P>                                                        \
  inline Err Name(void (*kernel)(P...), dim3 grid, dim3 block, void **args,    \
                  size_t sharedBytes = 0, Stream stream = 0) {                 \
    return static_cast<Err>(::hwsim::api::launchWithArgs(                      \
        Sp, #Name, kernel, grid, block, args, sharedBytes, stream));           \
  }
HWSIM_LAUNCH_API(cudaError_t, cudaLaunchKernel, ::hwsim::api::Spelling::Cuda,
                 cudaStream_t)
HWSIM_LAUNCH_API(cudaError_t, cudaLaunchCooperativeKernel,
                 ::hwsim::api::Spelling::Cuda, cudaStream_t)
HWSIM_LAUNCH_API(hipError_t, hipLaunchKernel, ::hwsim::api::Spelling::Hip,
                 hipStream_t)
HWSIM_LAUNCH_API(hipError_t, hipLaunchCooperativeKernel,
                 ::hwsim::api::Spelling::Hip, hipStream_t)
#undef HWSIM_LAUNCH_API

#endif // HIPWRIGHT_SIM_HWSIM_HOST_API_H
