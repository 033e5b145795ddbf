// A kernel taking a large struct by value as __grid_constant__ (as in
// cuda-samples' LargeKernelParameter): HIP has no such qualifier, and the
// parameter is const, so the port drops the qualifier and nothing else.
#include <hip/hip_runtime.h>

#define TOTAL_PARAMS 8000

struct param_large_t {
  int param[TOTAL_PARAMS];
};

__global__ void sumLarge(const param_large_t p,
                         int *result) {
  int tmp = 0;
  for (int i = 0; i < TOTAL_PARAMS; ++i)
    tmp += p.param[i];
  *result = tmp;
}

template <typename T>
__global__ void firstOf(const T p, int *result) {
  *result = p.param[0];
}

int main() {
  static param_large_t h{};
  int *d = nullptr;
  hipMalloc(&d, sizeof(int));
  sumLarge<<<1, 1>>>(h, d);
  firstOf<<<1, 1>>>(h, d);
  const char *note = "__grid_constant__ stays in strings";
  (void)note;
  return hipDeviceSynchronize() == hipSuccess ? 0 : 1;
}
