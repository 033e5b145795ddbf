//===- Fiber.h - minimal fiber context switch -----------------------------===//
//
// A fiber context is just enough state to resume a stack. On x86-64 it is
// the saved stack pointer (callee-saved registers, MXCSR and the x87 control
// word live on the fiber's own stack); elsewhere it is a ucontext_t.
//
//===----------------------------------------------------------------------===//
#ifndef HIPWRIGHT_SIM_RUNTIME_FIBER_H
#define HIPWRIGHT_SIM_RUNTIME_FIBER_H

#include <cstddef>

#if defined(__x86_64__) && !defined(HWSIM_USE_UCONTEXT)
#define HWSIM_FIBER_ASM 1
#else
#include <ucontext.h>
#endif

namespace hwsim::detail {

#ifdef HWSIM_FIBER_ASM
struct FiberContext {
  void *sp = nullptr;
};
#else
struct FiberContext {
  ucontext_t uc;
};
#endif

using FiberEntry = void (*)();

/// Prepares \p ctx so that switching to it calls \p entry on the stack
/// [stackLow, stackLow + size). \p entry must never return.
void initFiberContext(FiberContext &ctx, char *stackLow, size_t size,
                      FiberEntry entry);

/// Saves the running context into \p from and resumes \p to.
void switchFiber(FiberContext &from, FiberContext &to);

} // namespace hwsim::detail

#endif // HIPWRIGHT_SIM_RUNTIME_FIBER_H
