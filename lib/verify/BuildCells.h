//===- BuildCells.h - the build cells of the verify matrix ------*- C++ -*-===//
#pragma once

#include "verify/CompileCheck.h"
#include "verify/CompileFlags.h"
#include "verify/Toolchain.h"
#include "verify/VerifyMatrix.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <map>
#include <optional>
#include <string>

namespace hipwright::verify {

/// cuda-build-nvcc: the original compiles with nvcc for sm_90.
Cell buildWithNvcc(const Toolchain &T, llvm::StringRef Source,
                   llvm::StringRef WorkDir, const CompileFlags &Flags);

/// file -> target -> cell, from the compile check (CompileCheck.h) over
/// \p Files for \p Targets (gfx* through clang's HIP toolchain; sm_*
/// through nvcc and \p NvidiaMappingHeader), with the user's \p Flags.
using BuildCells = std::map<std::string, std::map<std::string, Cell>>;
BuildCells compileCheck(const Toolchain &T, llvm::ArrayRef<std::string> Files,
                        llvm::ArrayRef<std::string> Targets,
                        llvm::StringRef WorkDir, unsigned Jobs,
                        const CompileFlags &Flags,
                        std::optional<std::string> NvidiaMappingHeader);

/// The cells for the compile check's results: compiled -> pass, failed or
/// toolchain missing -> fail (with the first error lines), skipped -> not
/// run (with its reason).
BuildCells buildCellsFrom(const CompileCheckOutcome &O);

} // namespace hipwright::verify
