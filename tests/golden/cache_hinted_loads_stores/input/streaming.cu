// Streaming and cache-hinted accesses, as llm.c's kernels write them.
#include <cuda_runtime.h>
#include <cuda_fp16.h>

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
  float x = __ldcs(in + i);
  float y = __ldcg(&in[i]) + __ldca(in);
  float4 q = __ldcs(in4 + i);
  float z = __ldcs(in4).x;
  Packed p(__ldcs(reinterpret_cast<const int4 *>(in4)));
  __stcs(out + i, x + y + z + float(p.bits.x));
  __stcs(out4 + i, q);
  __stwb(&out[0], twice(__ldlu(in)));
  __stcs(ho + i, __ldcs(h + i));
  if (i == 0)
    __stcg(out, 1.0f);
  else
    __stcs(out + 1, 2.0f);
}

template <class T> __device__ void store_cs(T *p, T v) { __stcs(p, v); }
template <class T> __device__ T load_cs(const T *p) { return __ldcs(p); }

__global__ void copy(const float *in, float *out) {
  store_cs(out + threadIdx.x, load_cs(in + threadIdx.x));
}
