//===- SharedLowering.h - __shared__ for the CPU runtime --------*- C++ -*-===//
//
// `__shared__` becomes `static thread_local` (blocks run one after another on
// an OS thread, so that is per-block storage); `extern __shared__ T n[];`
// becomes a pointer to the block's dynamic shared memory, spelled one way in
// a function body and another at namespace scope.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "sim/LoweringContext.h"

#include <vector>

namespace hipwright::sim::detail {

/// Follows a segment's braces to tell function bodies from namespace (or
/// class) scope.
class FunctionScopes {
public:
  /// The `{` at segment token \p I opens a scope.
  void open(const LoweringContext &C, size_t I);
  /// A `}` closes the innermost scope.
  void close();
  /// Whether the innermost open scope is (inside) a function body.
  bool inFunction() const { return !FnScope.empty() && FnScope.back(); }

private:
  // One entry per open brace: does it (or an enclosing one) open a
  // function body?
  std::vector<bool> FnScope;
};

/// Lowers the declaration holding the `__shared__` at segment token \p I.
llvm::Error lowerShared(LoweringContext &C, size_t I, bool InFunction);

} // namespace hipwright::sim::detail
