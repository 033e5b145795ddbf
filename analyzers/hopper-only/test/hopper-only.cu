// Expectations for the generic hopper-only rule: other sm_90+ PTX. See
// tests/analyzers/check_analyzer.sh.
__device__ bool leader() {
  unsigned is_leader;
  asm volatile("{\n.reg .pred p;\nelect.sync _|p, 0xffffffff;\nselp.u32 %0, 1, 0, p;\n}"
               : "=r"(is_leader));
// CHECK-MESSAGES: :[[@LINE-2]]:3: error: device function 'leader': PTX elect.sync (a Hopper-only instruction) has no AMD equivalent [hopper-only]
  return is_leader;
}

__global__ void dependent(float *out) {
  asm volatile("griddepcontrol.wait;" ::: "memory");
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: kernel 'dependent': PTX griddepcontrol.wait (a Hopper-only instruction) has no AMD equivalent [hopper-only]
  out[threadIdx.x] = 0;
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: kernel 'dependent': PTX fence.proxy.async.shared::cta (a Hopper-only instruction) has no AMD equivalent [hopper-only]
}
