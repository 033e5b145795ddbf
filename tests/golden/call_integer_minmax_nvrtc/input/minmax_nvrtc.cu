// CUDA's integer min/max helpers and NVRTC's options argument.
#include <cuda_runtime.h>
#include <nvrtc.h>

__global__ void clampSizes(const unsigned int *in, unsigned int *out, int limit,
                           long long *wide, unsigned long long *uwide) {
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  // mixed signedness: CUDA's umin compares unsigned
  out[i] = umin(in[i], limit);
  out[i] = umax(out[i], 1);
  wide[i] = llmin(wide[i], -1LL);
  wide[i] = llmax(wide[i], i);
  uwide[i] = ullmin(uwide[i], 1ULL << 40);
  uwide[i] = ullmax(uwide[i], i);
}

size_t compileBoth(const char *source, char **mutableOptions, int count) {
  nvrtcProgram prog;
  nvrtcCreateProgram(&prog, source, "k.cu", 0, NULL, NULL);
  const char *opts[] = {"-O3"};
  nvrtcCompileProgram(prog, 1, opts);
  // the options as a char ** (cuda-samples builds them with malloc)
  nvrtcCompileProgram(prog, count, mutableOptions);
  nvrtcCompileProgram(prog, 0, NULL);
  size_t size = 0;
  nvrtcGetCUBINSize(prog, &size);
  char *code = new char[size];
  nvrtcGetCUBIN(prog, code);
  delete[] code;
  nvrtcDestroyProgram(&prog);
  return size;
}
