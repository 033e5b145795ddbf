// ballot_compact.cu - stable stream compaction with warp votes: each warp
// ballots its predicate, counts with __popc, and ranks lanes with the
// lower-lane mask (1u << lane) - 1. Pass 1 counts per warp, the host scans
// the counts, pass 2 scatters. The result must equal the CPU filter exactly.
//
// What `hipwright verify` must show for this program (tests/verify/):
// the plain port keeps the ballot in 32 bits and loses lanes 32-63.
// VERIFY-EXPECT: port-run-wave64=fail
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#define checkCuda(call)                                                        \
  do {                                                                         \
    cudaError_t err__ = (call);                                                \
    if (err__ != cudaSuccess) {                                                \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                 \
                   cudaGetErrorString(err__));                                 \
      std::exit(EXIT_FAILURE);                                                 \
    }                                                                          \
  } while (0)

#define FULL_MASK 0xffffffffu

__device__ __forceinline__ bool keep(int v) { return v % 3 == 0 && v > 10; }

__global__ void countPerWarp(const int *in, int n, int *warpCounts) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned lane = threadIdx.x & 31;
  bool pred = i < n && keep(in[i]);
  unsigned ballot = __ballot_sync(FULL_MASK, pred);
  if (lane == 0)
    warpCounts[i / 32] = __popc(ballot);
}

__global__ void scatter(const int *in, int n, const int *warpOffsets,
                        int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned lane = threadIdx.x & 31;
  bool pred = i < n && keep(in[i]);
  unsigned ballot = __ballot_sync(FULL_MASK, pred);
  unsigned lowerLanes = (1u << lane) - 1;
  int rank = __popc(ballot & lowerLanes);
  if (pred)
    out[warpOffsets[i / 32] + rank] = in[i];
}

int main() {
  const int n = 70000; // not a multiple of the block size
  const int threads = 128;
  const int blocks = (n + threads - 1) / threads;
  const int warps = blocks * threads / 32;

  std::vector<int> in(n);
  unsigned state = 12345u;
  for (int i = 0; i < n; ++i) {
    state = state * 1664525u + 1013904223u; // fixed LCG: deterministic input
    in[i] = static_cast<int>(state >> 16) % 1000;
  }
  std::vector<int> expect;
  for (int v : in)
    if (v % 3 == 0 && v > 10)
      expect.push_back(v);

  int *dIn, *dCounts, *dOut;
  checkCuda(cudaMalloc(&dIn, n * sizeof(int)));
  checkCuda(cudaMalloc(&dCounts, warps * sizeof(int)));
  checkCuda(cudaMalloc(&dOut, n * sizeof(int)));
  checkCuda(cudaMemcpy(dIn, in.data(), n * sizeof(int), cudaMemcpyHostToDevice));

  countPerWarp<<<blocks, threads>>>(dIn, n, dCounts);
  checkCuda(cudaGetLastError());
  std::vector<int> counts(warps), offsets(warps);
  checkCuda(cudaMemcpy(counts.data(), dCounts, warps * sizeof(int),
                       cudaMemcpyDeviceToHost));
  int total = 0;
  for (int w = 0; w < warps; ++w) {
    offsets[w] = total;
    total += counts[w];
  }
  checkCuda(cudaMemcpy(dCounts, offsets.data(), warps * sizeof(int),
                       cudaMemcpyHostToDevice));
  scatter<<<blocks, threads>>>(dIn, n, dCounts, dOut);
  checkCuda(cudaGetLastError());
  checkCuda(cudaDeviceSynchronize());

  int failures = 0;
  if (total != static_cast<int>(expect.size())) {
    std::printf("kept %d elements, expected %zu\n", total, expect.size());
    ++failures;
  } else {
    std::vector<int> out(total);
    checkCuda(cudaMemcpy(out.data(), dOut, total * sizeof(int),
                         cudaMemcpyDeviceToHost));
    int wrong = 0;
    for (int k = 0; k < total; ++k) {
      if (out[k] != expect[k]) {
        if (wrong < 5)
          std::printf("out[%d] = %d, expected %d\n", k, out[k], expect[k]);
        ++wrong;
      }
    }
    failures += wrong != 0;
    std::printf("compacted %d of %d elements, %d out of order or wrong\n",
                total, n, wrong);
  }
  checkCuda(cudaFree(dIn));
  checkCuda(cudaFree(dCounts));
  checkCuda(cudaFree(dOut));
  std::printf("%s\n", failures == 0 ? "PASSED" : "FAILED");
  return failures == 0 ? 0 : 1;
}
