// Self-test (must SKIP): Debian's rocWMMA 7.2.4 package ships rocwmma.hpp
// without the rocwmma/internal/ headers it includes, so no rocWMMA code can
// be compiled here; the check says so instead of failing the file.
#include <hip/hip_runtime.h>
#include <rocwmma/rocwmma.hpp>

__global__ void tile(const rocwmma::float16_t *a, float *c) {
  rocwmma::fragment<rocwmma::accumulator, 16, 16, 16, float> acc;
  rocwmma::fill_fragment(acc, 0.0f);
  rocwmma::store_matrix_sync(c, acc, 16, rocwmma::mem_row_major);
}
