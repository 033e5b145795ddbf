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

Status checkEvent(hwsimEvent *event) {
  return withEvent(event, [](hwsimEvent &) { return Status::Success; });
}

/// Runs \p callback at once: the stream's work is already done.
template <class Stream, class Error>
Status addCallback(Stream stream, void (*callback)(Stream, Error, void *),
                   void *userData, unsigned flags) {
  Status s = checkStream(stream);
  if (s == Status::Success && (!callback || flags != 0))
    s = Status::InvalidValue;
  if (s != Status::Success)
    return s;
  callback(stream, Error(0), userData); // success in both spellings
  return Status::Success;
}

Status launchHostFunc(const void *stream, void (*fn)(void *), void *userData) {
  Status s = checkStream(stream);
  if (s == Status::Success && !fn)
    s = Status::InvalidValue;
  if (s != Status::Success)
    return s;
  fn(userData);
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

#define HWSIM_API_GROUP "hwsim/host_api_streams.def"
#include "HostApiTwins.inc"
