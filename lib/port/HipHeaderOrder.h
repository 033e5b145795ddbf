//===- HipHeaderOrder.h - HIP headers that need hip_runtime.h first -*- C++
//-*-===//
//
// CUDA's headers each stand alone: `#include <cuda_gl_interop.h>` before
// `<cuda_runtime.h>` compiles. Some of their ROCm twins do not: ROCm 7.2's
// hip/hip_gl_interop.h names hipError_t, and hip/driver_types.h names
// hipMemoryType, without including what declares them. A port that keeps
// CUDA's include order then fails in ROCm's own header (24 of
// cuda-samples' OpenGL samples did), so the port puts hip/hip_runtime.h
// in front of such an include when the file has not included it yet.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"

namespace hipwright {

/// True for the HIP headers (as an #include spells them) that do not
/// compile alone against ROCm 7.2 and do after hip/hip_runtime.h. Measured
/// by compiling each header `rules/headers.tsv` maps to on its own
/// (`clang++-22 -x hip -fsyntax-only`); tests/golden/
/// hip_header_needs_runtime compiles a port that relies on it.
bool needsHipRuntimeFirst(llvm::StringRef HipHeader);

} // namespace hipwright
