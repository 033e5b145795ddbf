// perf-portability.launch-bounds stays silent: multiples of 64, no
// __launch_bounds__, a template never instantiated (its size cannot be
// evaluated), and a value that is not a constant.

__global__ void __launch_bounds__(256) whole(float *out) { out[threadIdx.x] = 0; }
__global__ void __launch_bounds__(64, 4) one_wave(float *out) { out[0] = 1; }
__global__ void __launch_bounds__(1024) largest(float *out) { out[0] = 2; }
__global__ void no_bounds(float *out) { out[threadIdx.x] = 3; }

template <int Threads>
__global__ void __launch_bounds__(Threads) never_instantiated(float *out) {
  out[threadIdx.x] = Threads;
}

template <int Threads>
__global__ void __launch_bounds__(Threads * 2) doubled(float *out) {
  out[threadIdx.x] = Threads;
}
template __global__ void doubled<64>(float *); // 128 threads: silent
