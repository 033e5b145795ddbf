//===- MfmaTable.h - tensor-core shapes -> matrix cores ---------*- C++ -*-===//
//
// Facts about AMD's matrix instructions per target, checked against
// clang-22's BuiltinsAMDGPU.def and by compiling each builtin for its
// targets (see docs/rules/tensor-core.md for the table and how it was
// checked). Everything here is for one 16x16 output tile: the shape every
// CUDA WMMA tile re-tiles to most simply on AMD.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "analysis/GpuTarget.h"
#include "tensor-core/WmmaTypes.h"

#include <string>
#include <vector>

namespace hipwright {

/// A matrix multiply-accumulate as CUDA states it.
struct MmaOp {
  unsigned M = 0, N = 0, K = 0;
  MmaElem In = MmaElem::Unknown;  ///< A and B
  MmaElem Acc = MmaElem::Unknown; ///< C and D
};

/// The builtin (with a short remark) that computes \p Op's inputs on
/// \p Target, or a sentence saying there is none and what to do instead.
std::string matrixBuiltinFor(const MmaOp &Op, const GpuTarget &Target);

/// "gfx942: X; gfx950: Y" over \p Targets.
std::string matrixBuiltinsFor(const MmaOp &Op,
                              const std::vector<GpuTarget> &Targets);

/// The rocWMMA fragment that replaces \p F, or a sentence saying why there
/// is none.
std::string rocwmmaFragmentFor(const WmmaFragment &F,
                               const std::vector<GpuTarget> &Targets);

/// Empty when AMD has the same tile shape for \p Op's types; otherwise what
/// to re-tile to.
std::string retileAdvice(const MmaOp &Op);

/// One line about fragment element order, shared by the rules' texts.
extern const char *const kLayoutDiffers;

} // namespace hipwright
