//===- SimRunnable.h - can a program run on the CPU runtime? ----*- C++ -*-===//
//
// Some programs cannot run on hipwright's CPU SIMT runtime at all: inline
// PTX, tensor cores, Hopper-only features, the driver API, grid-wide
// cooperative groups and vendor libraries. verify reports those cells as
// "not-run" with the reason instead of failing to compile them. The check
// reads the raw tokens of the one file (no headers, no preprocessing), so it
// works the same on a CUDA original and on its HIP port.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace hipwright::sim {

/// Why the program in \p Source cannot run on the CPU runtime, or nullopt.
/// The reason is the first such construct in source order (comments, string
/// literals and `#if 0` blocks excluded; #define bodies count as code),
/// e.g. "inline PTX (asm statement at line 42) cannot run on the CPU
/// runtime" or "uses cuBLAS (cublas_v2.h at line 3); vendor libraries are
/// not simulated". \p FileName is accepted for symmetry with
/// lowerForSimulation and is not part of the reason.
std::optional<std::string> reasonNotRunnable(llvm::StringRef Source,
                                             llvm::StringRef FileName);

} // namespace hipwright::sim
