// Driver API code that treats device addresses as integers, as
// cuMemAddressReserve / cuMemMap users and kernel-argument packers do.
#include <cstddef>
#include <cstdio>
#include <hip/hip_runtime.h>

static hipError_t mapStripes(hipDeviceptr_t *dptr, size_t size, size_t stripe,
                           hipMemGenericAllocationHandle_t handle) {
  hipError_t status = hipMemAddressReserve(dptr, size, 0, 0, 0);
  if (status != hipSuccess)
    return status;
  for (size_t idx = 0; idx * stripe < size; ++idx) {
    status = hipMemMap((hipDeviceptr_t)((char *)(*dptr) + (stripe * idx)), stripe, 0, handle, 0);
    if (status != hipSuccess)
      return status;
  }
  return hipSuccess;
}

static size_t span(hipDeviceptr_t begin, hipDeviceptr_t end) {
  size_t bytes = (char *)(end) - (char *)(begin);
  return bytes;
}

static bool aligned(hipDeviceptr_t p, size_t alignment) {
  return (size_t)(p) % alignment == 0;
}

static void packArguments(char *buffer, hipDeviceptr_t data, int width) {
  size_t offset = 0;
  *(reinterpret_cast<hipDeviceptr_t *>(&buffer[offset])) = data;
  offset += sizeof(data);
  *(reinterpret_cast<hipDeviceptr_t *>(&buffer[offset])) = (hipDeviceptr_t)(size_t)(width);
}

static void checkResult(hipError_t result, const char *what) {
  if (result != hipSuccess)
    std::printf("%s failed\n", what);
}
#define CHECK(call) checkResult((call), #call)

int main() {
  hipDeviceptr_t base = 0;
  hipDeviceptr_t cursor = base;
  cursor = (hipDeviceptr_t)((char *)(cursor) + 256);
  hipDeviceptr_t last = (hipDeviceptr_t)((char *)(cursor) - 1 + 16);
  unsigned long long raw = (size_t)(base);
  char buffer[16];
  packArguments(buffer, base, 4);
  CHECK(hipMemsetD8((hipDeviceptr_t)((char *)(base) + 64), 0, 16));
  if (base == 0 && cursor != base)
    std::printf("%zu %d %llu %p\n", span(base, last), aligned(cursor, 64), raw,
                (void *)cursor);
  return mapStripes(&base, 1 << 20, 1 << 16, 0) == hipSuccess ? 0 : 1;
}
