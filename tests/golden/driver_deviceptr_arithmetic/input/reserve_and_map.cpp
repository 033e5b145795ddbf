// Driver API code that treats device addresses as integers, as
// cuMemAddressReserve / cuMemMap users and kernel-argument packers do.
#include <cstddef>
#include <cstdio>
#include <cuda.h>

static CUresult mapStripes(CUdeviceptr *dptr, size_t size, size_t stripe,
                           CUmemGenericAllocationHandle handle) {
  CUresult status = cuMemAddressReserve(dptr, size, 0, 0, 0);
  if (status != CUDA_SUCCESS)
    return status;
  for (size_t idx = 0; idx * stripe < size; ++idx) {
    status = cuMemMap(*dptr + (stripe * idx), stripe, 0, handle, 0);
    if (status != CUDA_SUCCESS)
      return status;
  }
  return CUDA_SUCCESS;
}

static size_t span(CUdeviceptr begin, CUdeviceptr end) {
  size_t bytes = end - begin;
  return bytes;
}

static bool aligned(CUdeviceptr p, size_t alignment) {
  return p % alignment == 0;
}

static void packArguments(char *buffer, CUdeviceptr data, int width) {
  size_t offset = 0;
  *(reinterpret_cast<CUdeviceptr *>(&buffer[offset])) = data;
  offset += sizeof(data);
  *(reinterpret_cast<CUdeviceptr *>(&buffer[offset])) = width;
}

static void checkResult(CUresult result, const char *what) {
  if (result != CUDA_SUCCESS)
    std::printf("%s failed\n", what);
}
#define CHECK(call) checkResult((call), #call)

int main() {
  CUdeviceptr base = 0;
  CUdeviceptr cursor = base;
  cursor += 256;
  CUdeviceptr last = cursor - 1 + 16;
  unsigned long long raw = base;
  char buffer[16];
  packArguments(buffer, base, 4);
  CHECK(cuMemsetD8(base + 64, 0, 16));
  if (base == 0 && cursor != base)
    std::printf("%zu %d %llu %p\n", span(base, last), aligned(cursor, 64), raw,
                (void *)cursor);
  return mapStripes(&base, 1 << 20, 1 << 16, 0) == CUDA_SUCCESS ? 0 : 1;
}
