// scan_shfl_up.cu - inclusive prefix sum of a whole array in three steps: a
// per-warp scan with __shfl_up_sync (offsets 1..16, guarded by lane >= offset),
// warp totals scanned by the first warp through shared memory to finish a
// block-wide scan, then the host scans the block totals and a second kernel
// adds each block's offset. Every element is compared with the CPU scan.
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#define BLOCK_SIZE 256
#define WARPS_PER_BLOCK (BLOCK_SIZE / 32)

#define checkCuda(call)                                                        \
  do {                                                                         \
    cudaError_t err__ = (call);                                                \
    if (err__ != cudaSuccess) {                                                \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                  \
                   cudaGetErrorString(err__));                                 \
      std::exit(EXIT_FAILURE);                                                 \
    }                                                                          \
  } while (0)

__device__ int warpInclusiveScan(int v, int lane) {
  for (int offset = 1; offset < 32; offset *= 2) {
    int up = __shfl_up_sync(0xffffffff, v, offset);
    if (lane >= offset)
      v += up;
  }
  return v;
}

// out = inclusive scan of in within each block; blockTotals[b] = its total.
__global__ void blockScan(const int *in, int n, int *out, int *blockTotals) {
  __shared__ int warpTotals[WARPS_PER_BLOCK];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31;
  int warp = threadIdx.x >> 5;

  int v = (i < n) ? in[i] : 0;
  v = warpInclusiveScan(v, lane);
  if (lane == 31)
    warpTotals[warp] = v;
  __syncthreads();

  // The first warp turns the warp totals into their inclusive scan.
  if (warp == 0) {
    int t = (lane < WARPS_PER_BLOCK) ? warpTotals[lane] : 0;
    t = warpInclusiveScan(t, lane);
    if (lane < WARPS_PER_BLOCK)
      warpTotals[lane] = t;
  }
  __syncthreads();

  if (warp > 0)
    v += warpTotals[warp - 1];
  if (i < n)
    out[i] = v;
  if (threadIdx.x == BLOCK_SIZE - 1)
    blockTotals[blockIdx.x] = v;
}

__global__ void addBlockOffsets(int *data, int n, const int *blockOffsets) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] += blockOffsets[blockIdx.x];
}

int main() {
  const int n = 100000; // not a multiple of the block size
  const int blocks = (n + BLOCK_SIZE - 1) / BLOCK_SIZE;

  std::vector<int> in(n);
  for (int i = 0; i < n; ++i)
    in[i] = (i * 7919 + 13) % 23 - 11; // -11..11, so sums rise and fall

  int *dIn, *dOut, *dTotals;
  checkCuda(cudaMalloc(&dIn, n * sizeof(int)));
  checkCuda(cudaMalloc(&dOut, n * sizeof(int)));
  checkCuda(cudaMalloc(&dTotals, blocks * sizeof(int)));
  checkCuda(
      cudaMemcpy(dIn, in.data(), n * sizeof(int), cudaMemcpyHostToDevice));

  blockScan<<<blocks, BLOCK_SIZE>>>(dIn, n, dOut, dTotals);
  checkCuda(cudaGetLastError());
  std::vector<int> totals(blocks);
  checkCuda(cudaMemcpy(totals.data(), dTotals, blocks * sizeof(int),
                       cudaMemcpyDeviceToHost));
  // Exclusive scan of the block totals: the offset each block adds.
  int running = 0;
  for (int b = 0; b < blocks; ++b) {
    int t = totals[b];
    totals[b] = running;
    running += t;
  }
  checkCuda(cudaMemcpy(dTotals, totals.data(), blocks * sizeof(int),
                       cudaMemcpyHostToDevice));
  addBlockOffsets<<<blocks, BLOCK_SIZE>>>(dOut, n, dTotals);
  checkCuda(cudaGetLastError());
  checkCuda(cudaDeviceSynchronize());

  std::vector<int> out(n);
  checkCuda(
      cudaMemcpy(out.data(), dOut, n * sizeof(int), cudaMemcpyDeviceToHost));
  int wrong = 0;
  long long expect = 0;
  for (int i = 0; i < n; ++i) {
    expect += in[i];
    if (out[i] != expect) {
      if (wrong < 5)
        std::printf("out[%d] = %d, expected %lld\n", i, out[i], expect);
      ++wrong;
    }
  }
  std::printf("inclusive scan of %d elements in %d blocks: %d wrong, "
              "total %d (expected %lld)\n",
              n, blocks, wrong, running, expect);
  checkCuda(cudaFree(dIn));
  checkCuda(cudaFree(dOut));
  checkCuda(cudaFree(dTotals));
  bool ok = wrong == 0 && running == expect;
  std::printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
