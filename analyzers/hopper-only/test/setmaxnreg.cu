// Expectations for hopper-only.setmaxnreg. See tests/analyzers/check_analyzer.sh.
__global__ void producer_consumer(float *out) {
  if (threadIdx.x < 128) {
    asm volatile("setmaxnreg.dec.sync.aligned.u32 40;\n");
// CHECK-MESSAGES: :[[@LINE-1]]:5: error: kernel 'producer_consumer': PTX setmaxnreg.dec.sync.aligned.u32 (setmaxnreg register reallocation) has no AMD equivalent [hopper-only.setmaxnreg]
// CHECK-MESSAGES: :[[@LINE-2]]:5: note: registers per wave are fixed when the kernel is compiled
  } else {
    asm volatile("setmaxnreg.inc.sync.aligned.u32 232;\n");
// CHECK-MESSAGES: :[[@LINE-1]]:5: error: kernel 'producer_consumer': PTX setmaxnreg.inc.sync.aligned.u32 (setmaxnreg register reallocation) has no AMD equivalent [hopper-only.setmaxnreg]
    out[threadIdx.x] = 1.0f;
  }
}
