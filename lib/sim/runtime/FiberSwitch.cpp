//===- FiberSwitch.cpp - x86-64 context switch, ucontext elsewhere --------===//
//
// The x86-64 switch saves only what the SysV ABI says a callee preserves:
// rbx, rbp, r12-r15, the stack pointer, and the MXCSR / x87 control words
// (rounding modes and exception masks). No system call per switch, unlike
// swapcontext, which also saves the signal mask.
//
//===----------------------------------------------------------------------===//
#include "Fiber.h"

#include <cstdint>

#ifdef HWSIM_FIBER_ASM

// void hwsim_switch_context(void **saveSp, void *loadSp)
// Stack image of a suspended context, from its saved sp upwards:
//   [mxcsr:4 | x87 cw:2 | pad:2] r15 r14 r13 r12 rbx rbp <return address>
asm(R"(
  .pushsection .text
  .globl hwsim_switch_context
  .hidden hwsim_switch_context
  .type hwsim_switch_context,@function
  .p2align 4
hwsim_switch_context:
  pushq %rbp
  pushq %rbx
  pushq %r12
  pushq %r13
  pushq %r14
  pushq %r15
  subq $8, %rsp
  stmxcsr (%rsp)
  fnstcw 4(%rsp)
  movq %rsp, (%rdi)
  movq %rsi, %rsp
  ldmxcsr (%rsp)
  fldcw 4(%rsp)
  addq $8, %rsp
  popq %r15
  popq %r14
  popq %r13
  popq %r12
  popq %rbx
  popq %rbp
  ret
  .size hwsim_switch_context, .-hwsim_switch_context
  .popsection
)");

extern "C" void hwsim_switch_context(void **saveSp, void *loadSp);

namespace hwsim::detail {

void initFiberContext(FiberContext &ctx, char *stackLow, size_t size,
                      FiberEntry entry) {
  auto top = reinterpret_cast<uintptr_t>(stackLow + size) & ~uintptr_t(15);
  auto *sp = reinterpret_cast<uint64_t *>(top);
  // entry starts as if called: its return address slot (never used) sits at
  // top - 8, so rsp % 16 == 8 on entry as the ABI requires.
  *--sp = 0;
  *--sp = reinterpret_cast<uint64_t>(entry);
  for (int i = 0; i < 6; ++i)
    *--sp = 0; // rbp rbx r12 r13 r14 r15
  // The fiber starts with the creator's floating-point control state.
  uint32_t mxcsr;
  uint16_t fpcw;
  asm volatile("stmxcsr %0" : "=m"(mxcsr));
  asm volatile("fnstcw %0" : "=m"(fpcw));
  *--sp = uint64_t(mxcsr) | (uint64_t(fpcw) << 32);
  ctx.sp = sp;
}

void switchFiber(FiberContext &from, FiberContext &to) {
  hwsim_switch_context(&from.sp, to.sp);
}

} // namespace hwsim::detail

#else

namespace hwsim::detail {

void initFiberContext(FiberContext &ctx, char *stackLow, size_t size,
                      FiberEntry entry) {
  getcontext(&ctx.uc);
  ctx.uc.uc_stack.ss_sp = stackLow;
  ctx.uc.uc_stack.ss_size = size;
  ctx.uc.uc_link = nullptr;
  makecontext(&ctx.uc, entry, 0);
}

void switchFiber(FiberContext &from, FiberContext &to) {
  swapcontext(&from.uc, &to.uc);
}

} // namespace hwsim::detail

#endif
