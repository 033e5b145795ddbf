// Expectations for tensor-core.fragment-layout: code that picks fragment
// elements by index assumes NVIDIA's lane-to-element mapping. Loops that
// treat every element alike (bounded by num_elements) are portable and
// stay silent. See tests/analyzers/check_analyzer.sh.
#include <mma.h>

#include <cuda_fp16.h>
using namespace nvcuda;

__global__ void epilogue(float *out, float alpha, const float *bias) {
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
// CHECK-MESSAGES: :[[@LINE-1]]:56: error: kernel 'epilogue': WMMA fragment 'acc' {{.*}} [tensor-core.wmma]
  wmma::fill_fragment(acc, 0.0f);
// CHECK-MESSAGES: :[[@LINE-1]]:3: note: kernel 'epilogue': wmma::fill_fragment ports to rocwmma::fill_fragment once its fragment is a rocWMMA fragment [tensor-core]

  // Silent: the same operation on every element.
  for (int i = 0; i < acc.num_elements; ++i)
    acc.x[i] *= alpha;

  // Element 0 is row (lane / 4) on NVIDIA; not on AMD.
  float first = acc.x[0];
// CHECK-MESSAGES: :[[@LINE-1]]:17: error: kernel 'epilogue': fragment element acc.x[0] (accumulator m16n16k16 f32) assumes NVIDIA's lane-to-element layout [tensor-core.fragment-layout]
// CHECK-MESSAGES: :[[@LINE-2]]:17: note: the lane-to-element layout of AMD fragments differs from NVIDIA's, so code that reads or writes fragment.x[i] by index is not portable (a 16x16 tile is 4 elements per lane on a 64-wide wave, 8 on NVIDIA)

  // A per-element bias whose row is computed from the thread and the index.
  for (int i = 0; i < 8; ++i)
    acc.x[i] += bias[(threadIdx.x / 4) + 8 * (i / 4)];
// CHECK-MESSAGES: :[[@LINE-1]]:5: error: kernel 'epilogue': fragment element acc.x[i] (accumulator m16n16k16 f32) assumes NVIDIA's lane-to-element layout [tensor-core.fragment-layout]
  out[threadIdx.x] = first;
  wmma::store_matrix_sync(out, acc, 16, wmma::mem_row_major);
// CHECK-MESSAGES: :[[@LINE-1]]:3: note: kernel 'epilogue': wmma::store_matrix_sync ports to rocwmma::store_matrix_sync once its fragment is a rocWMMA fragment [tensor-core]
}

// Through a helper that takes the fragment by reference.
__device__ void set_diagonal(wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> &f) {
// CHECK-MESSAGES: :[[@LINE-1]]:97: error: device function 'set_diagonal': WMMA fragment 'f' {{.*}} [tensor-core.wmma]
  f.x[threadIdx.y] = __float2half(1.0f);
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: device function 'set_diagonal': fragment element f.x[threadIdx.y] (matrix_a m16n16k16 f16 row_major) assumes NVIDIA's lane-to-element layout [tensor-core.fragment-layout]
}
