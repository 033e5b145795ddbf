//===- PtxMma.h - tensor-core PTX in an asm template ------------*- C++ -*-===//
#pragma once

#include "tensor-core/MfmaTable.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace hipwright {

/// One tensor-core PTX instruction found in an asm template.
struct PtxMatrixOp {
  std::string Opcode;       ///< as written, e.g. mma.sync.aligned.m16n8k16...
  std::string What;         ///< what it is and that AMD lacks it
  std::string Instead;      ///< what to do on AMD
  std::optional<MmaOp> Mma; ///< the tile, for mma.sync
};

/// The mma / ldmatrix / stmatrix / movmatrix instructions in \p AsmText,
/// one entry per distinct opcode.
std::vector<PtxMatrixOp> findPtxMatrixOps(llvm::StringRef AsmText);

} // namespace hipwright
