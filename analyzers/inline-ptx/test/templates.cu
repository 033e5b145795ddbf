// Expectations for inline-ptx rules in templates; see tests/analyzers/check_analyzer.sh.
// PTX in function templates and members of class templates, instantiated
// and not: one finding per asm statement written, one fix-it.
// HIPWRIGHT-COMPILE-FIXED

template <typename T> __device__ T laneTimes(T v) {
  unsigned lane;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX %laneid -> __lane_id() [inline-ptx.special-register]
  // CHECK-FIXES: lane = __lane_id();
  return v * T(lane);
}

__global__ void scale(float *f, int *i) {
  f[threadIdx.x] = laneTimes(f[threadIdx.x]);
  i[threadIdx.x] = laneTimes(i[threadIdx.x]);
}

// Never instantiated.
template <typename T> __device__ void check(const T *p) {
  if (p[threadIdx.x] != T(0))
    asm("trap;");
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: inline PTX trap -> __builtin_trap() [inline-ptx]
    // CHECK-FIXES: __builtin_trap();
}

template <int N> struct Stage {
  __device__ void store(int *shared, int v) {
    shared[threadIdx.x % N] = v;
    asm volatile("bar.sync 0;" ::: "memory");
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: inline PTX bar.sync 0 -> __syncthreads() [inline-ptx.barrier]
    // CHECK-FIXES: __syncthreads();
  }
};

__global__ void stage(int *out) {
  __shared__ int s[64];
  Stage<64> st;
  st.store(s, out[threadIdx.x]);
  out[threadIdx.x] = s[(threadIdx.x + 1) % 64];
}

template <typename T> struct UnusedFence {
  __device__ void publish(T *p, T v) {
    *p = v;
    asm volatile("membar.gl;" ::: "memory");
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: inline PTX membar.gl -> __threadfence() [inline-ptx.barrier]
    // CHECK-FIXES: __threadfence();
  }
};
