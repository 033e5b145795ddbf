// CUDA's integer min/max helpers and NVRTC's options argument.
#include <hip/hip_runtime.h>
#include <hip/hiprtc.h>

__global__ void clampSizes(const unsigned int *in, unsigned int *out, int limit,
                           long long *wide, unsigned long long *uwide) {
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  // mixed signedness: CUDA's umin compares unsigned
  out[i] = min(static_cast<unsigned int>(in[i]), static_cast<unsigned int>(limit));
  out[i] = max(static_cast<unsigned int>(out[i]), static_cast<unsigned int>(1));
  wide[i] = min(static_cast<long long>(wide[i]), static_cast<long long>(-1LL));
  wide[i] = max(static_cast<long long>(wide[i]), static_cast<long long>(i));
  uwide[i] = min(static_cast<unsigned long long>(uwide[i]), static_cast<unsigned long long>(1ULL << 40));
  uwide[i] = max(static_cast<unsigned long long>(uwide[i]), static_cast<unsigned long long>(i));
}

size_t compileBoth(const char *source, char **mutableOptions, int count) {
  hiprtcProgram prog;
  hiprtcCreateProgram(&prog, source, "k.cu", 0, NULL, NULL);
  const char *opts[] = {"-O3"};
  hiprtcCompileProgram(prog, 1, const_cast<const char **>(opts));
  // the options as a char ** (cuda-samples builds them with malloc)
  hiprtcCompileProgram(prog, count, const_cast<const char **>(mutableOptions));
  hiprtcCompileProgram(prog, 0, NULL);
  size_t size = 0;
  hiprtcGetBitcodeSize(prog, &size);
  char *code = new char[size];
  hiprtcGetBitcode(prog, code);
  delete[] code;
  hiprtcDestroyProgram(&prog);
  return size;
}
