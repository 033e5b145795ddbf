#include <hip/hip_runtime.h>
#include <roctracer/roctx.h>

__global__ void step(float *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    v[i] = v[i] * 0.5f + 1.0f;
}

// Annotates each phase so it shows up on the profiler timeline.
void simulate(float *d, int n, int iterations) {
  roctx_range_id_t whole = roctxRangeStartA("simulate");
  for (int it = 0; it < iterations; ++it) {
    roctxRangePushA("iteration");
    step<<<(n + 255) / 256, 256>>>(d, n);
    hipDeviceSynchronize();
    roctxRangePop();
  }
  roctxMarkA("converged");
  roctxRangeStop(whole);
}
