// What helper code looks for in the CUDA shim headers: the real headers'
// include guards, the profiler API, compute modes, deprecated flag names.
#include "cuda_profiler_api.h"
#include "cuda_runtime.h"

#include <catch2/catch.hpp>

// cuda-samples' helper_cuda.h defines checkCudaErrors only under these.
#if !defined(__DRIVER_TYPES_H__) || !defined(__CUDA_RUNTIME_H__) ||            \
    !defined(__CUDA_RUNTIME_API_H__)
#error "the CUDA shim headers must define the real headers' guards"
#endif

TEST_CASE("shim headers: profiler calls succeed and do nothing") {
  CHECK(cudaProfilerStart() == cudaSuccess);
  CHECK(cudaProfilerStop() == cudaSuccess);
  CHECK(hipProfilerStart() == hipSuccess);
  CHECK(hipProfilerStop() == hipSuccess);
}

TEST_CASE("shim headers: the device is in the default compute mode") {
  int mode = -1;
  REQUIRE(cudaDeviceGetAttribute(&mode, cudaDevAttrComputeMode, 0) ==
          cudaSuccess);
  CHECK(mode == cudaComputeModeDefault);
  CHECK(mode != cudaComputeModeProhibited);
  CHECK(static_cast<int>(hipComputeModeProhibited) ==
        static_cast<int>(cudaComputeModeProhibited));
}

TEST_CASE("shim headers: cudaDeviceBlockingSync is the blocking-sync flag") {
  CHECK(cudaDeviceBlockingSync == cudaDeviceScheduleBlockingSync);
  CHECK(cudaSetDeviceFlags(cudaDeviceBlockingSync) == cudaSuccess);
}
