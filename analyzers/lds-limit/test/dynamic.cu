// Expectations for lds-limit.dynamic: constant dynamic shared memory from
// cudaFuncSetAttribute or the launch configuration, added to the kernel's
// static shared memory. See tests/analyzers/check_analyzer.sh.
#include <cuda_runtime.h>

__global__ void dyn(float *out) {
  extern __shared__ float smem[];
  __shared__ float header[4096];                    // 16 KiB static
  smem[threadIdx.x] = header[threadIdx.x];
  out[threadIdx.x] = smem[threadIdx.x ^ 1];
}

void configure_and_launch(float *out, int runtime_bytes) {
  cudaFuncSetAttribute(dyn, cudaFuncAttributeMaxDynamicSharedMemorySize, 96 * 1024);
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: kernel 'dyn' requests up to 98304 bytes (96 KiB) of dynamic shared memory; with 16384 bytes (16 KiB) static that is 114688 bytes (112 KiB), more than the LDS of gfx942 (64 KiB) [lds-limit.dynamic]
  dyn<<<1, 256, 80 * 1024>>>(out);
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: kernel 'dyn' is launched with 81920 bytes (80 KiB) of dynamic shared memory; with 16384 bytes (16 KiB) static that is 98304 bytes (96 KiB), more than the LDS of gfx942 (64 KiB) [lds-limit.dynamic]
  dyn<<<1, 256, 150 * 1024>>>(out);
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: kernel 'dyn' is launched with 153600 bytes (150 KiB) of dynamic shared memory; with 16384 bytes (16 KiB) static that is 169984 bytes (166 KiB), more than the LDS of gfx942 (64 KiB) and gfx950 (160 KiB) [lds-limit.dynamic]

  // Silent: fits, or not a constant.
  dyn<<<1, 256, 32 * 1024>>>(out);
  dyn<<<1, 256, runtime_bytes>>>(out);
  dyn<<<1, 256>>>(out);
  cudaFuncSetAttribute(dyn, cudaFuncAttributeMaxDynamicSharedMemorySize, runtime_bytes);

  void *args[] = {&out};
  cudaLaunchKernel((const void *)dyn, dim3(1), dim3(256), args, 64 * 1024, 0);
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: kernel 'dyn' is launched with 65536 bytes (64 KiB) of dynamic shared memory; with 16384 bytes (16 KiB) static that is 81920 bytes (80 KiB), more than the LDS of gfx942 (64 KiB) [lds-limit.dynamic]
}
