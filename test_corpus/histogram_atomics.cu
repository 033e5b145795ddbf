// histogram_atomics.cu - 256-bin byte histogram with a privatised per-block
// histogram in dynamic shared memory (extern __shared__, sized at launch):
// shared-memory atomicAdd per byte, one global atomicAdd per bin and block,
// a grid-stride loop over the input, and a float atomicAdd of the byte total.
// Every bin and the total are compared with the CPU.
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#define NUM_BINS 256

#define checkCuda(call)                                                        \
  do {                                                                         \
    cudaError_t err__ = (call);                                                \
    if (err__ != cudaSuccess) {                                                \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                  \
                   cudaGetErrorString(err__));                                 \
      std::exit(EXIT_FAILURE);                                                 \
    }                                                                          \
  } while (0)

__global__ void histogram256(const unsigned char *data, int n,
                             unsigned int *hist, float *total) {
  extern __shared__ unsigned int s_hist[]; // NUM_BINS entries, set at launch
  for (int b = threadIdx.x; b < NUM_BINS; b += blockDim.x)
    s_hist[b] = 0;
  __syncthreads();

  float localSum = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x) {
    unsigned char byte = data[i];
    atomicAdd(&s_hist[byte], 1u);
    localSum += byte;
  }
  __syncthreads();

  for (int b = threadIdx.x; b < NUM_BINS; b += blockDim.x)
    if (s_hist[b] != 0)
      atomicAdd(&hist[b], s_hist[b]);
  atomicAdd(total, localSum);
}

int main() {
  // Total of all bytes stays below 2^24, so every partial float sum is an
  // integer the float holds exactly, whatever order the atomics run in.
  const int n = 60000;
  const int threads = 256,
            blocks = 48; // fewer threads than bytes: the loop strides

  std::vector<unsigned char> data(n);
  unsigned state = 7u;
  for (int i = 0; i < n; ++i) {
    state = state * 1103515245u + 12345u;
    unsigned r = (state >> 16) & 0xff;
    // Skewed: a third of the bytes fall in 16 popular bins, so the shared
    // atomics really collide.
    data[i] = static_cast<unsigned char>(i % 3 == 0 ? 0x40 + (r & 15) : r);
  }
  std::vector<unsigned> expect(NUM_BINS, 0);
  long long expectTotal = 0;
  for (unsigned char c : data) {
    ++expect[c];
    expectTotal += c;
  }

  unsigned char *dData;
  unsigned int *dHist;
  float *dTotal;
  checkCuda(cudaMalloc(&dData, n));
  checkCuda(cudaMalloc(&dHist, NUM_BINS * sizeof(unsigned int)));
  checkCuda(cudaMalloc(&dTotal, sizeof(float)));
  checkCuda(cudaMemcpy(dData, data.data(), n, cudaMemcpyHostToDevice));
  checkCuda(cudaMemset(dHist, 0, NUM_BINS * sizeof(unsigned int)));
  checkCuda(cudaMemset(dTotal, 0, sizeof(float)));

  histogram256<<<blocks, threads, NUM_BINS * sizeof(unsigned int)>>>(
      dData, n, dHist, dTotal);
  checkCuda(cudaGetLastError());
  checkCuda(cudaDeviceSynchronize());

  std::vector<unsigned> hist(NUM_BINS);
  float total = 0.0f;
  checkCuda(cudaMemcpy(hist.data(), dHist, NUM_BINS * sizeof(unsigned int),
                       cudaMemcpyDeviceToHost));
  checkCuda(cudaMemcpy(&total, dTotal, sizeof(float), cudaMemcpyDeviceToHost));

  int wrongBins = 0;
  unsigned long long counted = 0;
  for (int b = 0; b < NUM_BINS; ++b) {
    counted += hist[b];
    if (hist[b] != expect[b]) {
      if (wrongBins < 5)
        std::printf("bin %d: %u, expected %u\n", b, hist[b], expect[b]);
      ++wrongBins;
    }
  }
  bool totalOk = static_cast<long long>(total) == expectTotal &&
                 static_cast<float>(expectTotal) == total;
  std::printf("%d bytes in %d bins: %d bins wrong, %llu bytes counted; "
              "byte total %.0f (expected %lld)\n",
              n, NUM_BINS, wrongBins, counted, total, expectTotal);
  checkCuda(cudaFree(dData));
  checkCuda(cudaFree(dHist));
  checkCuda(cudaFree(dTotal));
  bool ok = wrongBins == 0 && counted == static_cast<unsigned long long>(n) &&
            totalOk;
  std::printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
