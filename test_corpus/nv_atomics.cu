// nv_atomics.cu - nvcc's atomic built-ins (CUDA 12.8+): __nv_atomic_fetch_*
// and their no-return forms, exchange, compare-and-swap (on an int and on a
// 4-byte struct), load and store with acquire/release, and the fence, with
// the __NV_ATOMIC_* orders and __NV_THREAD_SCOPE_* scopes. No ROCm header
// has any of them, so the port calls hipwright's equivalents
// (hipwright_cuda_compat.h). Every result checked here is independent of the
// order the 1024 threads run in: tickets handed out once each, final sums,
// minima, maxima and bit masks, the values an exchange chain hands on, and
// counters raised through compare-and-swap loops.
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

struct Pair {
  short low;
  short high;
};

struct Totals {
  unsigned int ticket;
  float floatSum;
  double doubleSum;
  int minimum;
  long long maximum;
  unsigned int orBits;
  unsigned int andBits;
  unsigned long long xorBits;
  int countdown;
  int exchanged;
  unsigned long long exchangedSum; // modulo 2^64: a number taken out may be -7
  unsigned int casCount;
  Pair pair;
  int published;
};

__device__ int signedValue(int i) { return (i * 7919) % 2001 - 1000; }

__global__ void atomics(Totals *t, unsigned int *tickets, int *flagsSeen,
                        int n) {
  __shared__ int message;
  __shared__ int flag;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0) {
    message = 0;
    __nv_atomic_store_n(&flag, 0, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_BLOCK);
  }
  __syncthreads();
  if (i < n) {
    tickets[i] = __nv_atomic_fetch_add(&t->ticket, 1, __NV_ATOMIC_RELAXED,
                                       __NV_THREAD_SCOPE_DEVICE);
    __nv_atomic_add(&t->floatSum, static_cast<float>(i % 9),
                    __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
    __nv_atomic_fetch_add(&t->doubleSum, 0.5 * (i % 5), __NV_ATOMIC_SEQ_CST);
    __nv_atomic_min(&t->minimum, signedValue(i), __NV_ATOMIC_RELAXED,
                    __NV_THREAD_SCOPE_DEVICE);
    __nv_atomic_fetch_max(&t->maximum, 1000000007LL * (i % 37),
                          __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_SYSTEM);
    __nv_atomic_or(&t->orBits, 1u << (i % 29), __NV_ATOMIC_RELAXED,
                   __NV_THREAD_SCOPE_DEVICE);
    __nv_atomic_fetch_and(&t->andBits, ~(1u << (i % 23)), __NV_ATOMIC_RELAXED,
                          __NV_THREAD_SCOPE_DEVICE);
    __nv_atomic_xor(&t->xorBits, 0x9e3779b97f4a7c15ull * (i + 1),
                    __NV_ATOMIC_ACQ_REL, __NV_THREAD_SCOPE_DEVICE);
    __nv_atomic_fetch_sub(&t->countdown, 3, __NV_ATOMIC_RELAXED,
                          __NV_THREAD_SCOPE_DEVICE);

    // Each thread puts its own number in and takes out whatever was there:
    // the numbers taken out plus the one left are the numbers put in plus
    // the first.
    int old = __nv_atomic_exchange_n(&t->exchanged, i + 1, __NV_ATOMIC_ACQ_REL,
                                     __NV_THREAD_SCOPE_DEVICE);
    __nv_atomic_add(&t->exchangedSum, static_cast<unsigned long long>(old),
                    __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);

    // Counters raised by compare-and-swap loops, one on an int and one on a
    // struct of two shorts.
    unsigned int seen = __nv_atomic_load_n(&t->casCount, __NV_ATOMIC_RELAXED,
                                           __NV_THREAD_SCOPE_DEVICE);
    while (!__nv_atomic_compare_exchange_n(
        &t->casCount, &seen, seen + 1, false, __NV_ATOMIC_ACQUIRE,
        __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE)) {
    }
    Pair expected;
    __nv_atomic_load(&t->pair, &expected, __NV_ATOMIC_ACQUIRE,
                     __NV_THREAD_SCOPE_DEVICE);
    for (;;) {
      Pair desired;
      desired.low = static_cast<short>(expected.low + 1);
      desired.high = static_cast<short>(expected.high + 2);
      if (__nv_atomic_compare_exchange(&t->pair, &expected, &desired, true,
                                       __NV_ATOMIC_ACQ_REL, __NV_ATOMIC_ACQUIRE,
                                       __NV_THREAD_SCOPE_DEVICE))
        break;
    }
  }

  // Release/acquire inside the block: thread 0 writes a message, then
  // raises the flag with a release store after a fence; every thread reads
  // the flag with an acquire load after the barrier and then the message.
  if (threadIdx.x == 0) {
    message = 1000 + blockIdx.x;
    __nv_atomic_thread_fence(__NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_BLOCK);
    int one = 1;
    __nv_atomic_store(&flag, &one, __NV_ATOMIC_RELEASE,
                      __NV_THREAD_SCOPE_BLOCK);
  }
  __syncthreads();
  if (i < n) {
    int raised =
        __nv_atomic_load_n(&flag, __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_BLOCK);
    flagsSeen[i] =
        raised == 1 && message == 1000 + static_cast<int>(blockIdx.x);
  }
  if (threadIdx.x == 0) {
    int before = 0, mine = 1;
    __nv_atomic_exchange(&t->published, &mine, &before, __NV_ATOMIC_RELAXED,
                         __NV_THREAD_SCOPE_SYSTEM);
  }
}

int main() {
  const int blocks = 8, threads = 128, n = blocks * threads - 5;
  Totals *t = nullptr;
  unsigned int *tickets = nullptr;
  int *flagsSeen = nullptr;
  checkCuda(cudaMallocManaged(&t, sizeof(Totals)));
  checkCuda(cudaMallocManaged(&tickets, n * sizeof(unsigned int)));
  checkCuda(cudaMallocManaged(&flagsSeen, n * sizeof(int)));
  Totals start = {};
  start.minimum = 1 << 30;
  start.maximum = -1;
  start.andBits = 0xffffffffu;
  start.countdown = 5000;
  start.exchanged = -7;
  *t = start;

  atomics<<<blocks, threads>>>(t, tickets, flagsSeen, n);
  checkCuda(cudaGetLastError());
  checkCuda(cudaDeviceSynchronize());

  // What any order of the same atomics leaves behind.
  std::vector<int> ticketCount(n, 0);
  int wrong = 0;
  for (int i = 0; i < n; ++i) {
    if (tickets[i] >= static_cast<unsigned int>(n))
      ++wrong;
    else
      ++ticketCount[tickets[i]];
  }
  for (int v = 0; v < n; ++v)
    wrong += ticketCount[v] != 1;
  float floatSum = 0;
  double doubleSum = 0;
  int minimum = start.minimum;
  long long maximum = start.maximum;
  unsigned long long inSum = static_cast<unsigned long long>(start.exchanged);
  unsigned int orBits = 0, andBits = start.andBits;
  unsigned long long xorBits = 0;
  int flagsWrong = 0;
  for (int i = 0; i < n; ++i) {
    floatSum += static_cast<float>(i % 9);
    doubleSum += 0.5 * (i % 5);
    int s = (i * 7919) % 2001 - 1000;
    minimum = s < minimum ? s : minimum;
    long long m = 1000000007LL * (i % 37);
    maximum = m > maximum ? m : maximum;
    orBits |= 1u << (i % 29);
    andBits &= ~(1u << (i % 23));
    xorBits ^= 0x9e3779b97f4a7c15ull * (i + 1);
    inSum += static_cast<unsigned long long>(i + 1);
    flagsWrong += flagsSeen[i] != 1;
  }
  int exchangeWrong =
      t->exchangedSum + static_cast<unsigned long long>(t->exchanged) != inSum;
  int checks[] = {t->ticket != static_cast<unsigned int>(n),
                  t->floatSum != floatSum,
                  t->doubleSum != doubleSum,
                  t->minimum != minimum,
                  t->maximum != maximum,
                  t->orBits != orBits,
                  t->andBits != andBits,
                  t->xorBits != xorBits,
                  t->countdown != 5000 - 3 * n,
                  exchangeWrong,
                  t->casCount != static_cast<unsigned int>(n),
                  t->pair.low != n || t->pair.high != 2 * n,
                  t->published != 1,
                  flagsWrong != 0};
  for (int c : checks)
    wrong += c;

  std::printf("nv_atomics: %d threads; ticket %u, float sum %.1f (want %.1f), "
              "double sum %.1f (want %.1f), min %d (want %d), max %lld (want "
              "%lld), or %08x (want %08x), and %08x (want %08x), xor %016llx "
              "(want %016llx), countdown %d (want %d), cas %u, pair %d/%d; "
              "%d flags wrong; %d wrong\n",
              n, t->ticket, t->floatSum, floatSum, t->doubleSum, doubleSum,
              t->minimum, minimum, t->maximum, maximum, t->orBits, orBits,
              t->andBits, andBits, t->xorBits, xorBits, t->countdown,
              5000 - 3 * n, t->casCount, t->pair.low, t->pair.high, flagsWrong,
              wrong);
  checkCuda(cudaFree(flagsSeen));
  checkCuda(cudaFree(tickets));
  checkCuda(cudaFree(t));
  std::printf("%s\n", wrong == 0 ? "PASSED" : "FAILED");
  return wrong == 0 ? 0 : 1;
}
