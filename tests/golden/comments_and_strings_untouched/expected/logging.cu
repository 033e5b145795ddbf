/* Logging helpers. Every message names the CUDA call that failed, e.g.
 * "cudaMalloc failed", so logs stay greppable across ports. */
#include <cstdio>
#include <cstring>
#include <hip/hip_runtime.h>

#if !defined(__HIPCC__)
#error Build this file as GPU code: it calls cudaMalloc and launches kernels
#endif
#pragma message("logging.cu: cudaStream_t support enabled")

// cudaMemcpy is synchronous; prefer cudaMemcpyAsync with a cudaStream_t.

/// Returns true when \p e is cudaSuccess; otherwise prints
/// "<what>: <cudaGetErrorString(e)>".
static bool ok(hipError_t e, const char *what) {
  if (e == hipSuccess) // the usual case
    return true;
  std::fprintf(stderr, "%s: %s\n", what, hipGetErrorString(e));
  return false;
}

static const char *kUsage = R"(usage: logging [--sync]
  --sync   call cudaDeviceSynchronize after each step)";

__global__ void k(int *p) { *p = 'c' + 'u'; /* cudaFree(p) is not here */ }

int main(int argc, char **argv) {
  if (argc > 1 && std::strcmp(argv[1], "--help") == 0) {
    std::puts(kUsage);
    return 0;
  }
  int *d = nullptr;
  if (!ok(hipMalloc(&d, sizeof(int)), "cudaMalloc"))
    return 1;
  k<<<1, 1>>>(d); // was: k<<<1, 1, 0, cudaStreamLegacy>>>(d);
  bool sync = argc > 1 && std::strcmp(argv[1], "--sync") == 0;
  if (sync && !ok(hipDeviceSynchronize(), "cudaDeviceSynchronize"))
    return 1;
  std::printf("cudaFree(%p)\n", static_cast<void *>(d));
  ok(hipFree(d), "cudaFree");
  return 0;
}
