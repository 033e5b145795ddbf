//===- HostApiMemory.cpp - allocations, copies, fills, symbols ------------===//
//
// Device memory is host memory. The allocation table knows every block the
// program got from the runtime, so frees of unknown pointers fail cleanly
// and copies that run past the end of an allocation are refused instead of
// corrupting the heap.
//
//===----------------------------------------------------------------------===//
#include "HostApiState.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>

namespace hwsim::api {
namespace {

struct Allocation {
  size_t size;
  AllocKind kind;
};

struct Registry {
  std::mutex mutex;
  std::map<uintptr_t, Allocation> blocks; // keyed by base address
  size_t deviceBytesInUse = 0;
};

Registry &registry() {
  static Registry r;
  return r;
}

bool countsAsDevice(AllocKind kind) {
  return kind == AllocKind::Device || kind == AllocKind::Managed;
}

/// The allocation containing [p, p + count), or none. Requires the lock.
/// Returns false when p lies in an allocation but p + count does not.
bool rangeFits(Registry &r, const void *p, size_t count) {
  const auto addr = reinterpret_cast<uintptr_t>(p);
  auto it = r.blocks.upper_bound(addr);
  if (it == r.blocks.begin())
    return true; // not runtime memory: nothing to check against
  --it;
  const uintptr_t end = it->first + it->second.size;
  if (addr >= end)
    return true;
  return count <= end - addr;
}

bool validKind(int kind) {
  return (kind >= cudaMemcpyHostToHost && kind <= cudaMemcpyDefault) ||
         kind == hipMemcpyDeviceToDeviceNoCU;
}

} // namespace

Status allocate(void **ptr, size_t size, AllocKind kind) {
  if (!ptr)
    return Status::InvalidValue;
  *ptr = nullptr;
  if (size == 0)
    return Status::Success;
  Registry &r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  if (size > SIZE_MAX - kAllocationAlignment)
    return Status::MemoryAllocation;
  const size_t rounded =
      (size + kAllocationAlignment - 1) & ~(kAllocationAlignment - 1);
  if (countsAsDevice(kind) && rounded > kDeviceMemoryBytes - r.deviceBytesInUse)
    return Status::MemoryAllocation;
  void *p = std::aligned_alloc(kAllocationAlignment, rounded);
  if (!p)
    return Status::MemoryAllocation;
  r.blocks[reinterpret_cast<uintptr_t>(p)] = Allocation{size, kind};
  if (countsAsDevice(kind))
    r.deviceBytesInUse += rounded;
  *ptr = p;
  return Status::Success;
}

Status release(void *ptr, bool deviceSide) {
  if (!ptr)
    return Status::Success;
  Registry &r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  auto it = r.blocks.find(reinterpret_cast<uintptr_t>(ptr));
  if (it == r.blocks.end() || it->second.kind == AllocKind::RegisteredHost ||
      countsAsDevice(it->second.kind) != deviceSide)
    return Status::InvalidValue;
  if (deviceSide)
    r.deviceBytesInUse -= (it->second.size + kAllocationAlignment - 1) &
                          ~(kAllocationAlignment - 1);
  r.blocks.erase(it);
  std::free(ptr);
  return Status::Success;
}

void releaseAll() {
  Registry &r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  for (auto it = r.blocks.begin(); it != r.blocks.end();) {
    if (it->second.kind == AllocKind::RegisteredHost) {
      ++it;
      continue;
    }
    std::free(reinterpret_cast<void *>(it->first));
    it = r.blocks.erase(it);
  }
  r.deviceBytesInUse = 0;
}

bool findAllocation(const void *ptr, AllocKind &kind, void *&base) {
  Registry &r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  const auto addr = reinterpret_cast<uintptr_t>(ptr);
  auto it = r.blocks.upper_bound(addr);
  if (it == r.blocks.begin())
    return false;
  --it;
  if (addr >= it->first + it->second.size)
    return false;
  kind = it->second.kind;
  base = reinterpret_cast<void *>(it->first);
  return true;
}

Status copy(void *dst, const void *src, size_t count, int kind) {
  if (!validKind(kind))
    return Status::InvalidMemcpyDirection;
  if (count == 0)
    return Status::Success;
  if (!dst || !src)
    return Status::InvalidValue;
  {
    Registry &r = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    if (!rangeFits(r, dst, count) || !rangeFits(r, src, count))
      return Status::InvalidValue;
  }
  std::memmove(dst, src, count);
  return Status::Success;
}

Status copy2D(void *dst, size_t dpitch, const void *src, size_t spitch,
              size_t width, size_t height, int kind) {
  if (!validKind(kind))
    return Status::InvalidMemcpyDirection;
  if (width > dpitch || width > spitch)
    return Status::InvalidPitchValue;
  for (size_t row = 0; row < height; ++row) {
    Status s = copy(static_cast<char *>(dst) + row * dpitch,
                    static_cast<const char *>(src) + row * spitch, width, kind);
    if (s != Status::Success)
      return s;
  }
  return Status::Success;
}

Status fill(void *ptr, int value, size_t count) {
  if (count == 0)
    return Status::Success;
  if (!ptr)
    return Status::InvalidValue;
  {
    Registry &r = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    if (!rangeFits(r, ptr, count))
      return Status::InvalidValue;
  }
  std::memset(ptr, value, count);
  return Status::Success;
}

Status fill2D(void *ptr, size_t pitch, int value, size_t width, size_t height) {
  if (width > pitch)
    return Status::InvalidPitchValue;
  for (size_t row = 0; row < height; ++row) {
    Status s = fill(static_cast<char *>(ptr) + row * pitch, value, width);
    if (s != Status::Success)
      return s;
  }
  return Status::Success;
}

Status mallocPitch(void **ptr, size_t *pitch, size_t width, size_t height) {
  if (!pitch)
    return Status::InvalidValue;
  const size_t rowBytes =
      (width + kAllocationAlignment - 1) & ~(kAllocationAlignment - 1);
  if (height != 0 && rowBytes > SIZE_MAX / height)
    return Status::MemoryAllocation;
  Status s = allocate(ptr, rowBytes * height, AllocKind::Device);
  if (s == Status::Success)
    *pitch = rowBytes;
  return s;
}

Status memInfo(size_t *freeBytes, size_t *totalBytes) {
  if (!freeBytes || !totalBytes)
    return Status::InvalidValue;
  Registry &r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  *totalBytes = kDeviceMemoryBytes;
  *freeBytes = kDeviceMemoryBytes - r.deviceBytesInUse;
  return Status::Success;
}

Status registerHost(void *ptr, size_t size) {
  if (!ptr || size == 0)
    return Status::InvalidValue;
  Registry &r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  const auto addr = reinterpret_cast<uintptr_t>(ptr);
  auto next = r.blocks.lower_bound(addr);
  if (next != r.blocks.end() && next->first < addr + size)
    return Status::HostMemoryAlreadyRegistered;
  if (next != r.blocks.begin()) {
    auto prev = std::prev(next);
    if (prev->first + prev->second.size > addr)
      return Status::HostMemoryAlreadyRegistered;
  }
  r.blocks[addr] = Allocation{size, AllocKind::RegisteredHost};
  return Status::Success;
}

Status unregisterHost(void *ptr) {
  Registry &r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  auto it = r.blocks.find(reinterpret_cast<uintptr_t>(ptr));
  if (it == r.blocks.end() || it->second.kind != AllocKind::RegisteredHost)
    return Status::HostMemoryNotRegistered;
  r.blocks.erase(it);
  return Status::Success;
}

int symbolCopy(Spelling spelling, void *symbol, size_t symbolSize,
               bool toSymbol, void *other, size_t count, size_t offset,
               int kind) {
  Status s = Status::Success;
  if (!symbol)
    s = Status::InvalidSymbol;
  else if (offset > symbolSize || count > symbolSize - offset)
    s = Status::InvalidValue;
  else if (toSymbol)
    s = copy(static_cast<char *>(symbol) + offset, other, count, kind);
  else
    s = copy(other, static_cast<char *>(symbol) + offset, count, kind);
  return toSpelling(spelling, record(s));
}

} // namespace hwsim::api

using hwsim::api::AllocKind;
using hwsim::api::cuda;
using hwsim::api::hip;
using hwsim::api::Status;
namespace api = hwsim::api;

// ---- CUDA -------------------------------------------------------------------

cudaError_t cudaMalloc(void **ptr, size_t size) {
  return cuda(api::allocate(ptr, size, AllocKind::Device));
}
cudaError_t cudaFree(void *ptr) { return cuda(api::release(ptr, true)); }
cudaError_t cudaMallocHost(void **ptr, size_t size) {
  return cuda(api::allocate(ptr, size, AllocKind::PinnedHost));
}
cudaError_t cudaHostAlloc(void **ptr, size_t size, unsigned) {
  return cuda(api::allocate(ptr, size, AllocKind::PinnedHost));
}
cudaError_t cudaFreeHost(void *ptr) { return cuda(api::release(ptr, false)); }
cudaError_t cudaMallocManaged(void **ptr, size_t size, unsigned flags) {
  if (flags != cudaMemAttachGlobal && flags != cudaMemAttachHost)
    return cuda(Status::InvalidValue);
  return cuda(api::allocate(ptr, size, AllocKind::Managed));
}
cudaError_t cudaMallocPitch(void **ptr, size_t *pitch, size_t width,
                            size_t height) {
  return cuda(api::mallocPitch(ptr, pitch, width, height));
}
cudaError_t cudaHostGetDevicePointer(void **devicePtr, void *hostPtr,
                                     unsigned) {
  if (!devicePtr || !hostPtr)
    return cuda(Status::InvalidValue);
  *devicePtr = hostPtr; // one address space
  return cuda(Status::Success);
}
cudaError_t cudaHostRegister(void *ptr, size_t size, unsigned) {
  return cuda(api::registerHost(ptr, size));
}
cudaError_t cudaHostUnregister(void *ptr) {
  return cuda(api::unregisterHost(ptr));
}
cudaError_t cudaPointerGetAttributes(cudaPointerAttributes *attr,
                                     const void *ptr) {
  if (!attr)
    return cuda(Status::InvalidValue);
  AllocKind kind;
  void *base;
  *attr =
      cudaPointerAttributes{cudaMemoryTypeUnregistered, -2, nullptr, nullptr};
  if (!api::findAllocation(ptr, kind, base))
    return cuda(Status::Success);
  attr->type = kind == AllocKind::Device    ? cudaMemoryTypeDevice
               : kind == AllocKind::Managed ? cudaMemoryTypeManaged
                                            : cudaMemoryTypeHost;
  attr->device = 0;
  attr->devicePointer = const_cast<void *>(ptr);
  attr->hostPointer =
      kind == AllocKind::Device ? nullptr : const_cast<void *>(ptr);
  return cuda(Status::Success);
}
cudaError_t cudaMemGetInfo(size_t *freeBytes, size_t *totalBytes) {
  return cuda(api::memInfo(freeBytes, totalBytes));
}
cudaError_t cudaMemcpy(void *dst, const void *src, size_t count,
                       cudaMemcpyKind kind) {
  return cuda(api::copy(dst, src, count, kind));
}
cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count,
                            cudaMemcpyKind kind, cudaStream_t stream) {
  Status s = api::checkStream(stream);
  return cuda(s != Status::Success ? s : api::copy(dst, src, count, kind));
}
cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src,
                         size_t spitch, size_t width, size_t height,
                         cudaMemcpyKind kind) {
  return cuda(api::copy2D(dst, dpitch, src, spitch, width, height, kind));
}
cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src,
                              size_t spitch, size_t width, size_t height,
                              cudaMemcpyKind kind, cudaStream_t stream) {
  Status s = api::checkStream(stream);
  return cuda(s != Status::Success
                  ? s
                  : api::copy2D(dst, dpitch, src, spitch, width, height, kind));
}
cudaError_t cudaMemset(void *ptr, int value, size_t count) {
  return cuda(api::fill(ptr, value, count));
}
cudaError_t cudaMemsetAsync(void *ptr, int value, size_t count,
                            cudaStream_t stream) {
  Status s = api::checkStream(stream);
  return cuda(s != Status::Success ? s : api::fill(ptr, value, count));
}
cudaError_t cudaMemset2D(void *ptr, size_t pitch, int value, size_t width,
                         size_t height) {
  return cuda(api::fill2D(ptr, pitch, value, width, height));
}
cudaError_t cudaMemPrefetchAsync(const void *, size_t, cudaMemLocation,
                                 unsigned, cudaStream_t stream) {
  return cuda(api::checkStream(stream));
}
cudaError_t cudaMemPrefetchAsync(const void *, size_t, int,
                                 cudaStream_t stream) {
  return cuda(api::checkStream(stream));
}
cudaError_t cudaMemAdvise(const void *, size_t, cudaMemoryAdvise,
                          cudaMemLocation) {
  return cuda(Status::Success);
}
cudaError_t cudaMemAdvise(const void *, size_t, cudaMemoryAdvise, int) {
  return cuda(Status::Success);
}

// ---- HIP --------------------------------------------------------------------

hipError_t hipMalloc(void **ptr, size_t size) {
  return hip(api::allocate(ptr, size, AllocKind::Device));
}
hipError_t hipFree(void *ptr) { return hip(api::release(ptr, true)); }
hipError_t hipHostMalloc(void **ptr, size_t size, unsigned) {
  return hip(api::allocate(ptr, size, AllocKind::PinnedHost));
}
hipError_t hipMallocHost(void **ptr, size_t size) {
  return hip(api::allocate(ptr, size, AllocKind::PinnedHost));
}
hipError_t hipHostAlloc(void **ptr, size_t size, unsigned) {
  return hip(api::allocate(ptr, size, AllocKind::PinnedHost));
}
hipError_t hipHostFree(void *ptr) { return hip(api::release(ptr, false)); }
hipError_t hipFreeHost(void *ptr) { return hip(api::release(ptr, false)); }
hipError_t hipMallocManaged(void **ptr, size_t size, unsigned flags) {
  if (flags != hipMemAttachGlobal && flags != hipMemAttachHost)
    return hip(Status::InvalidValue);
  return hip(api::allocate(ptr, size, AllocKind::Managed));
}
hipError_t hipMallocPitch(void **ptr, size_t *pitch, size_t width,
                          size_t height) {
  return hip(api::mallocPitch(ptr, pitch, width, height));
}
hipError_t hipHostGetDevicePointer(void **devicePtr, void *hostPtr, unsigned) {
  if (!devicePtr || !hostPtr)
    return hip(Status::InvalidValue);
  *devicePtr = hostPtr;
  return hip(Status::Success);
}
hipError_t hipHostRegister(void *ptr, size_t size, unsigned) {
  return hip(api::registerHost(ptr, size));
}
hipError_t hipHostUnregister(void *ptr) {
  return hip(api::unregisterHost(ptr));
}
hipError_t hipPointerGetAttributes(hipPointerAttribute_t *attr,
                                   const void *ptr) {
  if (!attr || !ptr)
    return hip(Status::InvalidValue);
  AllocKind kind;
  void *base;
  *attr = hipPointerAttribute_t{
      hipMemoryTypeUnregistered, -2, nullptr, nullptr, 0, 0};
  if (!api::findAllocation(ptr, kind, base))
    return hip(Status::Success);
  attr->type = kind == AllocKind::Device    ? hipMemoryTypeDevice
               : kind == AllocKind::Managed ? hipMemoryTypeManaged
                                            : hipMemoryTypeHost;
  attr->device = 0;
  attr->devicePointer = const_cast<void *>(ptr);
  attr->hostPointer =
      kind == AllocKind::Device ? nullptr : const_cast<void *>(ptr);
  attr->isManaged = kind == AllocKind::Managed;
  return hip(Status::Success);
}
hipError_t hipMemGetInfo(size_t *freeBytes, size_t *totalBytes) {
  return hip(api::memInfo(freeBytes, totalBytes));
}
hipError_t hipMemcpy(void *dst, const void *src, size_t count,
                     hipMemcpyKind kind) {
  return hip(api::copy(dst, src, count, kind));
}
hipError_t hipMemcpyAsync(void *dst, const void *src, size_t count,
                          hipMemcpyKind kind, hipStream_t stream) {
  Status s = api::checkStream(stream);
  return hip(s != Status::Success ? s : api::copy(dst, src, count, kind));
}
hipError_t hipMemcpyHtoD(hipDeviceptr_t dst, const void *src, size_t count) {
  return hip(api::copy(dst, src, count, hipMemcpyHostToDevice));
}
hipError_t hipMemcpyDtoH(void *dst, hipDeviceptr_t src, size_t count) {
  return hip(api::copy(dst, src, count, hipMemcpyDeviceToHost));
}
hipError_t hipMemcpyDtoD(hipDeviceptr_t dst, hipDeviceptr_t src, size_t count) {
  return hip(api::copy(dst, src, count, hipMemcpyDeviceToDevice));
}
hipError_t hipMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch,
                       size_t width, size_t height, hipMemcpyKind kind) {
  return hip(api::copy2D(dst, dpitch, src, spitch, width, height, kind));
}
hipError_t hipMemcpy2DAsync(void *dst, size_t dpitch, const void *src,
                            size_t spitch, size_t width, size_t height,
                            hipMemcpyKind kind, hipStream_t stream) {
  Status s = api::checkStream(stream);
  return hip(s != Status::Success
                 ? s
                 : api::copy2D(dst, dpitch, src, spitch, width, height, kind));
}
hipError_t hipMemset(void *ptr, int value, size_t count) {
  return hip(api::fill(ptr, value, count));
}
hipError_t hipMemsetAsync(void *ptr, int value, size_t count,
                          hipStream_t stream) {
  Status s = api::checkStream(stream);
  return hip(s != Status::Success ? s : api::fill(ptr, value, count));
}
hipError_t hipMemset2D(void *ptr, size_t pitch, int value, size_t width,
                       size_t height) {
  return hip(api::fill2D(ptr, pitch, value, width, height));
}
hipError_t hipMemsetD8(hipDeviceptr_t ptr, unsigned char value, size_t count) {
  return hip(api::fill(ptr, value, count));
}
// The wider fills write whole elements; check the range once, then store.
template <class T> static Status fillElements(void *ptr, T value, size_t n) {
  if (n > SIZE_MAX / sizeof(T))
    return Status::InvalidValue;
  Status s = api::fill(ptr, 0, n * sizeof(T)); // validates the range
  if (s != Status::Success)
    return s;
  for (size_t i = 0; i < n; ++i)
    std::memcpy(static_cast<char *>(ptr) + i * sizeof(T), &value, sizeof(T));
  return Status::Success;
}
hipError_t hipMemsetD16(hipDeviceptr_t ptr, unsigned short value,
                        size_t count) {
  return hip(fillElements(ptr, value, count));
}
hipError_t hipMemsetD32(hipDeviceptr_t ptr, int value, size_t count) {
  return hip(fillElements(ptr, value, count));
}
hipError_t hipMemPrefetchAsync(const void *, size_t, int, hipStream_t stream) {
  return hip(api::checkStream(stream));
}
hipError_t hipMemAdvise(const void *, size_t, hipMemoryAdvise, int) {
  return hip(Status::Success);
}
