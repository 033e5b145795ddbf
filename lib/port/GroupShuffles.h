//===- GroupShuffles.h - group shuffles of non-numbers ---------*- C++ -*-===//
//
// CUDA's cooperative-groups shuffles take any trivially copyable value:
// cuda-samples' shfl_scan moves whole uint4s through a tile
// (`result.y = tile.shfl_xor(result.y, 1)`, `result` a struct of four
// uint4). HIP's tile shuffles are templates over the numbers __shfl takes,
// so the port's copy does not compile. Such a call becomes hipwright's
// equivalent in HIP's namespace cooperative_groups
// (`cooperative_groups::hipwright_shfl_xor(tile, result.y, 1)`,
// hipwright_cuda_compat.h), which moves the value as 32-bit words through
// the group's own shuffle; on NVIDIA it is CUDA's call.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/AST/ExprCXX.h"

namespace hipwright {

/// Whether \p Call is a cooperative-groups shuffle (`shfl`, `shfl_up`,
/// `shfl_down`, `shfl_xor` of a tile or coalesced group) of a value that is
/// not a number: a struct, a class or a CUDA vector type, which HIP's group
/// shuffles do not take.
bool shufflesNonNumber(const clang::CXXMemberCallExpr *Call,
                       const clang::ASTContext &Ctx);

} // namespace hipwright
