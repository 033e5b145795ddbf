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

/// cuda-build-nvcc: every source of the original compiles with nvcc for
/// sm_90.
Cell buildWithNvcc(const Toolchain &T, llvm::ArrayRef<std::string> Sources,
                   llvm::StringRef WorkDir, const CompileFlags &Flags);

/// One cell for a program from the cells of its sources (\p PerSource, in
/// the program's order; a missing one is an error): the first failure or
/// error, else a pass.
Cell programCell(llvm::ArrayRef<std::string> Sources,
                 llvm::ArrayRef<std::optional<Cell>> PerSource);

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
