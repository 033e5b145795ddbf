#include <hip/hip_runtime.h>
#include "vecmath.h"

__global__ void accumulate(float3 *p) {
  float3 sum = p[0];
  sum += p[1]; // HIP's vector type has this operator too
  sum *= 0.5f;
  p[2] = (sum + p[3]) / p[4] * p[5];
}
