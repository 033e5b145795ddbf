//===- HostApiErrors.cpp - error codes, names and the last error ----------===//
//
// One table row per internal Status gives the CUDA and HIP code and name
// and the message. Codes a program passes in that the runtime never
// produces still get their own names from the unlisted tables below.
//
//===----------------------------------------------------------------------===//
#include "HostApiState.h"

#include <iterator>

namespace hwsim::api {
namespace {

struct ErrorRow {
  Status status;
  cudaError_t cudaCode;
  const char *cudaName;
  hipError_t hipCode;
  const char *hipName;
  const char *message;
};

#define ROW(S, C, H, Msg) {Status::S, C, #C, H, #H, Msg}
const ErrorRow kErrors[] = {
    ROW(Success, cudaSuccess, hipSuccess, "no error"),
    ROW(InvalidValue, cudaErrorInvalidValue, hipErrorInvalidValue,
        "invalid argument"),
    ROW(MemoryAllocation, cudaErrorMemoryAllocation, hipErrorOutOfMemory,
        "out of memory"),
    ROW(InitializationError, cudaErrorInitializationError,
        hipErrorNotInitialized, "initialization error"),
    ROW(InvalidConfiguration, cudaErrorInvalidConfiguration,
        hipErrorInvalidConfiguration, "invalid configuration argument"),
    ROW(InvalidPitchValue, cudaErrorInvalidPitchValue,
        hipErrorInvalidPitchValue, "invalid pitch argument"),
    ROW(InvalidSymbol, cudaErrorInvalidSymbol, hipErrorInvalidSymbol,
        "invalid device symbol"),
    ROW(InvalidDevicePointer, cudaErrorInvalidDevicePointer,
        hipErrorInvalidDevicePointer, "invalid device pointer"),
    ROW(InvalidMemcpyDirection, cudaErrorInvalidMemcpyDirection,
        hipErrorInvalidMemcpyDirection, "invalid copy direction for memcpy"),
    ROW(InvalidDeviceFunction, cudaErrorInvalidDeviceFunction,
        hipErrorInvalidDeviceFunction, "invalid device function"),
    ROW(NoDevice, cudaErrorNoDevice, hipErrorNoDevice,
        "no GPU device is detected"),
    ROW(InvalidDevice, cudaErrorInvalidDevice, hipErrorInvalidDevice,
        "invalid device ordinal"),
    ROW(InvalidResourceHandle, cudaErrorInvalidResourceHandle,
        hipErrorInvalidHandle, "invalid resource handle"),
    ROW(NotReady, cudaErrorNotReady, hipErrorNotReady, "device not ready"),
    ROW(NotSupported, cudaErrorNotSupported, hipErrorNotSupported,
        "operation not supported"),
    ROW(HostMemoryAlreadyRegistered, cudaErrorHostMemoryAlreadyRegistered,
        hipErrorHostMemoryAlreadyRegistered,
        "part or all of the requested memory range is already registered"),
    ROW(HostMemoryNotRegistered, cudaErrorHostMemoryNotRegistered,
        hipErrorHostMemoryNotRegistered,
        "pointer does not correspond to a registered memory region"),
    ROW(LaunchFailure, cudaErrorLaunchFailure, hipErrorLaunchFailure,
        "unspecified launch failure"),
    ROW(Assert, cudaErrorAssert, hipErrorAssert,
        "device-side assert triggered"),
    ROW(Unknown, cudaErrorUnknown, hipErrorUnknown, "unknown error"),
};
#undef ROW

// Codes declared in host_api.h that no Status produces.
struct OtherCode {
  int code;
  const char *name;
};
#define CODE(C) {C, #C}
// One code a line.
// clang-format off
const OtherCode kOtherCuda[] = {
    CODE(cudaErrorCudartUnloading),
    CODE(cudaErrorInvalidHostPointer),
    CODE(cudaErrorInsufficientDriver),
    CODE(cudaErrorMissingConfiguration),
    CODE(cudaErrorInvalidKernelImage),
    CODE(cudaErrorNoKernelImageForDevice),
    CODE(cudaErrorIllegalState),
    CODE(cudaErrorSymbolNotFound),
    CODE(cudaErrorIllegalAddress),
    CODE(cudaErrorLaunchOutOfResources),
    CODE(cudaErrorLaunchTimeout),
    CODE(cudaErrorCooperativeLaunchTooLarge),
    CODE(cudaErrorNotPermitted),
};
const OtherCode kOtherHip[] = {
    CODE(hipErrorDeinitialized),
    CODE(hipErrorInsufficientDriver),
    CODE(hipErrorMissingConfiguration),
    CODE(hipErrorInvalidImage),
    CODE(hipErrorInvalidContext),
    CODE(hipErrorNoBinaryForGpu),
    CODE(hipErrorIllegalState),
    CODE(hipErrorNotFound),
    CODE(hipErrorIllegalAddress),
    CODE(hipErrorLaunchOutOfResources),
    CODE(hipErrorLaunchTimeOut),
    CODE(hipErrorCooperativeLaunchTooLarge),
};
// clang-format on
#undef CODE

const ErrorRow &row(Status status) { return kErrors[static_cast<int>(status)]; }

template <class Code>
const ErrorRow *findRow(Code code, Code ErrorRow::*field) {
  for (const ErrorRow &r : kErrors)
    if (r.*field == code)
      return &r;
  return nullptr;
}

const char *otherName(int code, const OtherCode *begin, const OtherCode *end) {
  for (const OtherCode *c = begin; c != end; ++c)
    if (c->code == code)
      return c->name;
  return nullptr;
}

// CUDA keeps the last error per host thread.
thread_local Status lastErrorSlot = Status::Success;
// The outcome of the launch in progress on this thread (see beginLaunch).
thread_local Status launchSlot = Status::Success;

} // namespace

static_assert(std::size(kErrors) == static_cast<size_t>(Status::Unknown) + 1,
              "one error row per Status, in order");

Status record(Status status) {
  if (status != Status::Success)
    lastErrorSlot = status;
  return status;
}
Status sticky(Status status) {
  switch (contextFault()) {
  case LaunchFault::None:
    return status;
  case LaunchFault::Assert:
    return Status::Assert;
  case LaunchFault::Trap:
    return Status::LaunchFailure;
  }
  return status;
}
cudaError_t toCuda(Status status) { return row(status).cudaCode; }
hipError_t toHip(Status status) { return row(status).hipCode; }
int toSpelling(Spelling spelling, Status status) {
  if (spelling == Spelling::Cuda)
    return toCuda(status);
  return toHip(status);
}

void beginLaunch() { launchSlot = Status::Success; }
int launchStatus(Spelling spelling) {
  return toSpelling(spelling, record(sticky(launchSlot)));
}

// A sticky fault cannot be cleared by reading it.
static Status takeLastError() {
  const Status status = sticky(lastErrorSlot);
  lastErrorSlot = Status::Success;
  return status;
}

} // namespace hwsim::api

namespace hwsim {
// Overrides the runtime's weak no-op: a refused launch becomes the last
// error, as a bad <<<...>>> configuration does on a GPU.
void recordLaunchError(LaunchError error) {
  const api::Status status = error == LaunchError::InvalidConfiguration
                                 ? api::Status::InvalidConfiguration
                                 : api::Status::InvalidValue;
  api::launchSlot = status;
  api::record(status);
}
} // namespace hwsim

using hwsim::api::findRow;
using hwsim::api::kOtherCuda;
using hwsim::api::kOtherHip;
using hwsim::api::otherName;

const char *cudaGetErrorString(cudaError_t error) {
  const auto *r = findRow(error, &hwsim::api::ErrorRow::cudaCode);
  return r ? r->message : "unrecognized error code";
}
const char *cudaGetErrorName(cudaError_t error) {
  if (const auto *r = findRow(error, &hwsim::api::ErrorRow::cudaCode))
    return r->cudaName;
  const char *name =
      otherName(error, std::begin(kOtherCuda), std::end(kOtherCuda));
  return name ? name : "cudaErrorUnknown";
}
cudaError_t cudaGetLastError() {
  return hwsim::api::toCuda(hwsim::api::takeLastError());
}
cudaError_t cudaPeekAtLastError() {
  return hwsim::api::toCuda(hwsim::api::sticky(hwsim::api::lastErrorSlot));
}

const char *hipGetErrorString(hipError_t error) {
  const auto *r = findRow(error, &hwsim::api::ErrorRow::hipCode);
  return r ? r->message : "unknown error";
}
const char *hipGetErrorName(hipError_t error) {
  if (const auto *r = findRow(error, &hwsim::api::ErrorRow::hipCode))
    return r->hipName;
  const char *name =
      otherName(error, std::begin(kOtherHip), std::end(kOtherHip));
  return name ? name : "hipErrorUnknown";
}
hipError_t hipGetLastError() {
  return hwsim::api::toHip(hwsim::api::takeLastError());
}
hipError_t hipPeekAtLastError() {
  return hwsim::api::toHip(hwsim::api::sticky(hwsim::api::lastErrorSlot));
}
hipError_t hipDrvGetErrorName(hipError_t error, const char **name) {
  if (!name)
    return hwsim::api::hip(hwsim::api::Status::InvalidValue);
  *name = hipGetErrorName(error);
  return hipSuccess;
}
hipError_t hipDrvGetErrorString(hipError_t error, const char **text) {
  if (!text)
    return hwsim::api::hip(hwsim::api::Status::InvalidValue);
  *text = hipGetErrorString(error);
  return hipSuccess;
}
