// Self-test (must PASS): names only ROCm 7 declares - hip_math_constants.h,
// hipMemAdvise_v2 and hipMemPrefetchAsync_v2 with a hipMemLocation, and the
// library surface of hipCUB and hipRAND's device API. An older HIP (Debian
// 12's 5.2.3 has none of these) read by mistake fails this file.
#include <hip/hip_math_constants.h>
#include <hip/hip_runtime.h>
#include <hipcub/hipcub.hpp>
#include <hiprand/hiprand_kernel.h>

__global__ void scaled(float *out, unsigned long long seed) {
  hiprandState_t state;
  hiprand_init(seed, threadIdx.x, 0, &state);
  out[threadIdx.x] = HIP_PI_F * hiprand_uniform(&state);
}

int prefetch(float *managed, size_t bytes, hipStream_t stream) {
  hipMemLocation loc;
  loc.type = hipMemLocationTypeDevice;
  loc.id = 0;
  if (hipMemAdvise_v2(managed, bytes, hipMemAdviseSetPreferredLocation, loc) !=
      hipSuccess)
    return 1;
  return hipMemPrefetchAsync_v2(managed, bytes, loc, 0, stream) == hipSuccess
             ? 0
             : 1;
}
