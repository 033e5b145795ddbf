#include <hip/hip_runtime.h>
#include <type_traits>
#include <utility>

typedef hipStream_t Stream;
using Event = hipEvent_t;
using ErrorCode = hipError_t;
typedef hipError_t (*AllocFn)(void **, size_t);
using FreeFn = decltype(&hipFree);
typedef hipError_t (*StreamFn)(hipStream_t);

// Functions chosen at run time.
static AllocFn allocate = hipMalloc;
static FreeFn release = &hipFree;
static StreamFn waiters[] = {hipStreamSynchronize, hipStreamQuery};

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
  return hipPeekAtLastError();
}

template <typename T = hipDeviceProp_t> T queryDevice(int dev) {
  T prop{};
  hipGetDeviceProperties(&prop, dev);
  return prop;
}

static_assert(std::is_same<decltype(hipStreamSynchronize(nullptr)),
                           hipError_t>::value,
              "runtime calls return an error code");

int run(bool pinned, size_t n) {
  Owned<Stream, hipStreamDestroy> stream;
  Owned<Event, hipEventDestroy> done;
  hipStreamCreate(&stream.h);
  hipEventCreate(&done.h);
  void *p = nullptr;
  ErrorCode e = allocate(&p, n);
  if (e == hipSuccess)
    e = fillAsync(static_cast<char *>(p), n, char(0), stream.h);
  auto sync = &hipEventSynchronize;
  hipEventRecord(done.h, stream.h);
  sync(done.h);
  decltype(hipSuccess) last = hipGetLastError();
  std::pair<hipError_t, int> result{last, queryDevice(0).major};
  waiters[pinned](stream.h);
  release(p);
  return result.first == hipSuccess ? result.second : -1;
}
