#include <cuda_runtime.h>
#include <type_traits>
#include <utility>

typedef cudaStream_t Stream;
using Event = cudaEvent_t;
using ErrorCode = cudaError_t;
typedef cudaError_t (*AllocFn)(void **, size_t);
using FreeFn = decltype(&cudaFree);
typedef cudaError_t (*StreamFn)(cudaStream_t);

// Functions chosen at run time.
static AllocFn allocate = cudaMalloc;
static FreeFn release = &cudaFree;
static StreamFn waiters[] = {cudaStreamSynchronize, cudaStreamQuery};

template <typename Handle, ErrorCode (*Destroy)(Handle)> struct Owned {
  Handle h{};
  ~Owned() {
    if (h)
      Destroy(h);
  }
};

template <typename T> __global__ void fill(T *p, size_t n, T v) {
  size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (i < n)
    p[i] = v;
}

template <typename T> ErrorCode fillAsync(T *p, size_t n, T v, Stream s) {
  fill<T><<<(n + 255) / 256, 256, 0, s>>>(p, n, v);
  return cudaPeekAtLastError();
}

template <typename T = cudaDeviceProp> T queryDevice(int dev) {
  T prop{};
  cudaGetDeviceProperties(&prop, dev);
  return prop;
}

static_assert(std::is_same<decltype(cudaStreamSynchronize(nullptr)),
                           cudaError_t>::value,
              "runtime calls return an error code");

int run(bool pinned, size_t n) {
  Owned<Stream, cudaStreamDestroy> stream;
  Owned<Event, cudaEventDestroy> done;
  cudaStreamCreate(&stream.h);
  cudaEventCreate(&done.h);
  void *p = nullptr;
  ErrorCode e = allocate(&p, n);
  if (e == cudaSuccess)
    e = fillAsync(static_cast<char *>(p), n, char(0), stream.h);
  auto sync = &cudaEventSynchronize;
  cudaEventRecord(done.h, stream.h);
  sync(done.h);
  decltype(cudaSuccess) last = cudaGetLastError();
  std::pair<cudaError_t, int> result{last, queryDevice(0).major};
  waiters[pinned](stream.h);
  release(p);
  return result.first == cudaSuccess ? result.second : -1;
}
