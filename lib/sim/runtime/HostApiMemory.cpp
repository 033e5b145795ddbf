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

namespace {

// The implementations the entry points of host_api_memory.def name.
Status allocateDevice(void **ptr, size_t size) {
  return allocate(ptr, size, AllocKind::Device);
}
Status allocatePinned(void **ptr, size_t size) {
  return allocate(ptr, size, AllocKind::PinnedHost);
}
Status allocateManaged(void **ptr, size_t size, unsigned flags) {
  if (flags != cudaMemAttachGlobal && flags != cudaMemAttachHost)
    return Status::InvalidValue;
  return allocate(ptr, size, AllocKind::Managed);
}
Status releaseDevice(void *ptr) { return release(ptr, true); }
Status releasePinned(void *ptr) { return release(ptr, false); }

Status hostDevicePointer(void **devicePtr, void *hostPtr) {
  if (!devicePtr || !hostPtr)
    return Status::InvalidValue;
  *devicePtr = hostPtr; // one address space
  return Status::Success;
}

/// The fields both pointer-attribute structs have.
template <class Attr, class MemoryType>
bool describePointer(Attr &attr, const void *ptr, AllocKind &kind,
                     MemoryType device, MemoryType managed, MemoryType host) {
  void *base;
  if (!findAllocation(ptr, kind, base))
    return false;
  attr.type = kind == AllocKind::Device    ? device
              : kind == AllocKind::Managed ? managed
                                           : host;
  attr.device = 0;
  attr.devicePointer = const_cast<void *>(ptr);
  attr.hostPointer =
      kind == AllocKind::Device ? nullptr : const_cast<void *>(ptr);
  return true;
}
Status pointerAttributes(cudaPointerAttributes *attr, const void *ptr) {
  if (!attr)
    return Status::InvalidValue;
  AllocKind kind;
  *attr =
      cudaPointerAttributes{cudaMemoryTypeUnregistered, -2, nullptr, nullptr};
  describePointer(*attr, ptr, kind, cudaMemoryTypeDevice, cudaMemoryTypeManaged,
                  cudaMemoryTypeHost);
  return Status::Success;
}
// HIP refuses a null pointer and says whether the memory is managed.
Status pointerAttributes(hipPointerAttribute_t *attr, const void *ptr) {
  if (!attr || !ptr)
    return Status::InvalidValue;
  AllocKind kind;
  *attr = hipPointerAttribute_t{
      hipMemoryTypeUnregistered, -2, nullptr, nullptr, 0, 0};
  if (describePointer(*attr, ptr, kind, hipMemoryTypeDevice,
                      hipMemoryTypeManaged, hipMemoryTypeHost))
    attr->isManaged = kind == AllocKind::Managed;
  return Status::Success;
}

// The stream forms check the stream, then work at once.
Status copyAsync(void *dst, const void *src, size_t count, int kind,
                 const void *stream) {
  Status s = checkStream(stream);
  return s != Status::Success ? s : copy(dst, src, count, kind);
}
Status copy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch,
                   size_t width, size_t height, int kind, const void *stream) {
  Status s = checkStream(stream);
  return s != Status::Success
             ? s
             : copy2D(dst, dpitch, src, spitch, width, height, kind);
}
Status fillAsync(void *ptr, int value, size_t count, const void *stream) {
  Status s = checkStream(stream);
  return s != Status::Success ? s : fill(ptr, value, count);
}

// The wider fills write whole elements; check the range once, then store.
template <class T> Status fillElements(void *ptr, T value, size_t n) {
  if (n > SIZE_MAX / sizeof(T))
    return Status::InvalidValue;
  Status s = fill(ptr, 0, n * sizeof(T)); // validates the range
  if (s != Status::Success)
    return s;
  for (size_t i = 0; i < n; ++i)
    std::memcpy(static_cast<char *>(ptr) + i * sizeof(T), &value, sizeof(T));
  return Status::Success;
}
} // namespace

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

#define HWSIM_API_GROUP "hwsim/host_api_memory.def"
#include "HostApiTwins.inc"
