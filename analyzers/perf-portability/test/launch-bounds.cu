// perf-portability.launch-bounds: a __launch_bounds__ block size that does
// not fill whole 64-lane wavefronts. See tests/analyzers/check_analyzer.sh.

__global__ void __launch_bounds__(96) three_warps(float *out) {
// CHECK-MESSAGES: :[[@LINE-1]]:17: note: __launch_bounds__(96) on kernel 'three_warps': a block of 96 threads is 2 wavefronts of 64 lanes, the last of which runs with 32 of its 64 lanes idle [perf-portability.launch-bounds]
// CHECK-MESSAGES: :[[@LINE-2]]:17: note: size the block in whole 64-lane wavefronts (64 or 128 threads here) and change its launches and the work per thread to match
  out[threadIdx.x] = 0;
}

// One warp's worth: a whole wavefront, half of it empty.
__global__ void __launch_bounds__(32, 8) one_warp(float *out) {
// CHECK-MESSAGES: :[[@LINE-1]]:17: note: __launch_bounds__(32) on kernel 'one_warp': a block of 32 threads is 1 wavefront of 64 lanes, the last of which runs with 32 of its 64 lanes idle [perf-portability.launch-bounds]
// CHECK-MESSAGES: :[[@LINE-2]]:17: note: size the block in whole 64-lane wavefronts (64 threads here)
  out[threadIdx.x] = 1;
}

// A constant expression and a macro are evaluated.
#define BLOCK 160
constexpr int kRows = 5;
__global__ void __launch_bounds__(BLOCK) from_macro(float *out) {
// CHECK-MESSAGES: :[[@LINE-1]]:17: note: __launch_bounds__(160) on kernel 'from_macro': a block of 160 threads is 3 wavefronts of 64 lanes, the last of which runs with 32 of its 64 lanes idle [perf-portability.launch-bounds]
  out[threadIdx.x] = 2;
}
__global__ void __launch_bounds__(kRows * 32 + 8) from_constexpr(float *out) {
// CHECK-MESSAGES: :[[@LINE-1]]:17: note: __launch_bounds__(168) on kernel 'from_constexpr': a block of 168 threads is 3 wavefronts of 64 lanes, the last of which runs with 24 of its 64 lanes idle [perf-portability.launch-bounds]
  out[threadIdx.x] = 3;
}

// Each instantiation is judged with its own value; the pattern is not.
template <int Threads>
__global__ void __launch_bounds__(Threads) templated(float *out) {
// CHECK-MESSAGES: :[[@LINE-1]]:17: note: __launch_bounds__(224) on kernel 'templated<224>': a block of 224 threads is 4 wavefronts of 64 lanes, the last of which runs with 32 of its 64 lanes idle [perf-portability.launch-bounds]
  out[threadIdx.x] = Threads;
}
template __global__ void templated<256>(float *); // 4 full wavefronts: silent
template __global__ void templated<224>(float *);
