// Expectations for hopper-only.mbarrier-tx: barriers that count bytes
// landed by TMA. See tests/analyzers/check_analyzer.sh.
#include <cuda/barrier>

#include <cuda/ptx>

#include <cstdint>

using block_barrier = cuda::barrier<cuda::thread_scope_block>;

__device__ void arrive_with_bytes(block_barrier &bar) {
  auto token = cuda::device::barrier_arrive_tx(bar, 1, 4096);
// CHECK-MESSAGES: :[[@LINE-1]]:16: error: device function 'arrive_with_bytes': cuda::device::barrier_arrive_tx (an mbarrier with a transaction count) has no AMD equivalent [hopper-only.mbarrier-tx]
// CHECK-MESSAGES: :[[@LINE-2]]:16: note: AMD barriers do not count bytes: after cooperative loads use __syncthreads()
  bar.wait(std::move(token));
}

__device__ void expect_bytes(block_barrier &bar) {
  cuda::device::barrier_expect_tx(bar, 2048);
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: device function 'expect_bytes': cuda::device::barrier_expect_tx (an mbarrier with a transaction count) has no AMD equivalent [hopper-only.mbarrier-tx]
}

__device__ void ptx_wrapper(uint64_t *bar) {
  cuda::ptx::mbarrier_arrive_expect_tx(cuda::ptx::sem_release, cuda::ptx::scope_cta,
                                       cuda::ptx::space_shared, bar, 1024u);
// CHECK-MESSAGES: :[[@LINE-2]]:3: error: device function 'ptx_wrapper': cuda::ptx::mbarrier_arrive_expect_tx (an mbarrier with a transaction count) has no AMD equivalent [hopper-only.mbarrier-tx]
}

__device__ void raw_ptx(unsigned addr, unsigned bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;"
               :: "r"(addr), "r"(bytes) : "memory");
// CHECK-MESSAGES: :[[@LINE-2]]:3: error: device function 'raw_ptx': PTX mbarrier.arrive.expect_tx.shared::cta.b64 (an mbarrier with a transaction count) has no AMD equivalent [hopper-only.mbarrier-tx]
}

// A plain arrival (sm_80) is not a transaction count: silent here (the
// inline-ptx rules judge it).
__device__ void plain_arrive(unsigned addr) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :: "r"(addr) : "memory");
}
