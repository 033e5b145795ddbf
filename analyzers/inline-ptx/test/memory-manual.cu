// inline-ptx.memory without a fix-it: vector loads, async copies, state
// space conversions, cache hints, textures.
#include <cuda_runtime.h>

__device__ float4 load4(const float4 *p) {
  float4 v;
  asm("ld.global.nc.v4.f32 {%0, %1, %2, %3}, [%4];"
      : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w) : "l"(p));
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: inline PTX ld.global.nc -> __ldg(ptr) [inline-ptx.memory]
  return v;
}

__device__ float wrongType(const int *p) {
  float v;
  asm("ld.global.nc.f32 %0, [%1];" : "=f"(v) : "l"(p));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX ld.global.nc -> __ldg(ptr) [inline-ptx.memory]
  return v;
}

__device__ void copyAsync(unsigned dst, const int4 *src) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" :: "r"(dst), "l"(src + threadIdx.x));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX cp.async -> a plain copy (*(int4 *)dst = *(const int4 *)src for 16 bytes) or __builtin_amdgcn_global_load_lds [inline-ptx.memory]
  asm volatile("cp.async.commit_group;");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX cp.async.commit_group -> nothing after a synchronous copy; __syncthreads() before other threads read the data [inline-ptx.memory]
  asm volatile("cp.async.wait_group 0;");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX cp.async.wait_group -> nothing after a synchronous copy; __syncthreads() before other threads read the data [inline-ptx.memory]
}

__device__ unsigned sharedAddress(const void *p) {
  unsigned long long a;
  asm("cvta.to.shared.u64 %0, %1;" : "=l"(a) : "l"(p));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX cvta.to.shared -> an address-space cast, e.g. (__attribute__((address_space(3))) T *)p for shared memory [inline-ptx.memory]
  return static_cast<unsigned>(a);
}

__device__ void hint(const float *p, float *q, float v) {
  asm volatile("prefetch.global.L2 [%0];" :: "l"(p));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX prefetch -> nothing (drop it) [inline-ptx.memory]
  asm volatile("st.global.cs.f32 [%0], %1;" :: "l"(q), "f"(v));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX st.cs -> __builtin_nontemporal_store(v, p) [inline-ptx.memory]
}

__device__ float fetch(unsigned long long tex, int i) {
  float4 v;
  asm("tex.1d.v4.f32.s32 {%0, %1, %2, %3}, [%4, {%5}];"
      : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w) : "l"(tex), "r"(i));
  // CHECK-MESSAGES: :[[@LINE-2]]:3: error: inline PTX tex.1d.v4.f32.s32 has no AMD equivalent [inline-ptx.memory]
  return v.x;
}

// Memory-order forms: the scoped HIP atomic that keeps the PTX order and
// scope (the memory-model family does not report these again).
__device__ int orderedLoads(const int *flag, int *out, int v) {
  int a, b, c;
  asm volatile("ld.acquire.gpu.global.b32 %0, [%1];" : "=r"(a) : "l"(flag) : "memory");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX ld.acquire.gpu -> __hip_atomic_load(p, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_AGENT) [inline-ptx.memory]
  asm volatile("ld.relaxed.cta.b32 %0, [%1];" : "=r"(b) : "l"(flag));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX ld.relaxed.cta -> __hip_atomic_load(p, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP) [inline-ptx.memory]
  asm volatile("st.release.sys.global.b32 [%0], %1;" :: "l"(out), "r"(v) : "memory");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX st.release.sys -> __hip_atomic_store(p, v, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_SYSTEM) [inline-ptx.memory]
  asm volatile("ld.volatile.global.b32 %0, [%1];" : "=r"(c) : "l"(flag));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX ld.volatile -> a volatile access (*(volatile T *)p) [inline-ptx.memory]
  return a + b + c;
}
