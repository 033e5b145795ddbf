// Calls hipwright leaves for a person: it says why.
#include <hip/hip_runtime.h>
#include <hip/hip_runtime.h>

// The event is named inside the macro body, the stream at the use: the call
// is spelled in two places, so its arguments cannot be edited in one.
#define WAIT_DONE(stream) hipStreamWaitEvent(stream, done)

hipEvent_t done;

int main() {
  hipDevice_t device;
  hipCtx_t context;
  hipInit(0);
  hipDeviceGet(&device, 0);
  // The parameters are set: HIP has nothing to pass them to.
  CUctxCreateParams params = {};
  params.cigParams = nullptr;
  hipCtxCreate(&context, &params, 0, device);
  // Zeroed, but named in a branch the parse skipped: kept, to be safe.
  CUctxCreateParams quiet = {};
#if 0
  quiet.numExecAffinityParams = 1;
#endif
  hipCtxCreate(&context, &quiet, 0, device);
  hipStream_t stream;
  hipStreamCreate(&stream);
  WAIT_DONE(stream);
  return 0;
}
