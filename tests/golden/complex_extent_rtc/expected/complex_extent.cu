// cuComplex arithmetic, 3-D extent helpers and NVRTC: families the rules
// gained from HIPIFY's published tables.
#include <hip/hip_complex.h>
#include <hip/hip_runtime.h>
#include <hip/hiprtc.h>

#include <cstdio>

__global__ void scale(hipFloatComplex *v, hipFloatComplex by, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    v[i] = hipCmulf(v[i], by); // complex product, not a rename in a comment
}

static float magnitude(hipDoubleComplex z) {
  hipFloatComplex f = hipComplexDoubleToFloat(z);
  return hipCabsf(hipCaddf(f, make_hipFloatComplex(0.0f, 0.0f)));
}

static hipError_t volume(hipPitchedPtr *out, hipStream_t s) {
  hipExtent e = make_hipExtent(64 * sizeof(float), 32, 8);
  hipPos origin = make_hipPos(0, 0, 0);
  (void)origin;
  hipError_t err = hipMalloc3D(out, e);
  if (err != hipSuccess)
    return err;
  hipPitchedPtr wrapped = make_hipPitchedPtr(out->ptr, out->pitch, 64, 32);
  (void)wrapped;
  return hipMemset3DAsync(*out, 0, e, s);
}

// A stream handle spelled through its struct tag.
static void sync(ihipStream_t *s) { hipStreamSynchronize(s); }

static int compile(const char *src) {
  hiprtcProgram prog;
  if (hiprtcCreateProgram(&prog, src, "k.cu", 0, nullptr, nullptr) !=
      HIPRTC_SUCCESS)
    return 1;
  hiprtcResult r = hiprtcCompileProgram(prog, 0, nullptr);
  size_t logSize = 0;
  hiprtcGetProgramLogSize(prog, &logSize);
  if (r != HIPRTC_SUCCESS)
    std::printf("nvrtc: %s\n", hiprtcGetErrorString(r));
  size_t codeSize = 0;
  hiprtcGetCodeSize(prog, &codeSize);
  hiprtcDestroyProgram(&prog);
  return r == HIPRTC_SUCCESS ? 0 : 1;
}

int main() {
  hipFloatComplex *d = nullptr;
  hipMalloc(&d, 256 * sizeof(hipFloatComplex));
  scale<<<1, 256>>>(d, make_hipFloatComplex(2.0f, 0.0f), 256);
  hipStream_t s;
  hipStreamCreate(&s);
  hipPitchedPtr p;
  int rc = volume(&p, s) == hipSuccess ? 0 : 1;
  sync(s);
  std::printf("|z| = %f\n", magnitude(make_hipDoubleComplex(3.0, 4.0)));
  rc |= compile("extern \"C\" __global__ void k() {}");
  hipFree(p.ptr);
  hipFree(d);
  hipStreamDestroy(s);
  return rc;
}
