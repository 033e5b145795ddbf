//===- HostApiDevice.cpp - the simulated device, kernels, versions --------===//
//
// One device. Its limits are those of a recent GPU, except warpSize, which
// is the run's wave width (HIPWRIGHT_SIM_WAVE), and the shared-memory
// opt-in limit, which is what the launch checker accepts.
//
//===----------------------------------------------------------------------===//
#include "HostApiState.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstring>
#include <map>
#include <mutex>
#include <thread>

namespace hwsim::api {
namespace {

constexpr int kMaxThreadsPerBlock = 1024;
constexpr int kMaxThreadsPerSM = 2048;
constexpr size_t kSharedPerBlock = 48 * 1024;
constexpr size_t kConstantBytes = 64 * 1024;
constexpr int kRegistersPerBlock = 64 * 1024;
constexpr int kL2Bytes = 4 * 1024 * 1024;
constexpr int kClockKHz = 1000000;
constexpr int kMemoryClockKHz = 1000000;
constexpr int kBusWidth = 4096;

int smCount() {
  const unsigned n = std::thread::hardware_concurrency();
  return n == 0 ? 1 : static_cast<int>(n);
}

/// Fields both property structs share, filled once.
template <class Prop> void fillCommon(Prop &p, const char *arch) {
  std::memset(&p, 0, sizeof(p));
  const int width = hwsim::waveWidth();
  std::snprintf(p.name, sizeof(p.name),
                "hipwright CPU SIMT simulator (%s, wave%d)", arch, width);
  std::memcpy(p.uuid.bytes, "hipwright-sim-00", 16);
  p.totalGlobalMem = kDeviceMemoryBytes;
  p.sharedMemPerBlock = kSharedPerBlock;
  p.regsPerBlock = kRegistersPerBlock;
  p.warpSize = width;
  p.memPitch = SIZE_MAX;
  p.maxThreadsPerBlock = kMaxThreadsPerBlock;
  p.maxThreadsDim[0] = 1024;
  p.maxThreadsDim[1] = 1024;
  p.maxThreadsDim[2] = 64;
  p.maxGridSize[0] = 2147483647;
  p.maxGridSize[1] = 65535;
  p.maxGridSize[2] = 65535;
  p.totalConstMem = kConstantBytes;
  p.multiProcessorCount = smCount();
  p.canMapHostMemory = 1;
  p.concurrentKernels = 1;
  p.asyncEngineCount = 1;
  p.unifiedAddressing = 1;
  p.memoryBusWidth = kBusWidth;
  p.l2CacheSize = kL2Bytes;
  p.maxThreadsPerMultiProcessor = kMaxThreadsPerSM;
  p.streamPrioritiesSupported = 1;
  p.sharedMemPerMultiprocessor = hwsim::kMaxDynamicSharedBytes;
  p.regsPerMultiprocessor = kRegistersPerBlock;
  p.managedMemory = 1;
  p.hostNativeAtomicSupported = 1;
  p.pageableMemoryAccess = 1;
  p.concurrentManagedAccess = 1;
  p.cooperativeLaunch = 1;
  p.sharedMemPerBlockOptin = hwsim::kMaxDynamicSharedBytes;
  p.directManagedMemAccessFromHost = 1;
  p.maxBlocksPerMultiProcessor = 32;
  p.textureAlignment = 512;
  p.texturePitchAlignment = 32;
}

// gfx942 (MI300) runs 64-wide wavefronts, gfx1100 (RDNA3) 32-wide ones.
const char *amdArch() {
  return hwsim::waveWidth() == 64 ? "gfx942" : "gfx1100";
}

struct FuncState {
  std::mutex mutex;
  std::map<const void *, int> maxDynamicShared;
};
FuncState &funcState() {
  static FuncState s;
  return s;
}

std::atomic<size_t> limits[3] = {1024, 1 << 20, 8 << 20};

Status setFuncAttribute(const void *func, int attr, int value) {
  if (!func)
    return Status::InvalidDeviceFunction;
  if (attr == cudaFuncAttributeMaxDynamicSharedMemorySize) {
    if (value < 0 || static_cast<size_t>(value) > hwsim::kMaxDynamicSharedBytes)
      return Status::InvalidValue;
    std::lock_guard<std::mutex> lock(funcState().mutex);
    funcState().maxDynamicShared[func] = value;
    return Status::Success;
  }
  if (attr == cudaFuncAttributePreferredSharedMemoryCarveout)
    return value >= -1 && value <= 100 ? Status::Success : Status::InvalidValue;
  return Status::InvalidValue;
}

int maxDynamicShared(const void *func) {
  std::lock_guard<std::mutex> lock(funcState().mutex);
  auto it = funcState().maxDynamicShared.find(func);
  return it == funcState().maxDynamicShared.end()
             ? static_cast<int>(kSharedPerBlock)
             : it->second;
}

template <class Attr> Status funcAttributes(Attr *attr, const void *func) {
  if (!attr)
    return Status::InvalidValue;
  if (!func)
    return Status::InvalidDeviceFunction;
  std::memset(attr, 0, sizeof(*attr));
  attr->maxThreadsPerBlock = kMaxThreadsPerBlock;
  attr->maxDynamicSharedSizeBytes = maxDynamicShared(func);
  attr->preferredShmemCarveout = -1;
  attr->ptxVersion = 90;
  attr->binaryVersion = 90;
  return Status::Success;
}

Status activeBlocks(int *numBlocks, const void *func, int blockSize,
                    size_t dynamicSmem) {
  if (!numBlocks || blockSize <= 0)
    return Status::InvalidValue;
  if (!func)
    return Status::InvalidDeviceFunction;
  if (blockSize > kMaxThreadsPerBlock) {
    *numBlocks = 0;
    return Status::Success;
  }
  size_t blocks = std::min<size_t>(kMaxThreadsPerSM / blockSize, 32);
  if (dynamicSmem > 0)
    blocks = std::min(blocks, hwsim::kMaxDynamicSharedBytes / dynamicSmem);
  *numBlocks = static_cast<int>(blocks);
  return Status::Success;
}

Status potentialBlockSize(int *minGridSize, int *blockSize, const void *func,
                          size_t dynamicSmem, int limit) {
  if (!minGridSize || !blockSize)
    return Status::InvalidValue;
  const int size =
      limit > 0 ? std::min(limit, kMaxThreadsPerBlock) : kMaxThreadsPerBlock;
  int perSM = 0;
  Status s = activeBlocks(&perSM, func, size, dynamicSmem);
  if (s != Status::Success)
    return s;
  *blockSize = size;
  *minGridSize = std::max(perSM, 1) * smCount();
  return Status::Success;
}

Status limitSlot(int limit, std::atomic<size_t> *&slot) {
  if (limit < 0 || limit > 2)
    return Status::NotSupported;
  slot = &limits[limit];
  return Status::Success;
}

} // namespace

Status checkDevice(int device) {
  return device == 0 ? Status::Success : Status::InvalidDevice;
}

} // namespace hwsim::api

using hwsim::api::cuda;
using hwsim::api::hip;
using hwsim::api::Status;
namespace api = hwsim::api;

static Status deviceCount(int *count) {
  if (!count)
    return Status::InvalidValue;
  *count = 1;
  return Status::Success;
}
static Status currentDevice(int *device) {
  if (!device)
    return Status::InvalidValue;
  *device = 0;
  return Status::Success;
}
static Status version(int *out, int value) {
  if (!out)
    return Status::InvalidValue;
  *out = value;
  return Status::Success;
}
static Status resetDevice() {
  // As on a GPU, a reset gives a faulted context a fresh start.
  hwsim::clearContextFault();
  api::releaseAll();
  api::destroyAllStreamsAndEvents();
  return Status::Success;
}
static Status getLimit(size_t *value, int limit) {
  std::atomic<size_t> *slot = nullptr;
  if (!value)
    return Status::InvalidValue;
  Status s = api::limitSlot(limit, slot);
  if (s == Status::Success)
    *value = slot->load();
  return s;
}
static Status setLimit(int limit, size_t value) {
  std::atomic<size_t> *slot = nullptr;
  Status s = api::limitSlot(limit, slot);
  if (s == Status::Success)
    slot->store(value);
  return s;
}

// ---- CUDA -------------------------------------------------------------------

cudaError_t cudaGetDeviceCount(int *count) { return cuda(deviceCount(count)); }
cudaError_t cudaSetDevice(int device) { return cuda(api::checkDevice(device)); }
cudaError_t cudaGetDevice(int *device) { return cuda(currentDevice(device)); }
cudaError_t cudaSetDeviceFlags(unsigned) { return cuda(Status::Success); }
cudaError_t cudaGetDeviceProperties(cudaDeviceProp *prop, int device) {
  if (!prop)
    return cuda(Status::InvalidValue);
  if (Status s = api::checkDevice(device); s != Status::Success)
    return cuda(s);
  api::fillCommon(*prop, "sm_90");
  prop->major = 9;
  prop->minor = 0;
  prop->clusterLaunch = 0;
  return cuda(Status::Success);
}
cudaError_t cudaDeviceGetAttribute(int *value, cudaDeviceAttr attr,
                                   int device) {
  if (!value)
    return cuda(Status::InvalidValue);
  if (Status s = api::checkDevice(device); s != Status::Success)
    return cuda(s);
  cudaDeviceProp p;
  cudaGetDeviceProperties(&p, 0);
  switch (attr) {
  case cudaDevAttrMaxThreadsPerBlock:
    *value = p.maxThreadsPerBlock;
    break;
  case cudaDevAttrMaxBlockDimX:
    *value = p.maxThreadsDim[0];
    break;
  case cudaDevAttrMaxBlockDimY:
    *value = p.maxThreadsDim[1];
    break;
  case cudaDevAttrMaxBlockDimZ:
    *value = p.maxThreadsDim[2];
    break;
  case cudaDevAttrMaxGridDimX:
    *value = p.maxGridSize[0];
    break;
  case cudaDevAttrMaxGridDimY:
    *value = p.maxGridSize[1];
    break;
  case cudaDevAttrMaxGridDimZ:
    *value = p.maxGridSize[2];
    break;
  case cudaDevAttrMaxSharedMemoryPerBlock:
    *value = static_cast<int>(p.sharedMemPerBlock);
    break;
  case cudaDevAttrTotalConstantMemory:
    *value = static_cast<int>(p.totalConstMem);
    break;
  case cudaDevAttrWarpSize:
    *value = p.warpSize;
    break;
  case cudaDevAttrMaxPitch:
    *value = 2147483647;
    break;
  case cudaDevAttrMaxRegistersPerBlock:
    *value = p.regsPerBlock;
    break;
  case cudaDevAttrClockRate:
    *value = api::kClockKHz;
    break;
  case cudaDevAttrMultiProcessorCount:
    *value = p.multiProcessorCount;
    break;
  case cudaDevAttrIntegrated:
    *value = p.integrated;
    break;
  case cudaDevAttrCanMapHostMemory:
    *value = p.canMapHostMemory;
    break;
  case cudaDevAttrComputeMode:
    *value = 0;
    break;
  case cudaDevAttrConcurrentKernels:
    *value = p.concurrentKernels;
    break;
  case cudaDevAttrEccEnabled:
    *value = p.ECCEnabled;
    break;
  case cudaDevAttrPciBusId:
    *value = p.pciBusID;
    break;
  case cudaDevAttrPciDeviceId:
    *value = p.pciDeviceID;
    break;
  case cudaDevAttrPciDomainId:
    *value = p.pciDomainID;
    break;
  case cudaDevAttrMemoryClockRate:
    *value = api::kMemoryClockKHz;
    break;
  case cudaDevAttrGlobalMemoryBusWidth:
    *value = p.memoryBusWidth;
    break;
  case cudaDevAttrL2CacheSize:
    *value = p.l2CacheSize;
    break;
  case cudaDevAttrMaxThreadsPerMultiProcessor:
    *value = p.maxThreadsPerMultiProcessor;
    break;
  case cudaDevAttrAsyncEngineCount:
    *value = p.asyncEngineCount;
    break;
  case cudaDevAttrUnifiedAddressing:
    *value = p.unifiedAddressing;
    break;
  case cudaDevAttrComputeCapabilityMajor:
    *value = p.major;
    break;
  case cudaDevAttrComputeCapabilityMinor:
    *value = p.minor;
    break;
  case cudaDevAttrStreamPrioritiesSupported:
    *value = p.streamPrioritiesSupported;
    break;
  case cudaDevAttrGlobalL1CacheSupported:
    *value = 1;
    break;
  case cudaDevAttrLocalL1CacheSupported:
    *value = 1;
    break;
  case cudaDevAttrMaxSharedMemoryPerMultiprocessor:
    *value = static_cast<int>(p.sharedMemPerMultiprocessor);
    break;
  case cudaDevAttrMaxRegistersPerMultiprocessor:
    *value = p.regsPerMultiprocessor;
    break;
  case cudaDevAttrManagedMemory:
    *value = p.managedMemory;
    break;
  case cudaDevAttrIsMultiGpuBoard:
    *value = 0;
    break;
  case cudaDevAttrHostNativeAtomicSupported:
    *value = p.hostNativeAtomicSupported;
    break;
  case cudaDevAttrPageableMemoryAccess:
    *value = p.pageableMemoryAccess;
    break;
  case cudaDevAttrConcurrentManagedAccess:
    *value = p.concurrentManagedAccess;
    break;
  case cudaDevAttrCooperativeLaunch:
    *value = p.cooperativeLaunch;
    break;
  case cudaDevAttrMaxSharedMemoryPerBlockOptin:
    *value = static_cast<int>(p.sharedMemPerBlockOptin);
    break;
  case cudaDevAttrDirectManagedMemAccessFromHost:
    *value = p.directManagedMemAccessFromHost;
    break;
  case cudaDevAttrMaxBlocksPerMultiprocessor:
    *value = p.maxBlocksPerMultiProcessor;
    break;
  default:
    return cuda(Status::InvalidValue);
  }
  return cuda(Status::Success);
}
cudaError_t cudaDeviceSynchronize() { return cuda(Status::Success); }
cudaError_t cudaDeviceReset() { return cuda(resetDevice()); }
cudaError_t cudaDeviceSetCacheConfig(cudaFuncCache) {
  return cuda(Status::Success);
}
cudaError_t cudaDeviceGetLimit(size_t *value, cudaLimit limit) {
  return cuda(getLimit(value, limit));
}
cudaError_t cudaDeviceSetLimit(cudaLimit limit, size_t value) {
  return cuda(setLimit(limit, value));
}
cudaError_t cudaDriverGetVersion(int *v) { return cuda(version(v, 13000)); }
cudaError_t cudaRuntimeGetVersion(int *v) { return cuda(version(v, 13000)); }
cudaError_t cudaFuncSetAttribute(const void *func, cudaFuncAttribute attr,
                                 int value) {
  return cuda(api::setFuncAttribute(func, attr, value));
}
cudaError_t cudaFuncGetAttributes(cudaFuncAttributes *attr, const void *func) {
  return cuda(api::funcAttributes(attr, func));
}
cudaError_t cudaFuncSetCacheConfig(const void *func, cudaFuncCache) {
  return cuda(func ? Status::Success : Status::InvalidDeviceFunction);
}
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks,
                                                          const void *func,
                                                          int blockSize,
                                                          size_t smem) {
  return cuda(api::activeBlocks(numBlocks, func, blockSize, smem));
}
cudaError_t cudaOccupancyMaxPotentialBlockSize(int *minGridSize, int *blockSize,
                                               const void *func, size_t smem,
                                               int limit) {
  return cuda(
      api::potentialBlockSize(minGridSize, blockSize, func, smem, limit));
}

// ---- HIP --------------------------------------------------------------------

hipError_t hipInit(unsigned flags) {
  return hip(flags == 0 ? Status::Success : Status::InvalidValue);
}
hipError_t hipGetDeviceCount(int *count) { return hip(deviceCount(count)); }
hipError_t hipSetDevice(int device) { return hip(api::checkDevice(device)); }
hipError_t hipGetDevice(int *device) { return hip(currentDevice(device)); }
hipError_t hipSetDeviceFlags(unsigned) { return hip(Status::Success); }
hipError_t hipGetDeviceProperties(hipDeviceProp_t *prop, int device) {
  if (!prop)
    return hip(Status::InvalidValue);
  if (Status s = api::checkDevice(device); s != Status::Success)
    return hip(s);
  const char *arch = api::amdArch();
  api::fillCommon(*prop, arch);
  std::snprintf(prop->gcnArchName, sizeof(prop->gcnArchName), "%s", arch);
  prop->sharedMemPerBlock = 64 * 1024; // the LDS a workgroup gets by default
  prop->major = arch[3] == '9' ? 9 : 11;
  prop->minor = arch[3] == '9' ? 4 : 0;
  prop->clockRate = api::kClockKHz;
  prop->memoryClockRate = api::kMemoryClockKHz;
  prop->clockInstructionRate = api::kClockKHz;
  prop->maxSharedMemoryPerMultiProcessor = hwsim::kMaxDynamicSharedBytes;
  return hip(Status::Success);
}
hipError_t hipDeviceGetAttribute(int *value, hipDeviceAttribute_t attr,
                                 int device) {
  if (!value)
    return hip(Status::InvalidValue);
  if (Status s = api::checkDevice(device); s != Status::Success)
    return hip(s);
  hipDeviceProp_t p;
  hipGetDeviceProperties(&p, 0);
  switch (attr) {
  case hipDeviceAttributeMaxThreadsPerBlock:
    *value = p.maxThreadsPerBlock;
    break;
  case hipDeviceAttributeMaxBlockDimX:
    *value = p.maxThreadsDim[0];
    break;
  case hipDeviceAttributeMaxBlockDimY:
    *value = p.maxThreadsDim[1];
    break;
  case hipDeviceAttributeMaxBlockDimZ:
    *value = p.maxThreadsDim[2];
    break;
  case hipDeviceAttributeMaxGridDimX:
    *value = p.maxGridSize[0];
    break;
  case hipDeviceAttributeMaxGridDimY:
    *value = p.maxGridSize[1];
    break;
  case hipDeviceAttributeMaxGridDimZ:
    *value = p.maxGridSize[2];
    break;
  case hipDeviceAttributeMaxSharedMemoryPerBlock:
    *value = static_cast<int>(p.sharedMemPerBlock);
    break;
  case hipDeviceAttributeTotalConstantMemory:
    *value = static_cast<int>(p.totalConstMem);
    break;
  case hipDeviceAttributeWarpSize:
    *value = p.warpSize;
    break;
  case hipDeviceAttributeMaxPitch:
    *value = 2147483647;
    break;
  case hipDeviceAttributeMaxRegistersPerBlock:
    *value = p.regsPerBlock;
    break;
  case hipDeviceAttributeClockRate:
    *value = p.clockRate;
    break;
  case hipDeviceAttributeMultiprocessorCount:
    *value = p.multiProcessorCount;
    break;
  case hipDeviceAttributeIntegrated:
    *value = p.integrated;
    break;
  case hipDeviceAttributeCanMapHostMemory:
    *value = p.canMapHostMemory;
    break;
  case hipDeviceAttributeComputeMode:
    *value = 0;
    break;
  case hipDeviceAttributeConcurrentKernels:
    *value = p.concurrentKernels;
    break;
  case hipDeviceAttributeEccEnabled:
    *value = p.ECCEnabled;
    break;
  case hipDeviceAttributePciBusId:
    *value = p.pciBusID;
    break;
  case hipDeviceAttributePciDeviceId:
    *value = p.pciDeviceID;
    break;
  case hipDeviceAttributePciDomainID:
    *value = p.pciDomainID;
    break;
  case hipDeviceAttributeMemoryClockRate:
    *value = p.memoryClockRate;
    break;
  case hipDeviceAttributeMemoryBusWidth:
    *value = p.memoryBusWidth;
    break;
  case hipDeviceAttributeL2CacheSize:
    *value = p.l2CacheSize;
    break;
  case hipDeviceAttributeMaxThreadsPerMultiProcessor:
    *value = p.maxThreadsPerMultiProcessor;
    break;
  case hipDeviceAttributeAsyncEngineCount:
    *value = p.asyncEngineCount;
    break;
  case hipDeviceAttributeUnifiedAddressing:
    *value = p.unifiedAddressing;
    break;
  case hipDeviceAttributeComputeCapabilityMajor:
    *value = p.major;
    break;
  case hipDeviceAttributeComputeCapabilityMinor:
    *value = p.minor;
    break;
  case hipDeviceAttributeStreamPrioritiesSupported:
    *value = p.streamPrioritiesSupported;
    break;
  case hipDeviceAttributeMaxSharedMemoryPerMultiprocessor:
    *value = static_cast<int>(p.maxSharedMemoryPerMultiProcessor);
    break;
  case hipDeviceAttributeSharedMemPerMultiprocessor:
    *value = static_cast<int>(p.sharedMemPerMultiprocessor);
    break;
  case hipDeviceAttributeMaxRegistersPerMultiprocessor:
    *value = p.regsPerMultiprocessor;
    break;
  case hipDeviceAttributeManagedMemory:
    *value = p.managedMemory;
    break;
  case hipDeviceAttributeIsMultiGpuBoard:
    *value = 0;
    break;
  case hipDeviceAttributeHostNativeAtomicSupported:
    *value = p.hostNativeAtomicSupported;
    break;
  case hipDeviceAttributePageableMemoryAccess:
    *value = p.pageableMemoryAccess;
    break;
  case hipDeviceAttributeConcurrentManagedAccess:
    *value = p.concurrentManagedAccess;
    break;
  case hipDeviceAttributeCooperativeLaunch:
    *value = p.cooperativeLaunch;
    break;
  case hipDeviceAttributeSharedMemPerBlockOptin:
    *value = static_cast<int>(p.sharedMemPerBlockOptin);
    break;
  case hipDeviceAttributeDirectManagedMemAccessFromHost:
    *value = p.directManagedMemAccessFromHost;
    break;
  case hipDeviceAttributeMaxBlocksPerMultiProcessor:
    *value = p.maxBlocksPerMultiProcessor;
    break;
  case hipDeviceAttributeTotalGlobalMem:
    // An int cannot hold 16 GiB; HIP reports it saturated as well.
    *value = 2147483647;
    break;
  default:
    return hip(Status::InvalidValue);
  }
  return hip(Status::Success);
}
hipError_t hipDeviceSynchronize() { return hip(Status::Success); }
hipError_t hipDeviceReset() { return hip(resetDevice()); }
hipError_t hipDeviceSetCacheConfig(hipFuncCache_t) {
  return hip(Status::Success);
}
hipError_t hipDeviceGetLimit(size_t *value, hipLimit_t limit) {
  return hip(getLimit(value, limit));
}
hipError_t hipDeviceSetLimit(hipLimit_t limit, size_t value) {
  return hip(setLimit(limit, value));
}
// HIP encodes versions as major * 10^7 + minor * 10^5 + patch: 7.0.0.
hipError_t hipDriverGetVersion(int *v) { return hip(version(v, HIP_VERSION)); }
hipError_t hipRuntimeGetVersion(int *v) { return hip(version(v, HIP_VERSION)); }
hipError_t hipFuncSetAttribute(const void *func, hipFuncAttribute attr,
                               int value) {
  return hip(api::setFuncAttribute(func, attr, value));
}
hipError_t hipFuncGetAttributes(hipFuncAttributes *attr, const void *func) {
  return hip(api::funcAttributes(attr, func));
}
hipError_t hipFuncSetCacheConfig(const void *func, hipFuncCache_t) {
  return hip(func ? Status::Success : Status::InvalidDeviceFunction);
}
hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks,
                                                        const void *func,
                                                        int blockSize,
                                                        size_t smem) {
  return hip(api::activeBlocks(numBlocks, func, blockSize, smem));
}
hipError_t hipOccupancyMaxPotentialBlockSize(int *minGridSize, int *blockSize,
                                             const void *func, size_t smem,
                                             int limit) {
  return hip(
      api::potentialBlockSize(minGridSize, blockSize, func, smem, limit));
}
