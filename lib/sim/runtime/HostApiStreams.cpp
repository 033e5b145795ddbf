//===- HostApiStreams.cpp - streams and events, run synchronously ---------===//
//
// Every operation finishes before the call that issues it returns, so a
// stream never has pending work and an event is complete once recorded.
// Handles are checked against the live set so that using a destroyed or
// made-up handle is an error rather than a crash.
//
//===----------------------------------------------------------------------===//
#include "HostApiState.h"

#include <chrono>
#include <mutex>
#include <set>

struct hwsimStream {
  unsigned flags;
  int priority;
};

struct hwsimEvent {
  unsigned flags;
  bool recorded = false;
  std::chrono::steady_clock::time_point time;
};

namespace hwsim::api {
namespace {

struct Handles {
  std::mutex mutex;
  std::set<hwsimStream *> streams;
  std::set<hwsimEvent *> events;
};
Handles &handles() {
  static Handles h;
  return h;
}

// The legacy and per-thread default streams are reserved small values.
bool isDefaultStream(const void *stream) {
  const auto v = reinterpret_cast<uintptr_t>(stream);
  return v == 0 || v == 1 || v == 2;
}

Status createStream(hwsimStream **out, unsigned flags, int priority) {
  if (!out || flags > cudaStreamNonBlocking)
    return Status::InvalidValue;
  auto *s = new hwsimStream{flags, priority};
  std::lock_guard<std::mutex> lock(handles().mutex);
  handles().streams.insert(s);
  *out = s;
  return Status::Success;
}

Status destroyStream(hwsimStream *stream) {
  std::lock_guard<std::mutex> lock(handles().mutex);
  if (!handles().streams.erase(stream))
    return Status::InvalidResourceHandle;
  delete stream;
  return Status::Success;
}

/// Runs \p f with the event locked; an unknown handle is an error.
template <class F> Status withEvent(hwsimEvent *event, F f) {
  std::lock_guard<std::mutex> lock(handles().mutex);
  if (!handles().events.count(event))
    return Status::InvalidResourceHandle;
  return f(*event);
}

Status createEvent(hwsimEvent **out, unsigned flags) {
  constexpr unsigned kKnown =
      cudaEventBlockingSync | cudaEventDisableTiming | cudaEventInterprocess;
  if (!out || (flags & ~kKnown) != 0)
    return Status::InvalidValue;
  auto *e = new hwsimEvent{flags, false, {}};
  std::lock_guard<std::mutex> lock(handles().mutex);
  handles().events.insert(e);
  *out = e;
  return Status::Success;
}

Status destroyEvent(hwsimEvent *event) {
  std::lock_guard<std::mutex> lock(handles().mutex);
  if (!handles().events.erase(event))
    return Status::InvalidResourceHandle;
  delete event;
  return Status::Success;
}

Status recordEvent(hwsimEvent *event, const void *stream) {
  if (Status s = checkStream(stream); s != Status::Success)
    return s;
  return withEvent(event, [](hwsimEvent &e) {
    e.recorded = true;
    e.time = std::chrono::steady_clock::now();
    return Status::Success;
  });
}

Status elapsed(float *ms, hwsimEvent *start, hwsimEvent *end) {
  if (!ms)
    return Status::InvalidValue;
  std::lock_guard<std::mutex> lock(handles().mutex);
  if (!handles().events.count(start) || !handles().events.count(end))
    return Status::InvalidResourceHandle;
  // CUDA: a never-recorded event or one created without timing has no time.
  if (!start->recorded || !end->recorded ||
      ((start->flags | end->flags) & cudaEventDisableTiming))
    return Status::InvalidResourceHandle;
  *ms =
      std::chrono::duration<float, std::milli>(end->time - start->time).count();
  return Status::Success;
}

Status waitEvent(const void *stream, hwsimEvent *event) {
  if (Status s = checkStream(stream); s != Status::Success)
    return s;
  return withEvent(event, [](hwsimEvent &) { return Status::Success; });
}

Status priorityRange(int *least, int *greatest) {
  if (least)
    *least = 0;
  if (greatest)
    *greatest = -1;
  return Status::Success;
}

} // namespace

Status checkStream(const void *stream) {
  if (isDefaultStream(stream))
    return Status::Success;
  std::lock_guard<std::mutex> lock(handles().mutex);
  return handles().streams.count(
             static_cast<hwsimStream *>(const_cast<void *>(stream)))
             ? Status::Success
             : Status::InvalidResourceHandle;
}

void destroyAllStreamsAndEvents() {
  std::lock_guard<std::mutex> lock(handles().mutex);
  for (hwsimStream *s : handles().streams)
    delete s;
  for (hwsimEvent *e : handles().events)
    delete e;
  handles().streams.clear();
  handles().events.clear();
}

} // namespace hwsim::api

using hwsim::api::cuda;
using hwsim::api::hip;
using hwsim::api::Status;
namespace api = hwsim::api;

// ---- CUDA -------------------------------------------------------------------

cudaError_t cudaStreamCreate(cudaStream_t *stream) {
  return cuda(api::createStream(stream, cudaStreamDefault, 0));
}
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *stream, unsigned flags) {
  return cuda(api::createStream(stream, flags, 0));
}
cudaError_t cudaStreamCreateWithPriority(cudaStream_t *stream, unsigned flags,
                                         int priority) {
  return cuda(api::createStream(stream, flags, priority));
}
cudaError_t cudaStreamDestroy(cudaStream_t stream) {
  return cuda(api::destroyStream(stream));
}
cudaError_t cudaStreamSynchronize(cudaStream_t stream) {
  return cuda(api::checkStream(stream));
}
cudaError_t cudaStreamQuery(cudaStream_t stream) {
  return cuda(api::checkStream(stream));
}
cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event,
                                unsigned) {
  return cuda(api::waitEvent(stream, event));
}
cudaError_t cudaStreamAddCallback(cudaStream_t stream,
                                  cudaStreamCallback_t callback, void *userData,
                                  unsigned flags) {
  Status s = api::checkStream(stream);
  if (s == Status::Success && (!callback || flags != 0))
    s = Status::InvalidValue;
  if (s != Status::Success)
    return cuda(s);
  callback(stream, cudaSuccess, userData);
  return cuda(Status::Success);
}
cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn,
                               void *userData) {
  Status s = api::checkStream(stream);
  if (s == Status::Success && !fn)
    s = Status::InvalidValue;
  if (s != Status::Success)
    return cuda(s);
  fn(userData);
  return cuda(Status::Success);
}
cudaError_t cudaDeviceGetStreamPriorityRange(int *least, int *greatest) {
  return cuda(api::priorityRange(least, greatest));
}
cudaError_t cudaEventCreate(cudaEvent_t *event) {
  return cuda(api::createEvent(event, cudaEventDefault));
}
cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned flags) {
  return cuda(api::createEvent(event, flags));
}
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream) {
  return cuda(api::recordEvent(event, stream));
}
cudaError_t cudaEventSynchronize(cudaEvent_t event) {
  return cuda(
      api::withEvent(event, [](hwsimEvent &) { return Status::Success; }));
}
cudaError_t cudaEventQuery(cudaEvent_t event) {
  return cuda(
      api::withEvent(event, [](hwsimEvent &) { return Status::Success; }));
}
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start,
                                 cudaEvent_t end) {
  return cuda(api::elapsed(ms, start, end));
}
cudaError_t cudaEventDestroy(cudaEvent_t event) {
  return cuda(api::destroyEvent(event));
}

// ---- HIP --------------------------------------------------------------------

hipError_t hipStreamCreate(hipStream_t *stream) {
  return hip(api::createStream(stream, hipStreamDefault, 0));
}
hipError_t hipStreamCreateWithFlags(hipStream_t *stream, unsigned flags) {
  return hip(api::createStream(stream, flags, 0));
}
hipError_t hipStreamCreateWithPriority(hipStream_t *stream, unsigned flags,
                                       int priority) {
  return hip(api::createStream(stream, flags, priority));
}
hipError_t hipStreamDestroy(hipStream_t stream) {
  return hip(api::destroyStream(stream));
}
hipError_t hipStreamSynchronize(hipStream_t stream) {
  return hip(api::checkStream(stream));
}
hipError_t hipStreamQuery(hipStream_t stream) {
  return hip(api::checkStream(stream));
}
hipError_t hipStreamWaitEvent(hipStream_t stream, hipEvent_t event, unsigned) {
  return hip(api::waitEvent(stream, event));
}
hipError_t hipStreamAddCallback(hipStream_t stream,
                                hipStreamCallback_t callback, void *userData,
                                unsigned flags) {
  Status s = api::checkStream(stream);
  if (s == Status::Success && (!callback || flags != 0))
    s = Status::InvalidValue;
  if (s != Status::Success)
    return hip(s);
  callback(stream, hipSuccess, userData);
  return hip(Status::Success);
}
hipError_t hipLaunchHostFunc(hipStream_t stream, hipHostFn_t fn,
                             void *userData) {
  Status s = api::checkStream(stream);
  if (s == Status::Success && !fn)
    s = Status::InvalidValue;
  if (s != Status::Success)
    return hip(s);
  fn(userData);
  return hip(Status::Success);
}
hipError_t hipDeviceGetStreamPriorityRange(int *least, int *greatest) {
  return hip(api::priorityRange(least, greatest));
}
hipError_t hipEventCreate(hipEvent_t *event) {
  return hip(api::createEvent(event, hipEventDefault));
}
hipError_t hipEventCreateWithFlags(hipEvent_t *event, unsigned flags) {
  return hip(api::createEvent(event, flags));
}
hipError_t hipEventRecord(hipEvent_t event, hipStream_t stream) {
  return hip(api::recordEvent(event, stream));
}
hipError_t hipEventSynchronize(hipEvent_t event) {
  return hip(
      api::withEvent(event, [](hwsimEvent &) { return Status::Success; }));
}
hipError_t hipEventQuery(hipEvent_t event) {
  return hip(
      api::withEvent(event, [](hwsimEvent &) { return Status::Success; }));
}
hipError_t hipEventElapsedTime(float *ms, hipEvent_t start, hipEvent_t end) {
  return hip(api::elapsed(ms, start, end));
}
hipError_t hipEventDestroy(hipEvent_t event) {
  return hip(api::destroyEvent(event));
}
