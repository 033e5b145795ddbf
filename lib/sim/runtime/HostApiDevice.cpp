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
#include <type_traits>

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

Status deviceCount(int *count) {
  if (!count)
    return Status::InvalidValue;
  *count = 1;
  return Status::Success;
}
Status currentDevice(int *device) {
  if (!device)
    return Status::InvalidValue;
  *device = 0;
  return Status::Success;
}
Status version(int *out, int value) {
  if (!out)
    return Status::InvalidValue;
  *out = value;
  return Status::Success;
}
Status init(unsigned flags) {
  return flags == 0 ? Status::Success : Status::InvalidValue;
}
Status resetDevice() {
  // As on a GPU, a reset gives a faulted context a fresh start.
  hwsim::clearContextFault();
  releaseAll();
  destroyAllStreamsAndEvents();
  return Status::Success;
}
Status getLimit(size_t *value, int limit) {
  std::atomic<size_t> *slot = nullptr;
  if (!value)
    return Status::InvalidValue;
  Status s = limitSlot(limit, slot);
  if (s == Status::Success)
    *value = slot->load();
  return s;
}
Status setLimit(int limit, size_t value) {
  std::atomic<size_t> *slot = nullptr;
  Status s = limitSlot(limit, slot);
  if (s == Status::Success)
    slot->store(value);
  return s;
}
Status funcCacheConfig(const void *func) {
  return func ? Status::Success : Status::InvalidDeviceFunction;
}

Status deviceProperties(cudaDeviceProp *prop, int device) {
  if (!prop)
    return Status::InvalidValue;
  if (Status s = checkDevice(device); s != Status::Success)
    return s;
  fillCommon(*prop, "sm_90");
  prop->major = 9;
  prop->minor = 0;
  prop->clusterLaunch = 0;
  return Status::Success;
}
Status deviceProperties(hipDeviceProp_t *prop, int device) {
  if (!prop)
    return Status::InvalidValue;
  if (Status s = checkDevice(device); s != Status::Success)
    return s;
  const char *arch = amdArch();
  fillCommon(*prop, arch);
  std::snprintf(prop->gcnArchName, sizeof(prop->gcnArchName), "%s", arch);
  prop->sharedMemPerBlock = 64 * 1024; // the LDS a workgroup gets by default
  prop->major = arch[3] == '9' ? 9 : 11;
  prop->minor = arch[3] == '9' ? 4 : 0;
  prop->clockRate = kClockKHz;
  prop->memoryClockRate = kMemoryClockKHz;
  prop->clockInstructionRate = kClockKHz;
  prop->maxSharedMemoryPerMultiProcessor = hwsim::kMaxDynamicSharedBytes;
  return Status::Success;
}

// Both switches come from device_attributes.def; false: not an attribute.
bool attributeValue(const cudaDeviceProp &p, cudaDeviceAttr attr, int &value) {
  switch (attr) {
#define HWSIM_DEVICE_ATTR(Cuda, Number, Hip, Value)                            \
  case cudaDevAttr##Cuda:                                                      \
    value = Value;                                                             \
    return true;
#include "hwsim/device_attributes.def"
  }
  return false;
}
bool attributeValue(const hipDeviceProp_t &p, hipDeviceAttribute_t attr,
                    int &value) {
  switch (attr) {
#define HWSIM_DEVICE_ATTR(Cuda, Number, Hip, Value)                            \
  case hipDeviceAttribute##Hip:                                                \
    value = Value;                                                             \
    return true;
#define HWSIM_HIP_DEVICE_ATTR(Hip, Value)                                      \
  case hipDeviceAttribute##Hip:                                                \
    value = Value;                                                             \
    return true;
#include "hwsim/device_attributes.def"
  }
  return false;
}

template <class Attr>
Status deviceAttribute(int *value, Attr attr, int device) {
  using Prop = std::conditional_t<std::is_same_v<Attr, cudaDeviceAttr>,
                                  cudaDeviceProp, hipDeviceProp_t>;
  if (!value)
    return Status::InvalidValue;
  if (Status s = checkDevice(device); s != Status::Success)
    return s;
  Prop p;
  deviceProperties(&p, 0);
  return attributeValue(p, attr, *value) ? Status::Success
                                         : Status::InvalidValue;
}

} // namespace

Status checkDevice(int device) {
  return device == 0 ? Status::Success : Status::InvalidDevice;
}

} // namespace hwsim::api

#define HWSIM_API_GROUP "hwsim/host_api_device.def"
#include "HostApiTwins.inc"
