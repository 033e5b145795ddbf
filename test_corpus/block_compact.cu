// block_compact.cu - stable compaction inside each block with warp votes:
// each warp ballots its predicate, ranks its lanes with __popc of the ballot
// under the lower-lane mask (1u << lane) - 1, elects the first kept lane
// with __ffs to publish the warp's count, tests a lane's own bit with
// ballot & (1u << lane), and takes a shortcut when the ballot is the full
// mask 0xffffffff. The per-warp counts stay in shared memory; only each
// block's compacted slice and its count leave the kernel, so
// `hipwright port --fix=native` can keep the ballot whole (64 bits,
// __popcll, __ffsll) for whole wavefronts, and the answer must not change.
//
// What `hipwright verify` must show for this program (tests/verify/):
// the plain port keeps the ballot in 32 bits and loses lanes 32-63.
// VERIFY-EXPECT: port-run-wave64=fail
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#define BLOCK_SIZE 256

#define checkCuda(call)                                                        \
  do {                                                                         \
    cudaError_t err__ = (call);                                                \
    if (err__ != cudaSuccess) {                                                \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                 \
                   cudaGetErrorString(err__));                                 \
      std::exit(EXIT_FAILURE);                                                 \
    }                                                                          \
  } while (0)

__host__ __device__ inline bool keep(int v) { return v % 2 == 0; }

// Block b keeps, in order, the inputs of its own BLOCK_SIZE elements that
// keep() accepts: they go to the front of out[b * BLOCK_SIZE ...], and
// counts[b] says how many there are.
__global__ void compactBlocks(const int *in, int n, int *out, int *counts) {
  __shared__ int warpKept[BLOCK_SIZE / 32];
  int lane = threadIdx.x % 32;
  int warp = threadIdx.x / 32;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  bool pred = i < n && keep(in[i]);

  unsigned ballot = __ballot_sync(0xffffffff, pred);
  unsigned lowerLanes = (1u << lane) - 1;
  int rank;
  if (ballot == 0xffffffff)
    rank = lane; // every lane kept: no counting needed
  else
    rank = __popc(ballot & lowerLanes);
  // The first kept lane publishes the warp's count; lane 0 when none is.
  int leader = ballot != 0 ? __ffs(ballot) - 1 : 0;
  if (lane == leader)
    warpKept[warp] = __popc(ballot);
  __syncthreads();

  int before = 0;
  for (int w = 0; w < warp; ++w)
    before += warpKept[w];
  if (ballot & (1u << lane))
    out[blockIdx.x * blockDim.x + before + rank] = in[i];
  if (threadIdx.x == 0) {
    int kept = 0;
    for (int w = 0; w < blockDim.x / 32; ++w)
      kept += warpKept[w];
    counts[blockIdx.x] = kept;
  }
}

int main() {
  const int n = 50000; // not a multiple of the block size
  const int blocks = (n + BLOCK_SIZE - 1) / BLOCK_SIZE;

  // Runs of 96 inputs (not a multiple of 32 or 64) that keep none, about
  // a third, about two thirds or all of their elements, so warps see empty,
  // sparse, dense and full ballots, and some wavefronts keep lanes only
  // above lane 31.
  const int percentKept[4] = {0, 33, 66, 100};
  std::vector<int> in(n);
  unsigned state = 2024u;
  for (int i = 0; i < n; ++i) {
    state = state * 1664525u + 1013904223u; // fixed LCG: deterministic input
    int r = static_cast<int>(state >> 8) % 100;
    bool kept = r < percentKept[(i / 96) % 4];
    in[i] = 2 * (i % 1000 + r) + (kept ? 0 : 1);
  }

  int *dIn, *dOut, *dCounts;
  checkCuda(cudaMalloc(&dIn, n * sizeof(int)));
  checkCuda(cudaMalloc(&dOut, blocks * BLOCK_SIZE * sizeof(int)));
  checkCuda(cudaMalloc(&dCounts, blocks * sizeof(int)));
  checkCuda(cudaMemcpy(dIn, in.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  compactBlocks<<<blocks, BLOCK_SIZE>>>(dIn, n, dOut, dCounts);
  checkCuda(cudaGetLastError());
  checkCuda(cudaDeviceSynchronize());
  std::vector<int> out(blocks * BLOCK_SIZE), counts(blocks);
  checkCuda(cudaMemcpy(out.data(), dOut, out.size() * sizeof(int),
                       cudaMemcpyDeviceToHost));
  checkCuda(cudaMemcpy(counts.data(), dCounts, blocks * sizeof(int),
                       cudaMemcpyDeviceToHost));

  int wrongCounts = 0, wrongElements = 0, total = 0;
  for (int b = 0; b < blocks; ++b) {
    std::vector<int> expect;
    for (int i = b * BLOCK_SIZE; i < n && i < (b + 1) * BLOCK_SIZE; ++i)
      if (keep(in[i]))
        expect.push_back(in[i]);
    total += static_cast<int>(expect.size());
    if (counts[b] != static_cast<int>(expect.size())) {
      if (wrongCounts < 5)
        std::printf("block %d kept %d, expected %zu\n", b, counts[b],
                    expect.size());
      ++wrongCounts;
      continue;
    }
    for (size_t k = 0; k < expect.size(); ++k)
      if (out[b * BLOCK_SIZE + k] != expect[k]) {
        if (wrongElements < 5)
          std::printf("block %d element %zu = %d, expected %d\n", b, k,
                      out[b * BLOCK_SIZE + k], expect[k]);
        ++wrongElements;
      }
  }
  checkCuda(cudaFree(dIn));
  checkCuda(cudaFree(dOut));
  checkCuda(cudaFree(dCounts));
  std::printf("compacted %d blocks (%d of %d elements kept): %d wrong "
              "counts, %d wrong elements\n",
              blocks, total, n, wrongCounts, wrongElements);
  bool ok = wrongCounts == 0 && wrongElements == 0;
  std::printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
