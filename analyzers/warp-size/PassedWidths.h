//===- PassedWidths.h - parameters a function uses as the warp width -*- C++
//-*-===//
//
// A warp width need not be written where it is used: cuda-samples' shfl_scan
// launches `shfl_scan_test<<<g, b, s>>>(data, 32, sums)` and the kernel uses
// its `width` parameter as the width of __shfl_up_sync, while it numbers
// lanes `id % warpSize`. Neither line is wrong alone; together, on a 64-lane
// wavefront, they are. This file answers the callee's half of that question:
// how does a function use a given integer parameter, as a shuffle's width, to
// split a thread index into lanes, or compared with a thread index, also
// through the functions it passes the parameter on to. The analyzer pairs
// the answers with the values its callers pass (ValueFlow.h).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"

#include <map>
#include <utility>
#include <vector>

namespace hipwright::warpsize {

/// One use of a parameter as a warp quantity.
struct WidthUse {
  enum class Kind {
    ShuffleWidth, ///< the width argument of a shuffle
    LaneSplit,    ///< `tid % p`, `tid / p`, `tid & (p - 1)`
    LaneCompare,  ///< `tid >= (p * 3) / 2`: a thread index compared with it
  };
  Kind K;
  const clang::Expr *At;           ///< the shuffle call or the operator
  const clang::FunctionDecl *In;   ///< the function the use is written in
  const clang::ParmVarDecl *Param; ///< the parameter there
};

class PassedWidths {
public:
  explicit PassedWidths(clang::ASTContext &Ctx) : Ctx(Ctx) {}

  /// The uses of \p FD's parameter \p Index (FD as written, the pattern of
  /// a template) as a warp quantity, and those of the functions FD passes
  /// it to unchanged, up to three calls deep.
  const std::vector<WidthUse> &usesOf(const clang::FunctionDecl *FD,
                                      unsigned Index);

  /// usesOf, \p Depth calls below the function a value was passed to (not
  /// remembered: what is found depends on the depth left).
  std::vector<WidthUse> collect(const clang::FunctionDecl *FD, unsigned Index,
                                unsigned Depth);

  /// The first place \p FD numbers lanes by the wavefront itself:
  /// `x % warpSize` or `x & (warpSize - 1)` with x a thread index, or
  /// `__lane_id()`. Null when it does not.
  const clang::Expr *wavefrontLane(const clang::FunctionDecl *FD);

private:
  clang::ASTContext &Ctx;
  std::map<std::pair<const clang::FunctionDecl *, unsigned>,
           std::vector<WidthUse>>
      Uses;
  llvm::DenseMap<const clang::FunctionDecl *, const clang::Expr *> WaveLanes;
};

} // namespace hipwright::warpsize
