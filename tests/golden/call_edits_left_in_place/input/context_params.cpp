// Calls hipwright leaves for a person: it says why.
#include <cuda.h>
#include <cuda_runtime.h>

// The event is named inside the macro body, the stream at the use: the call
// is spelled in two places, so its arguments cannot be edited in one.
#define WAIT_DONE(stream) cudaStreamWaitEvent(stream, done)

cudaEvent_t done;

int main() {
  CUdevice device;
  CUcontext context;
  cuInit(0);
  cuDeviceGet(&device, 0);
  // The parameters are set: HIP has nothing to pass them to.
  CUctxCreateParams params = {};
  params.cigParams = nullptr;
  cuCtxCreate(&context, &params, 0, device);
  // Zeroed, but named in a branch the parse skipped: kept, to be safe.
  CUctxCreateParams quiet = {};
#if 0
  quiet.numExecAffinityParams = 1;
#endif
  cuCtxCreate(&context, &quiet, 0, device);
  cudaStream_t stream;
  cudaStreamCreate(&stream);
  WAIT_DONE(stream);
  return 0;
}
