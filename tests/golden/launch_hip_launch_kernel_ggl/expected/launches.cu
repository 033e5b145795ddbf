#include <hip/hip_runtime.h>

template <typename T, int TILE, bool CHECKED>
__global__ void fill(T *out, T value, int n) {
  int i = blockIdx.x * TILE + threadIdx.x;
  if (!CHECKED || i < n)
    out[i] = value;
}

__global__ void tick() {}

__global__ void reverse(int *data, int n) {
  extern __shared__ int tmp[];
  int t = threadIdx.x;
  tmp[t] = data[t];
  __syncthreads();
  data[t] = tmp[n - 1 - t];
}

namespace ops {
template <typename T, typename U> __global__ void axpy(T a, const U *x, U *y) {
  y[threadIdx.x] += a * x[threadIdx.x];
}
} // namespace ops

// Launch shapes chosen per tile size; the template commas must survive the
// hipLaunchKernelGGL macro.
template <int TX, int TY> struct Shape {
  static constexpr unsigned smemBytes = TX * TY * sizeof(float);
  static dim3 grid(int n) { return dim3((n + TX - 1) / TX, TY); }
};

// Launches written inside a macro body keep their chevrons: HIP compiles
// them and the macro's users stay untouched.
#define LAUNCH_TICK(stream) tick<<<1, 1, 0, (stream)>>>()

template <typename T>
void fillAsync(T *p, T v, int n, hipStream_t s) {
  hipLaunchKernelGGL((fill<T, 32, true>), dim3((n + 31) / 32), dim3(32), 0, s, p, v, n);
}

void run(int *d, float *f, int n, hipStream_t stream) {
  hipLaunchKernelGGL((fill<float, 128, true>), dim3((n + 127) / 128), dim3(128), 0, 0, f, 1.0f, n);
  hipLaunchKernelGGL((fill<int, 64, false>), dim3(n / 64), dim3(64), 0, stream, d, 0, n);
  dim3 grid(4, 2), block(32, 8);
  hipLaunchKernelGGL((fill<int, 256, true>), grid, block, 0, 0, d, 7, n);
  hipLaunchKernelGGL(tick, dim3(1), dim3(1), 0, 0);
  hipLaunchKernelGGL(tick, grid, dim3(1), 0, stream);
  hipLaunchKernelGGL(reverse, dim3(1), dim3(n), n * sizeof(int), 0, d, n);
  hipLaunchKernelGGL(reverse, dim3(1), dim3(n), n * sizeof(int), stream, d, n);
  LAUNCH_TICK(stream);
  fillAsync(f, 2.0f, n, stream);
  hipLaunchKernelGGL(ops::axpy, (Shape<16, 4>::grid(n)), dim3(64), (Shape<16, 4>::smemBytes), stream, 2.0f, f, f);
  hipLaunchKernelGGL(ops::axpy, dim3(1), dim3(n), 0, 0, int{3}, d, d); // template arguments deduced
  auto later = [=] { hipLaunchKernelGGL(tick, dim3(1), dim3(1), 0, stream); };
  later();
  hipStreamSynchronize(stream);
}
