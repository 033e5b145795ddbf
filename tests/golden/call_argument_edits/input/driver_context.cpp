// CUDA 13's cuCtxCreate takes creation parameters; HIP's does not.
#include <cuda.h>
#include <cstdio>

#define CHECK_DRV(call)                                                        \
  do {                                                                         \
    if ((call) != CUDA_SUCCESS)                                                \
      return 1;                                                                \
  } while (0)

int main() {
  CUdevice device;
  CUcontext context;
  if (cuInit(0) != CUDA_SUCCESS || cuDeviceGet(&device, 0) != CUDA_SUCCESS)
    return 1;
  if (cuCtxCreate(&context, NULL, 0, device) != CUDA_SUCCESS)
    return 1;
  cuCtxDestroy(context);
  if (cuCtxCreate(&context, nullptr, CU_CTX_SCHED_AUTO, device) != CUDA_SUCCESS)
    return 1;
  cuCtxDestroy(context);
  // Zeroed creation parameters ask for nothing: the variable goes too,
  // also where the call is an argument of the user's checking macro.
  CUctxCreateParams params = {};
  if (cuCtxCreate(&context, &params, 0, device) != CUDA_SUCCESS)
    return 1;
  cuCtxDestroy(context);
  CUctxCreateParams checkedParams = {};
  CHECK_DRV(cuCtxCreate(&context, &checkedParams, 0, device));
  cuCtxDestroy(context);
  printf("ok\n");
  return 0;
}
