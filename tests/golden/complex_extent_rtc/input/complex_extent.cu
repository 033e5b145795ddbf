// cuComplex arithmetic, 3-D extent helpers and NVRTC: families the rules
// gained from HIPIFY's published tables.
#include <cuComplex.h>
#include <cuda_runtime.h>
#include <nvrtc.h>

#include <cstdio>

__global__ void scale(cuFloatComplex *v, cuFloatComplex by, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    v[i] = cuCmulf(v[i], by); // complex product, not a rename in a comment
}

static float magnitude(cuDoubleComplex z) {
  cuFloatComplex f = cuComplexDoubleToFloat(z);
  return cuCabsf(cuCaddf(f, make_cuFloatComplex(0.0f, 0.0f)));
}

static cudaError_t volume(cudaPitchedPtr *out, cudaStream_t s) {
  cudaExtent e = make_cudaExtent(64 * sizeof(float), 32, 8);
  cudaPos origin = make_cudaPos(0, 0, 0);
  (void)origin;
  cudaError_t err = cudaMalloc3D(out, e);
  if (err != cudaSuccess)
    return err;
  cudaPitchedPtr wrapped = make_cudaPitchedPtr(out->ptr, out->pitch, 64, 32);
  (void)wrapped;
  return cudaMemset3DAsync(*out, 0, e, s);
}

// A stream handle spelled through its struct tag.
static void sync(struct CUstream_st *s) { cudaStreamSynchronize(s); }

static int compile(const char *src) {
  nvrtcProgram prog;
  if (nvrtcCreateProgram(&prog, src, "k.cu", 0, nullptr, nullptr) !=
      NVRTC_SUCCESS)
    return 1;
  nvrtcResult r = nvrtcCompileProgram(prog, 0, nullptr);
  size_t logSize = 0;
  nvrtcGetProgramLogSize(prog, &logSize);
  if (r != NVRTC_SUCCESS)
    std::printf("nvrtc: %s\n", nvrtcGetErrorString(r));
  size_t codeSize = 0;
  nvrtcGetPTXSize(prog, &codeSize);
  nvrtcDestroyProgram(&prog);
  return r == NVRTC_SUCCESS ? 0 : 1;
}

int main() {
  cuFloatComplex *d = nullptr;
  cudaMalloc(&d, 256 * sizeof(cuFloatComplex));
  scale<<<1, 256>>>(d, make_cuFloatComplex(2.0f, 0.0f), 256);
  cudaStream_t s;
  cudaStreamCreate(&s);
  cudaPitchedPtr p;
  int rc = volume(&p, s) == cudaSuccess ? 0 : 1;
  sync(s);
  std::printf("|z| = %f\n", magnitude(make_cuDoubleComplex(3.0, 4.0)));
  rc |= compile("extern \"C\" __global__ void k() {}");
  cudaFree(p.ptr);
  cudaFree(d);
  cudaStreamDestroy(s);
  return rc;
}
