// Look-alikes the tensor-core rules must leave alone. No expectations: the
// file must stay silent.
#include <cuda_fp16.h>

// A user type named fragment, outside nvcuda::wmma.
namespace mylib {
template <typename Use, int M, int N, int K, typename T> struct fragment {
  T x[8];
  static constexpr int num_elements = 8;
};
struct matrix_a {};
template <typename F> __device__ void mma_sync(F &d, const F &a) { d.x[0] += a.x[0]; }
} // namespace mylib

__global__ void user_fragments(float *out) {
  mylib::fragment<mylib::matrix_a, 16, 16, 16, float> f{};
  mylib::mma_sync(f, f);
  out[0] = f.x[0];
}

// Tensor-core opcodes in a string that is not an asm template, and in a
// comment: mma.sync.aligned.m16n8k16 ldmatrix.sync.aligned.m8n8
__global__ void not_asm(char *out) {
  const char *text = "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32";
  out[threadIdx.x] = text[0];
}

// A struct with a member x indexed freely.
struct Vec { float x[4]; };
__global__ void plain_arrays(Vec *v) { v->x[threadIdx.x % 4] = 1.0f; }
