// Expectations for tensor-core.wmma: WMMA fragments and mma_sync, with the
// MFMA builtin per target and the rocWMMA fragment. See
// tests/analyzers/check_analyzer.sh.
#include <mma.h>

#include <cuda_fp16.h>
#include <cuda_bf16.h>
using namespace nvcuda;

__global__ void gemm_f16(const half *a, const half *b, float *c) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
// CHECK-MESSAGES: :[[@LINE-1]]:69: error: kernel 'gemm_f16': WMMA fragment 'fa' (matrix_a m16n16k16 f16 row_major) has no AMD counterpart [tensor-core.wmma]
// CHECK-MESSAGES: :[[@LINE-2]]:69: note: rocWMMA: rocwmma::fragment<rocwmma::matrix_a, 16, 16, 16, rocwmma::float16_t, rocwmma::row_major>; the lane-to-element layout of AMD fragments differs
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
// CHECK-MESSAGES: :[[@LINE-1]]:69: error: kernel 'gemm_f16': WMMA fragment 'fb' (matrix_b m16n16k16 f16 col_major) has no AMD counterpart [tensor-core.wmma]
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
// CHECK-MESSAGES: :[[@LINE-1]]:56: error: kernel 'gemm_f16': WMMA fragment 'acc' (accumulator m16n16k16 f32) has no AMD counterpart [tensor-core.wmma]
// CHECK-MESSAGES: :[[@LINE-2]]:56: note: rocWMMA: rocwmma::fragment<rocwmma::accumulator, 16, 16, 16, rocwmma::float32_t>;
  wmma::fill_fragment(acc, 0.0f);
  wmma::load_matrix_sync(fa, a, 16);
  wmma::load_matrix_sync(fb, b, 16);
// CHECK-MESSAGES: :[[@LINE-3]]:3: note: kernel 'gemm_f16': wmma::fill_fragment ports to rocwmma::fill_fragment once its fragment is a rocWMMA fragment [tensor-core]
// CHECK-MESSAGES: :[[@LINE-3]]:3: note: kernel 'gemm_f16': wmma::load_matrix_sync ports to rocwmma::load_matrix_sync once its fragment is a rocWMMA fragment [tensor-core]
// CHECK-MESSAGES: :[[@LINE-3]]:3: note: kernel 'gemm_f16': wmma::load_matrix_sync ports to rocwmma::load_matrix_sync once its fragment is a rocWMMA fragment [tensor-core]
  wmma::mma_sync(acc, fa, fb, acc);
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: kernel 'gemm_f16': WMMA mma_sync m16n16k16 f16 x f16 + f32 has no AMD counterpart; use gfx942: __builtin_amdgcn_mfma_f32_16x16x16f16; gfx950: __builtin_amdgcn_mfma_f32_16x16x32_f16 (K=32; __builtin_amdgcn_mfma_f32_16x16x16f16 also exists) [tensor-core.wmma]
  wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
// CHECK-MESSAGES: :[[@LINE-1]]:3: note: kernel 'gemm_f16': wmma::store_matrix_sync ports to rocwmma::store_matrix_sync once its fragment is a rocWMMA fragment [tensor-core]
}

// m32n8k16 has no AMD tile: the finding says to re-tile.
__global__ void tall(const half *a, half *c) {
  wmma::fragment<wmma::matrix_a, 32, 8, 16, half, wmma::row_major> fa;
// CHECK-MESSAGES: :[[@LINE-1]]:68: error: kernel 'tall': WMMA fragment 'fa' (matrix_a m32n8k16 f16 row_major) has no AMD counterpart; rocWMMA and MFMA have no m32n8k16 tile: re-tile to 16x16 (or 32x32) [tensor-core.wmma]
  wmma::fragment<wmma::matrix_b, 32, 8, 16, half, wmma::row_major> fb;
// CHECK-MESSAGES: :[[@LINE-1]]:68: error: kernel 'tall': WMMA fragment 'fb' (matrix_b m32n8k16 f16 row_major) has no AMD counterpart; rocWMMA and MFMA have no m32n8k16 tile
  wmma::fragment<wmma::accumulator, 32, 8, 16, half> acc[2];
// CHECK-MESSAGES: :[[@LINE-1]]:54: error: kernel 'tall': WMMA fragment 'acc' (accumulator m32n8k16 f16) has no AMD counterpart; rocWMMA and MFMA have no m32n8k16 tile
  wmma::mma_sync(acc[0], fa, fb, acc[1]);
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: kernel 'tall': WMMA mma_sync m32n8k16 f16 x f16 + f16 has no AMD counterpart; use gfx942: __builtin_amdgcn_mfma_f32_16x16x16f16;
// CHECK-MESSAGES: :[[@LINE-2]]:3: note: rocWMMA and MFMA have no m32n8k16 tile: re-tile to 16x16 (or 32x32); or rocwmma::mma_sync on rocWMMA fragments
}

// A helper taking fragments by reference: the parameters are flagged too.
__device__ void step_bf16(
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> &d,
// CHECK-MESSAGES: :[[@LINE-1]]:59: error: device function 'step_bf16': WMMA fragment 'd' (accumulator m16n16k16 f32) has no AMD counterpart [tensor-core.wmma]
    const wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> &a,
// CHECK-MESSAGES: :[[@LINE-1]]:87: error: device function 'step_bf16': WMMA fragment 'a' (matrix_a m16n16k16 bf16 row_major) has no AMD counterpart [tensor-core.wmma]
    const wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::row_major> &b) {
// CHECK-MESSAGES: :[[@LINE-1]]:87: error: device function 'step_bf16': WMMA fragment 'b' (matrix_b m16n16k16 bf16 row_major) has no AMD counterpart [tensor-core.wmma]
  wmma::mma_sync(d, a, b, d);
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: device function 'step_bf16': WMMA mma_sync m16n16k16 bf16 x bf16 + f32 has no AMD counterpart; use gfx942: __builtin_amdgcn_mfma_f32_16x16x16bf16_1k; gfx950: __builtin_amdgcn_mfma_f32_16x16x32_bf16 (K=32; __builtin_amdgcn_mfma_f32_16x16x16bf16_1k also exists) [tensor-core.wmma]
}

// tf32: gfx942 has the xf32 MFMA, gfx950 dropped it.
__global__ void gemm_tf32(const float *a, float *c) {
  wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> fa;
// CHECK-MESSAGES: :[[@LINE-1]]:85: error: kernel 'gemm_tf32': WMMA fragment 'fa' (matrix_a m16n16k8 tf32 row_major) has no AMD counterpart [tensor-core.wmma]
// CHECK-MESSAGES: :[[@LINE-2]]:85: note: rocWMMA: rocwmma::fragment<rocwmma::matrix_a, 16, 16, 8, rocwmma::float32_t, rocwmma::row_major>;
  wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::col_major> fb;
// CHECK-MESSAGES: :[[@LINE-1]]:85: error: kernel 'gemm_tf32': WMMA fragment 'fb' (matrix_b m16n16k8 tf32 col_major)
  wmma::fragment<wmma::accumulator, 16, 16, 8, float> acc;
// CHECK-MESSAGES: :[[@LINE-1]]:55: error: kernel 'gemm_tf32': WMMA fragment 'acc' (accumulator m16n16k8 f32)
  wmma::mma_sync(acc, fa, fb, acc);
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: kernel 'gemm_tf32': WMMA mma_sync m16n16k8 tf32 x tf32 + f32 has no AMD counterpart; use gfx942: __builtin_amdgcn_mfma_f32_16x16x8_xf32; gfx950: no xf32 form (gfx950 dropped it): __builtin_amdgcn_mfma_f32_16x16x4f32 in full fp32, or convert to bf16 [tensor-core.wmma]
}

// f64 m8n8k4: AMD's f64 tile is 16x16x4.
__global__ void gemm_f64(const double *a, double *c) {
  wmma::fragment<wmma::matrix_a, 8, 8, 4, double, wmma::row_major> fa;
// CHECK-MESSAGES: :[[@LINE-1]]:68: error: kernel 'gemm_f64': WMMA fragment 'fa' (matrix_a m8n8k4 f64 row_major) has no AMD counterpart; AMD's f64 tile is 16x16x4, not m8n8k4: re-tile to 16x16 [tensor-core.wmma]
// CHECK-MESSAGES: :[[@LINE-2]]:68: note: rocWMMA: rocwmma::fragment<rocwmma::matrix_a, 16, 16, 4, rocwmma::float64_t, rocwmma::row_major>;
  wmma::fragment<wmma::matrix_b, 8, 8, 4, double, wmma::col_major> fb;
// CHECK-MESSAGES: :[[@LINE-1]]:68: error: kernel 'gemm_f64': WMMA fragment 'fb' (matrix_b m8n8k4 f64 col_major)
  wmma::fragment<wmma::accumulator, 8, 8, 4, double> acc;
// CHECK-MESSAGES: :[[@LINE-1]]:54: error: kernel 'gemm_f64': WMMA fragment 'acc' (accumulator m8n8k4 f64)
  wmma::mma_sync(acc, fa, fb, acc);
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: kernel 'gemm_f64': WMMA mma_sync m8n8k4 f64 x f64 + f64 has no AMD counterpart; use gfx942: __builtin_amdgcn_mfma_f64_16x16x4f64 (16x16x4: re-tile the 8x8x4 tile); gfx950: __builtin_amdgcn_mfma_f64_16x16x4f64
}

// u8: the int8 MFMA is signed-only.
__global__ void gemm_u8(const unsigned char *a, int *c) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, unsigned char, wmma::row_major> fa;
// CHECK-MESSAGES: :[[@LINE-1]]:78: error: kernel 'gemm_u8': WMMA fragment 'fa' (matrix_a m16n16k16 u8 row_major)
// CHECK-MESSAGES: :[[@LINE-2]]:78: note: rocWMMA: rocwmma::fragment<rocwmma::matrix_a, 16, 16, 16, rocwmma::int8_t, rocwmma::row_major>;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, unsigned char, wmma::col_major> fb;
// CHECK-MESSAGES: :[[@LINE-1]]:78: error: kernel 'gemm_u8': WMMA fragment 'fb' (matrix_b m16n16k16 u8 col_major)
  wmma::fragment<wmma::accumulator, 16, 16, 16, int> acc;
// CHECK-MESSAGES: :[[@LINE-1]]:54: error: kernel 'gemm_u8': WMMA fragment 'acc' (accumulator m16n16k16 s32)
  wmma::mma_sync(acc, fa, fb, acc);
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: kernel 'gemm_u8': WMMA mma_sync m16n16k16 u8 x u8 + s32 has no AMD counterpart; use gfx942: __builtin_amdgcn_mfma_i32_16x16x32_i8 (K=32) (signed i8 only: offset u8 data by -128 and correct the sums, or widen to i16/f16); gfx950: __builtin_amdgcn_mfma_i32_16x16x64_i8
}

// 4-bit and 1-bit tiles have no AMD counterpart at all.
__global__ void gemm_s4_b1() {
  wmma::fragment<wmma::matrix_a, 8, 8, 32, wmma::experimental::precision::s4, wmma::row_major> a4;
// CHECK-MESSAGES: :[[@LINE-1]]:96: error: kernel 'gemm_s4_b1': WMMA fragment 'a4' (matrix_a m8n8k32 s4 row_major) has no AMD counterpart; AMD has no s4 tiles: change the data type [tensor-core.wmma]
// CHECK-MESSAGES: :[[@LINE-2]]:96: note: rocWMMA: rocWMMA has no 4-bit fragment: unpack to rocwmma::int8_t;
  wmma::fragment<wmma::matrix_a, 8, 8, 128, wmma::experimental::precision::b1, wmma::row_major> a1;
// CHECK-MESSAGES: :[[@LINE-1]]:97: error: kernel 'gemm_s4_b1': WMMA fragment 'a1' (matrix_a m8n8k128 b1 row_major) has no AMD counterpart; AMD has no b1 tiles: change the data type [tensor-core.wmma]
  wmma::fragment<wmma::matrix_b, 8, 8, 128, wmma::experimental::precision::b1, wmma::col_major> b1;
// CHECK-MESSAGES: :[[@LINE-1]]:97: error: kernel 'gemm_s4_b1': WMMA fragment 'b1' (matrix_b m8n8k128 b1 col_major)
  wmma::fragment<wmma::accumulator, 8, 8, 128, int> c1;
// CHECK-MESSAGES: :[[@LINE-1]]:53: error: kernel 'gemm_s4_b1': WMMA fragment 'c1' (accumulator m8n8k128 s32)
  wmma::bmma_sync(c1, a1, b1, c1, wmma::experimental::bmmaBitOpXOR, wmma::experimental::bmmaAccumulateOpPOPC);
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: kernel 'gemm_s4_b1': WMMA bmma_sync m8n8k128 b1 x b1 + s32 has no AMD counterpart; use gfx942: no 1-bit matrix instruction: AND/XOR 64-bit words and count with __popcll;
}

// A template kernel: each instantiation's tile is read from the AST.
template <typename T>
__global__ void gemm_t(const T *a) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, T, wmma::row_major> fa;
// CHECK-MESSAGES: :[[@LINE-1]]:66: error: kernel 'gemm_t': WMMA fragment 'fa' (matrix_a m16n16k16 f16 row_major) has no AMD counterpart [tensor-core.wmma]
  wmma::load_matrix_sync(fa, a, 16);
// CHECK-MESSAGES: :[[@LINE-1]]:3: note: kernel 'gemm_t': wmma::load_matrix_sync ports to rocwmma::load_matrix_sync once its fragment is a rocWMMA fragment [tensor-core]
}
template __global__ void gemm_t<half>(const half *);
