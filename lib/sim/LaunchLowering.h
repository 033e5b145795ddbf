//===- LaunchLowering.h - kernel launches for the CPU runtime ---*- C++ -*-===//
//
// `k<<<G, B[, S[, ST]]>>>(A...)` and `hipLaunchKernelGGL(k, G, B, S, ST,
// A...)` become `::hwsim::launch("k", ::hwsim::LaunchConfig(G, B...),
// [&]() { k(A...); })`.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "sim/LoweringContext.h"

namespace hipwright::sim::detail {

/// Lowers the chevron launch whose `<<<` is segment token \p Lt.
llvm::Error lowerChevronLaunch(LoweringContext &C, size_t Lt);

/// Lowers the hipLaunchKernelGGL call whose name is segment token \p Name
/// (followed by its `(`).
llvm::Error lowerGglLaunch(LoweringContext &C, size_t Name);

} // namespace hipwright::sim::detail
