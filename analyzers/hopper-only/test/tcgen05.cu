// Expectations for hopper-only.tcgen05 (Blackwell). See
// tests/analyzers/check_analyzer.sh.
#include <cstdint>

__device__ void alloc_tmem(unsigned addr) {
  asm volatile("tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%0], 32;"
               :: "r"(addr));
// CHECK-MESSAGES: :[[@LINE-2]]:3: error: device function 'alloc_tmem': PTX tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 (Blackwell tcgen05 tensor-core instructions) has no AMD equivalent [hopper-only.tcgen05]
// CHECK-MESSAGES: :[[@LINE-3]]:3: note: redesign as MFMA per wave with the accumulators in registers
}

__device__ void guarded_commit(uint64_t *bar) {
#ifdef __CUDA_ARCH__
  asm volatile("tcgen05.commit.cta_group::1.mbarrier::arrive::one.b64 [%0];" :: "l"(bar));
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: code the host-side parse skips (#if branch): PTX tcgen05.commit.cta_group::1.mbarrier::arrive::one.b64 (Blackwell tcgen05 tensor-core instructions) has no AMD equivalent [hopper-only.tcgen05]
#endif
}
