#pragma once
#include <cuda_runtime.h>

// Defined in stencil.cu, called from main.cu's kernel: separate compilation
// (-dc) and a device link are needed.
__device__ float smooth(const float *in, int i, int n);
void reference(const float *in, float *out, int n);
