#include <cuda_runtime.h>

// Defined here, called from fill.cu's kernel: needs relocatable device code.
__device__ float scale(float v) { return 2.0f * v; }
