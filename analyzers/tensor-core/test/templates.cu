// Expectations for tensor-core rules in templates; see tests/analyzers/check_analyzer.sh.
// WMMA in function templates and members of class templates: an
// instantiation names the element type, a pattern nothing instantiates is
// still reported, each line once.
#include <mma.h>
using namespace nvcuda;

// Instantiated for __half: the fragment's type is known there.
template <typename T> __global__ void tile(const T *a, const T *b, float *c) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, T, wmma::row_major> fa;
  // CHECK-MESSAGES: :[[@LINE-1]]:66: error: kernel 'tile': WMMA fragment 'fa' (matrix_a m16n16k16 f16 row_major) has no AMD counterpart [tensor-core.wmma]
  wmma::fragment<wmma::matrix_b, 16, 16, 16, T, wmma::col_major> fb;
  // CHECK-MESSAGES: :[[@LINE-1]]:66: error: kernel 'tile': WMMA fragment 'fb' (matrix_b m16n16k16 f16 col_major) has no AMD counterpart [tensor-core.wmma]
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  // CHECK-MESSAGES: :[[@LINE-1]]:56: error: kernel 'tile': WMMA fragment 'acc' (accumulator m16n16k16 f32) has no AMD counterpart [tensor-core.wmma]
  wmma::fill_fragment(acc, 0.0f);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: kernel 'tile': wmma::fill_fragment ports to rocwmma::fill_fragment once its fragment is a rocWMMA fragment [tensor-core]
  wmma::load_matrix_sync(fa, a, 16);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: kernel 'tile': wmma::load_matrix_sync ports to rocwmma::load_matrix_sync once its fragment is a rocWMMA fragment [tensor-core]
  wmma::load_matrix_sync(fb, b, 16);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: kernel 'tile': wmma::load_matrix_sync ports to rocwmma::load_matrix_sync once its fragment is a rocWMMA fragment [tensor-core]
  wmma::mma_sync(acc, fa, fb, acc);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: kernel 'tile': WMMA mma_sync m16n16k16 f16 x f16 + f32 has no AMD counterpart; use gfx942: __builtin_amdgcn_mfma_f32_16x16x16f16; gfx950: __builtin_amdgcn_mfma_f32_16x16x32_f16 (K=32; __builtin_amdgcn_mfma_f32_16x16x16f16 also exists) [tensor-core.wmma]
  wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: kernel 'tile': wmma::store_matrix_sync ports to rocwmma::store_matrix_sync once its fragment is a rocWMMA fragment [tensor-core]
}

template __global__ void tile<__half>(const __half *, const __half *, float *);

// Never instantiated: element type and output pointer are dependent.
template <typename T, typename Acc> struct Gemm {
  __device__ void run(const T *a, Acc *c) {
    wmma::fragment<wmma::matrix_a, 16, 16, 16, T, wmma::row_major> fa;
    // CHECK-MESSAGES: :[[@LINE-1]]:68: error: device function 'run': WMMA fragment 'fa' (matrix_a m16n16k16 of element type T (a template parameter) row_major) has no AMD counterpart [tensor-core.wmma]
    wmma::fragment<wmma::accumulator, 16, 16, 16, Acc> acc;
    // CHECK-MESSAGES: :[[@LINE-1]]:56: error: device function 'run': WMMA fragment 'acc' (accumulator m16n16k16 of element type Acc (a template parameter)) has no AMD counterpart [tensor-core.wmma]
    wmma::load_matrix_sync(fa, a, 16);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: device function 'run': wmma::load_matrix_sync ports to rocwmma::load_matrix_sync once its fragment is a rocWMMA fragment [tensor-core]
    wmma::store_matrix_sync(c, acc, 16, wmma::mem_col_major);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: device function 'run': wmma::store_matrix_sync ports to rocwmma::store_matrix_sync once its fragment is a rocWMMA fragment [tensor-core]
  }
};
