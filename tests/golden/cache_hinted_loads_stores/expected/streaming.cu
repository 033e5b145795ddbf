// Streaming and cache-hinted accesses, as llm.c's kernels write them.
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>

struct Packed {
  int4 bits;
  __device__ explicit Packed(int4 b) : bits(b) {}
};

__device__ float twice(const float &x) { return 2.0f * x; }

__global__ void stream(const float *in, float *out, const float4 *in4,
                       float4 *out4, const __half *h, __half *ho, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float x = *(in + i);
  float y = *&in[i] + *in;
  float4 q = *(in4 + i);
  float z = (*in4).x;
  Packed p(*reinterpret_cast<const int4 *>(in4));
  *(out + i) = x + y + z + float(p.bits.x);
  *(out4 + i) = q;
  *&out[0] = twice(*in);
  *(ho + i) = *(h + i);
  if (i == 0)
    *out = 1.0f;
  else
    *(out + 1) = 2.0f;
}

template <class T> __device__ void store_cs(T *p, T v) { *p = v; }
template <class T> __device__ T load_cs(const T *p) { return *p; }

__global__ void copy(const float *in, float *out) {
  store_cs(out + threadIdx.x, load_cs(in + threadIdx.x));
}
