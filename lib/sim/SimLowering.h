//===- SimLowering.h - CUDA/HIP source to C++ for the CPU -------*- C++ -*-===//
//
// hipwright's CPU SIMT runtime ("hwsim") compiles kernels as ordinary host
// C++. The few constructs a host compiler cannot take - kernel launches and
// __shared__ storage - are rewritten here, and loops are marked as regions a
// 64-lane wavefront leaves together; token by token, with the same
// engine as `port` (clang's raw lexer in CUDA mode, one EditSet applied
// once). Comments, string literals and #if conditions are never touched, and
// every line keeps its line number so compiler errors on the lowered file
// point at the user's lines.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/RawLexer.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace hipwright::sim {

/// Rewrites CUDA or HIP source text into plain C++ for the CPU runtime:
///   k<<<G, B[, S[, ST]]>>>(A...)  and  hipLaunchKernelGGL(k, G, B, S, ST,
///   A...)
///     -> ::hwsim::launch("k", ::hwsim::LaunchConfig(G, B...), [&]() { k(A...);
///     })
///   __shared__ -> static thread_local (thread_local after `static`)
///   a loop statement S that can poll
///     -> { ::hwsim::LoopRegion hwsim_loop_(L, C); S }
///     (LoopLowering.h; not inside #define bodies)
///   extern __shared__ T n[]; -> T *const n = ::hwsim::dynamicShared<T>();
///                               (function scope; a #define body counts as one)
///                            -> static ::hwsim::DynamicShared<T> n;
///                               (namespace scope)
/// Fails with "file:line:col: ..." when a construct it must rewrite cannot be
/// understood (an unterminated launch, a launch with no arguments, ...).
llvm::Expected<std::string> lowerForSimulation(llvm::StringRef Source,
                                               llvm::StringRef FileName);

namespace detail {

/// Raw-lexes \p Source as CUDA C++ (so `<<<` and `>>>` are single tokens);
/// comments are dropped.
std::vector<RawToken> lexForSimulation(llvm::StringRef Source);

/// 1-based line of \p Offset in \p Source.
unsigned lineOf(llvm::StringRef Source, unsigned Offset);

} // namespace detail
} // namespace hipwright::sim
