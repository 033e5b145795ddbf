// Self-test: a block sum whose warp step is a __shfl_down_sync reduction with
// a 64-bit lane mask, written for any wavefront width (ROCm 7 style).
#include <hip/hip_runtime.h>

#include <cstdint>
#include <cstdio>
#include <vector>

#define CHECK_HIP(expr)                                                        \
  do {                                                                         \
    hipError_t err_ = (expr);                                                  \
    if (err_ != hipSuccess) {                                                  \
      std::fprintf(stderr, "%s failed: %s\n", #expr, hipGetErrorString(err_)); \
      return 1;                                                                \
    }                                                                          \
  } while (0)

constexpr std::uint64_t kFullMask = 0xffffffffffffffffull;
constexpr int kMaxWarpsPerBlock = 1024 / 32; // enough for wave32 and wave64

__device__ int warp_sum(int v) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    v += __shfl_down_sync(kFullMask, v, offset);
  return v;
}

__global__ void block_sum(const int *in, int *out, int n) {
  __shared__ int partial[kMaxWarpsPerBlock];
  const int lane = threadIdx.x % warpSize;
  const int warp = threadIdx.x / warpSize;
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = i < n ? in[i] : 0;
  v = warp_sum(v);
  if (lane == 0)
    partial[warp] = v;
  __syncthreads();
  if (warp == 0) {
    const int warps = (blockDim.x + warpSize - 1) / warpSize;
    v = lane < warps ? partial[lane] : 0;
    v = warp_sum(v);
    if (lane == 0)
      atomicAdd(out, v);
  }
}

int main() {
  const int n = 10000;
  std::vector<int> host(n);
  long long expect = 0;
  for (int i = 0; i < n; ++i) {
    host[i] = (i * 7) % 13 - 6;
    expect += host[i];
  }
  int *d_in = nullptr, *d_out = nullptr;
  CHECK_HIP(hipMalloc(&d_in, n * sizeof(int)));
  CHECK_HIP(hipMalloc(&d_out, sizeof(int)));
  CHECK_HIP(hipMemcpy(d_in, host.data(), n * sizeof(int), hipMemcpyHostToDevice));
  CHECK_HIP(hipMemset(d_out, 0, sizeof(int)));
  block_sum<<<(n + 255) / 256, 256>>>(d_in, d_out, n);
  CHECK_HIP(hipGetLastError());
  int got = 0;
  CHECK_HIP(hipMemcpy(&got, d_out, sizeof(int), hipMemcpyDeviceToHost));
  CHECK_HIP(hipFree(d_in));
  CHECK_HIP(hipFree(d_out));
  std::printf("block_sum: got %d, expected %lld\n", got, expect);
  return got == expect ? 0 : 1;
}
