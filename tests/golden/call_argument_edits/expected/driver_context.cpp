// CUDA 13's cuCtxCreate takes creation parameters; HIP's does not.
#include <hip/hip_runtime.h>
#include <cstdio>

#define CHECK_DRV(call)                                                        \
  do {                                                                         \
    if ((call) != hipSuccess)                                                  \
      return 1;                                                                \
  } while (0)

int main() {
  hipDevice_t device;
  hipCtx_t context;
  if (hipInit(0) != hipSuccess || hipDeviceGet(&device, 0) != hipSuccess)
    return 1;
  if (hipCtxCreate(&context, 0, device) != hipSuccess)
    return 1;
  hipCtxDestroy(context);
  if (hipCtxCreate(&context, hipDeviceScheduleAuto, device) != hipSuccess)
    return 1;
  hipCtxDestroy(context);
  // Zeroed creation parameters ask for nothing: the variable goes too,
  // also where the call is an argument of the user's checking macro.
  if (hipCtxCreate(&context, 0, device) != hipSuccess)
    return 1;
  hipCtxDestroy(context);
  CHECK_DRV(hipCtxCreate(&context, 0, device));
  hipCtxDestroy(context);
  printf("ok\n");
  return 0;
}
