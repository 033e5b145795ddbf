//===- NativeMasks.h - masks kept whole by the native rewrite --*- C++ -*-===//
//
// A ballot on a 64-lane wavefront has 64 bits. Code built on 32-lane warps
// keeps it in an `unsigned`, counts it with __popc, finds its first lane
// with __ffs and tests a lane's bit with `1u << lane`. Rewritten for whole
// wavefronts, the mask stays whole: the variables holding it become
// `unsigned long long`, the bit counts their 64-bit forms, the lane bits
// `1ull << lane`, a comparison with the 32-lane full mask one with every
// lane of the wavefront. On a 32-lane warp each of these is the same value
// as before. That holds only while the mask stays where the rewrite sees
// it: a mask stored to memory, passed to a function, returned or combined
// with something that is not a lane mask is a reason to refuse.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "NativeRewrite.h"

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <utility>
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace hipwright::warpsize {

class IndexFlow;

/// What the native rewrite does to one function's lane masks.
struct MaskRewrite {
  std::vector<NativeEdit> Edits;
  /// Where the rewrite loses sight of a mask, and why, in source order.
  std::vector<std::pair<clang::SourceLocation, std::string>> Refusals;
};

/// Whether \p Name returns a lane mask that the native rewrite keeps whole
/// (__ballot_sync, __ballot, __activemask).
bool isWholeMaskCall(llvm::StringRef Name);

/// Plans the masks of \p FD, whose lanes \p Lanes numbers.
MaskRewrite planNativeMasks(const clang::FunctionDecl &FD,
                            clang::ASTContext &AST, IndexFlow &Lanes);

} // namespace hipwright::warpsize
