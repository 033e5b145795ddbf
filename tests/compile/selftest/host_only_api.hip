// Self-test: a file that only calls the HIP API from host code (no kernels,
// no device variables). clang emits no offload bundle for it; the check
// reports it as compiled, "host code only".
#include <hip/hip_runtime.h>

#include <cstdio>

int main() {
  int count = 0;
  if (hipGetDeviceCount(&count) != hipSuccess)
    return 1;
  void *p = nullptr;
  if (hipMalloc(&p, 256) != hipSuccess)
    return 1;
  std::printf("%d device(s)\n", count);
  return hipFree(p) == hipSuccess ? 0 : 1;
}
