// Expectations for the generic tensor-core rule: WMMA loads, stores and
// fills are notes (they port by name once their fragments are rocWMMA
// fragments); the fragments themselves are tensor-core.wmma errors. See
// tests/analyzers/check_analyzer.sh.
#include <mma.h>

#include <cuda_fp16.h>
using namespace nvcuda;

__global__ void copy_tile(const half *in, float *out) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a;
// CHECK-MESSAGES: :[[@LINE-1]]:69: error: kernel 'copy_tile': WMMA fragment 'a' {{.*}} [tensor-core.wmma]
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> c;
// CHECK-MESSAGES: :[[@LINE-1]]:56: error: kernel 'copy_tile': WMMA fragment 'c' {{.*}} [tensor-core.wmma]
  wmma::load_matrix_sync(a, in, 16);
// CHECK-MESSAGES: :[[@LINE-1]]:3: note: kernel 'copy_tile': wmma::load_matrix_sync ports to rocwmma::load_matrix_sync once its fragment is a rocWMMA fragment [tensor-core]
  wmma::fill_fragment(c, 1.0f);
// CHECK-MESSAGES: :[[@LINE-1]]:3: note: kernel 'copy_tile': wmma::fill_fragment ports to rocwmma::fill_fragment once its fragment is a rocWMMA fragment [tensor-core]
  wmma::store_matrix_sync(out, c, 16, wmma::mem_col_major);
// CHECK-MESSAGES: :[[@LINE-1]]:3: note: kernel 'copy_tile': wmma::store_matrix_sync ports to rocwmma::store_matrix_sync once its fragment is a rocWMMA fragment [tensor-core]
// CHECK-MESSAGES: :[[@LINE-2]]:3: note: the layout argument becomes rocwmma::mem_row_major or rocwmma::mem_col_major
}

// In a branch the host-side parse skips, the tile cannot be read, but the
// mma_sync is still found.
__global__ void arch_guarded(float *out) {
#ifdef __CUDA_ARCH__
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> c;
  wmma::mma_sync(c, a, b, c);
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: WMMA mma_sync in code the host-side parse skips (#if branch) has no AMD counterpart; its tile was not analyzed [tensor-core.wmma]
#endif
}
