//===- LaneRows.h - counts of lane rows written as plain numbers -*- C++
//-*-===//
//
// NCCL's LL128 protocol lays a warp's lanes out as rows of 8 and indexes
// its data as `g*WARP_SIZE - 4*(g/2) + wid - (g%2)*(wid/8)`. The 8 is the
// width of a row, a property of the data; the 4 is how many such rows fill a
// 32-lane warp, 32 / 8, written as a number. It does not follow WARP_SIZE:
// a port that makes the warp 64 lanes wide leaves it at 4 and the index no
// longer tiles the data. This file finds such counts: in one index that
// steps whole warps and splits a lane into rows of k lanes, a literal c with
// c * k == 32 that multiplies something other than the lane.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "WarpFlow.h"

#include "clang/AST/Expr.h"

#include <cstdint>
#include <optional>

namespace clang {
class ASTContext;
}

namespace hipwright::warpsize {

/// A count of lane rows per 32-lane warp, and what makes it one.
struct LaneRowCount {
  const clang::IntegerLiteral *Count = nullptr; ///< the 4
  const clang::BinaryOperator *Split = nullptr; ///< wid / 8
  const clang::Expr *WarpStep = nullptr;        ///< g * WARP_SIZE
  const clang::Expr *Width = nullptr;           ///< WARP_SIZE in it
  int64_t RowLanes = 0;                         ///< 8
};

/// The lanes per row when \p BO splits a lane of a warp into rows with a
/// number written as such (`wid / 8`, `lane >> 3`), else nullopt. A row
/// width spelled from the warp's own name (`lane / (WARP_SIZE / 4)`) is a
/// sub-group split, reported as one.
std::optional<int64_t> laneRowWidth(const clang::BinaryOperator *BO,
                                    IndexFlow &Flow,
                                    const clang::ASTContext &Ctx);

/// The row count in \p Root (the whole index \p Split is a term of), if
/// \p Root also steps whole warps.
std::optional<LaneRowCount> laneRowCount(const clang::BinaryOperator *Split,
                                         int64_t RowLanes,
                                         const clang::Expr *Root,
                                         IndexFlow &Flow,
                                         const clang::ASTContext &Ctx);

} // namespace hipwright::warpsize
