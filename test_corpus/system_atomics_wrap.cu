// system_atomics_wrap.cu - CUDA's system-scope wrapping counters:
// atomicInc_system (old >= limit ? 0 : old + 1) and atomicDec_system
// (old == 0 || old > limit ? limit : old - 1) on managed memory, 1000
// threads in 4 blocks. HIP has no system-scope atomicInc/atomicDec, so the
// port rewrites both into compare-and-swap loops on atomicCAS_system; this
// program checks that the rewrite keeps CUDA's meaning. The final counters
// and how often each old value was handed out do not depend on the order
// the atomics run in, and are compared with a sequential CPU model.
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#define checkCuda(call)                                                        \
  do {                                                                         \
    cudaError_t err__ = (call);                                                \
    if (err__ != cudaSuccess) {                                                \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                  \
                   cudaGetErrorString(err__));                                 \
      std::exit(EXIT_FAILURE);                                                 \
    }                                                                          \
  } while (0)

constexpr unsigned int kIncLimit = 17;
constexpr unsigned int kDecLimit = 137;

__global__ void wrapCounters(unsigned int *counters, unsigned int *incOld,
                             unsigned int *decOld, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  incOld[i] = atomicInc_system(&counters[0], kIncLimit);
  decOld[i] = atomicDec_system(&counters[1], kDecLimit);
}

int main() {
  const int n = 1000;
  unsigned int *counters = nullptr, *incOld = nullptr, *decOld = nullptr;
  checkCuda(cudaMallocManaged(&counters, 2 * sizeof(unsigned int)));
  checkCuda(cudaMallocManaged(&incOld, n * sizeof(unsigned int)));
  checkCuda(cudaMallocManaged(&decOld, n * sizeof(unsigned int)));
  counters[0] = 0;
  counters[1] = 0;

  wrapCounters<<<4, 256>>>(counters, incOld, decOld, n);
  checkCuda(cudaGetLastError());
  checkCuda(cudaDeviceSynchronize());

  // The same operations one after another on the CPU: whatever order the
  // GPU ran them in, each counter ends at the same value and hands out the
  // same multiset of old values.
  unsigned int inc = 0, dec = 0;
  std::vector<int> incWant(kIncLimit + 1, 0), decWant(kDecLimit + 1, 0);
  for (int i = 0; i < n; ++i) {
    ++incWant[inc];
    inc = inc >= kIncLimit ? 0 : inc + 1;
    ++decWant[dec];
    dec = (dec == 0 || dec > kDecLimit) ? kDecLimit : dec - 1;
  }
  std::vector<int> incGot(kIncLimit + 1, 0), decGot(kDecLimit + 1, 0);
  int outOfRange = 0;
  for (int i = 0; i < n; ++i) {
    if (incOld[i] > kIncLimit || decOld[i] > kDecLimit) {
      ++outOfRange;
      continue;
    }
    ++incGot[incOld[i]];
    ++decGot[decOld[i]];
  }
  int wrong = outOfRange;
  for (unsigned int v = 0; v <= kIncLimit; ++v)
    wrong += incGot[v] != incWant[v];
  for (unsigned int v = 0; v <= kDecLimit; ++v)
    wrong += decGot[v] != decWant[v];
  wrong += counters[0] != inc;
  wrong += counters[1] != dec;

  std::printf("system_atomics_wrap: %d increments and decrements; counters "
              "%u (want %u) and %u (want %u); %d wrong\n",
              n, counters[0], inc, counters[1], dec, wrong);
  checkCuda(cudaFree(decOld));
  checkCuda(cudaFree(incOld));
  checkCuda(cudaFree(counters));
  std::printf("%s\n", wrong == 0 ? "PASSED" : "FAILED");
  return wrong == 0 ? 0 : 1;
}
