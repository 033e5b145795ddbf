//===- HostApiState.h - shared state of the simulated host API --*- C++ -*-===//
//
// Private to the runtime. Every cuda* and hip* entry point does its work in
// terms of one internal Status and converts at the boundary, so both
// spellings share the last-error slot, the allocation table and the stream
// and event handles.
//
//===----------------------------------------------------------------------===//
#ifndef HIPWRIGHT_SIM_RUNTIME_HOSTAPISTATE_H
#define HIPWRIGHT_SIM_RUNTIME_HOSTAPISTATE_H

#include "hwsim/host_api.h"

#include <cstddef>

namespace hwsim::api {

/// The runtime's own error status; each value names one row of the error
/// table (HostApiErrors.cpp), which gives its CUDA and HIP codes and names.
enum class Status {
  Success,
  InvalidValue,
  MemoryAllocation,
  InitializationError,
  InvalidConfiguration,
  InvalidPitchValue,
  InvalidSymbol,
  InvalidDevicePointer,
  InvalidMemcpyDirection,
  InvalidDeviceFunction,
  NoDevice,
  InvalidDevice,
  InvalidResourceHandle,
  NotReady,
  NotSupported,
  HostMemoryAlreadyRegistered,
  HostMemoryNotRegistered,
  LaunchFailure,
  Assert,
  Unknown,
};

/// Makes \p status the calling thread's last error unless it is Success.
Status record(Status status);
/// \p status, or the context's sticky fault (a device-side assert or trap)
/// once there is one: a faulted CUDA context fails every later call.
Status sticky(Status status);
cudaError_t toCuda(Status status);
hipError_t toHip(Status status);
int toSpelling(Spelling spelling, Status status);
/// Records and converts: the tail of every public entry point.
inline cudaError_t cuda(Status status) {
  return toCuda(record(sticky(status)));
}
inline hipError_t hip(Status status) { return toHip(record(sticky(status))); }
/// The implementation of the entry points that have nothing to do on one
/// CPU (cache preferences, memory advice, device synchronization).
inline Status nothingToDo() { return Status::Success; }

/// The simulated device's memory size.
inline constexpr size_t kDeviceMemoryBytes = size_t(16) << 30;
inline constexpr size_t kAllocationAlignment = 256;

enum class AllocKind { Device, PinnedHost, Managed, RegisteredHost };
Status allocate(void **ptr, size_t size, AllocKind kind);
/// Frees an allocation made as one of the kinds \p deviceSide selects
/// (device and managed, or pinned host).
Status release(void *ptr, bool deviceSide);
Status copy(void *dst, const void *src, size_t count, int kind);
Status copy2D(void *dst, size_t dpitch, const void *src, size_t spitch,
              size_t width, size_t height, int kind);
Status fill(void *ptr, int value, size_t count);
Status fill2D(void *ptr, size_t pitch, int value, size_t width, size_t height);
Status mallocPitch(void **ptr, size_t *pitch, size_t width, size_t height);
Status memInfo(size_t *freeBytes, size_t *totalBytes);
/// The kind of the allocation containing \p ptr; false when there is none.
bool findAllocation(const void *ptr, AllocKind &kind, void *&base);
Status registerHost(void *ptr, size_t size);
Status unregisterHost(void *ptr);
void releaseAll();

Status checkDevice(int device);
Status checkStream(const void *stream);
void destroyAllStreamsAndEvents();

} // namespace hwsim::api

#endif // HIPWRIGHT_SIM_RUNTIME_HOSTAPISTATE_H
