// Expectations for inline-ptx in #if branches this build does not compile;
// see tests/analyzers/check_analyzer.sh. A check kernel behind an option
// that is off by default (the shape of a test harness's VERIFY build) is
// still PTX someone ports; its findings name the condition, and a
// configuration caps their severity (inactive-branches, default warning).

__global__ void scale(float *p) { p[threadIdx.x] *= 2.f; }

#ifdef VERIFY
__global__ void verify(const float *p, int n) {
  if (p[threadIdx.x] != 2.f * n)
    asm("trap;");
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: inline PTX trap -> __builtin_trap() (in a branch this build does not compile: `#ifdef VERIFY`, line [[@LINE-4]]) [inline-ptx]
    // CHECK-FIXES: __builtin_trap();
  unsigned lane;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX %laneid -> __lane_id() (in a branch this build does not compile: `#ifdef VERIFY`, line [[@LINE-8]]) [inline-ptx.special-register]
  // CHECK-FIXES: lane = __lane_id();
  if (lane > 31)
    asm volatile("trap;");
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: inline PTX trap -> __builtin_trap() (in a branch this build does not compile: `#ifdef VERIFY`, line [[@LINE-12]]) [inline-ptx]
    // CHECK-FIXES: __builtin_trap();
}
#elif defined(PROFILE)
__global__ void profile(unsigned long long *t) {
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(*t));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX %globaltimer -> wall_clock64() (in a branch this build does not compile: `#elif defined(PROFILE)` (line [[@LINE-3]]) of `#ifdef VERIFY`, line [[@LINE-18]]) [inline-ptx.special-register]
}
#endif

// A macro only the device pass defines guards device code: the build
// compiles it, so its findings carry no label.
#if __CUDA_ARCH__ >= 800
// CHECK-FIXES: #if HIPWRIGHT_CUDA_ARCH >= 800
#define MMA_AVAILABLE
#endif
#ifdef MMA_AVAILABLE
__device__ void fence() { asm volatile("membar.gl;" ::: "memory"); }
// CHECK-MESSAGES: :[[@LINE-1]]:27: warning: inline PTX membar.gl -> __threadfence() [inline-ptx.barrier]
// CHECK-FIXES: __device__ void fence() { __threadfence(); }
#endif

// Not PTX, stays quiet: host assembly behind a host-only option.
#ifdef HOST_TIMING
static inline unsigned long long rdtsc() {
  unsigned lo, hi;
  asm volatile("rdtsc" : "=a"(lo), "=d"(hi));
  return ((unsigned long long)hi << 32) | lo;
}
#endif
