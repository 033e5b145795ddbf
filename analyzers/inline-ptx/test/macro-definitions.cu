// inline-ptx in macro definitions: PTX helpers stamped out by macros are
// reported once, at the #define, even when no expansion is ever called
// (or the #define sits in a branch the host-side parse skips); their
// expansions are not reported again; NOLINT at the #define silences it.
#include <cuda_runtime.h>

#include <cstdint>

#define DEFINE_LD(space, type, ctype, reg)                                     \
  __device__ inline ctype ld_##space##_##type(const ctype *p) {                \
    ctype v;                                                                   \
    asm volatile("ld." #space "." #type " %0, [%1];" : "=" reg(v) : "l"(p));   \
    return v;                                                                  \
  }
// CHECK-MESSAGES: :[[@LINE-6]]:9: warning: in macro DEFINE_LD: inline PTX ld.<space> -> a plain C++ access through the pointer [inline-ptx.memory]
DEFINE_LD(global, u32, uint32_t, "r")
DEFINE_LD(global, u64, uint64_t, "l")

// Never expanded anywhere: still reported.
#define LANE_ID(x) asm("mov.u32 %0, %%laneid;" : "=r"(x))
// CHECK-MESSAGES: :[[@LINE-1]]:9: warning: in macro LANE_ID: inline PTX %laneid -> __lane_id() [inline-ptx.special-register]

// Expanded in a kernel: one finding here, none at the expansion.
#define FENCE_GPU() asm volatile("fence.acq_rel.gpu;" ::: "memory")
// CHECK-MESSAGES: :[[@LINE-1]]:9: warning: in macro FENCE_GPU: inline PTX fence.acq_rel.gpu -> __threadfence() [inline-ptx.barrier]

// Token pasting builds the opcode's type from an argument.
#define POPC(bits) asm("popc.b" #bits " %0, %1;" : "=r"(n) : "r"(x))
// CHECK-MESSAGES: :[[@LINE-1]]:9: warning: in macro POPC: inline PTX popc -> __popc(x) [inline-ptx.bit-manipulation]

// Several asm statements in one macro: one finding that lists them. A name
// defined as a string literal reads as its string.
#define PTX_ORDER "relaxed.gpu"
#define DEFINE_LD_ST(type, ctype)                                              \
  __device__ inline ctype ld_relaxed_##type(const ctype *p) {                 \
    ctype v;                                                                   \
    asm volatile("ld." PTX_ORDER ".global." #type " %0, [%1];"                 \
                 : "=r"(v) : "l"(p) : "memory");                               \
    return v;                                                                  \
  }                                                                            \
  __device__ inline void st_volatile_##type(ctype *p, ctype v) {              \
    asm volatile("st.volatile.global." #type " [%0], %1;"                      \
                 :: "l"(p), "r"(v) : "memory");                                \
  }
// CHECK-MESSAGES: :[[@LINE-11]]:9: warning: in macro DEFINE_LD_ST: 2 asm statements: inline PTX ld.relaxed.gpu -> __hip_atomic_load(p, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT); st.volatile -> a volatile access (*(volatile T *)p) [inline-ptx.memory]
DEFINE_LD_ST(u32, uint32_t)

// Silenced at the definition.
#define ACTIVEMASK(m) asm volatile("activemask.b32 %0;" : "=r"(m)) // NOLINT(inline-ptx)

#ifdef __CUDA_ARCH__
// The host-side parse skips this branch: the #define is read from the text.
#define CLOCK64(t) asm volatile("mov.u64 %0, %%clock64;" : "=l"(t))
// CHECK-MESSAGES: :[[@LINE-1]]:9: warning: in macro CLOCK64: inline PTX %clock64 -> clock64() [inline-ptx.special-register]
#endif

// x86 in a macro is not PTX.
#define CPU_PAUSE() asm volatile("pause" ::: "memory")
// A compiler barrier means the same on AMD.
#define BARRIER() asm volatile("" ::: "memory")

__global__ void kernel(uint32_t *out, const uint32_t *in) {
  out[0] = ld_global_u32(in);
  FENCE_GPU();
  unsigned m;
  ACTIVEMASK(m);
  BARRIER();
  out[1] = m;
}

int main() {
  CPU_PAUSE();
  return 0;
}
