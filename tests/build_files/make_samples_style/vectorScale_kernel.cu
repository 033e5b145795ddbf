// The kernel alone, for a module loaded at run time by name.
extern "C" __global__ void scaleModule(float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= a;
}
