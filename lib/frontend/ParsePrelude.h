//===- ParsePrelude.h - what clang's CUDA parse lacks -----------*- C++ -*-===//
//
// hipwright parses CUDA with clang's host-side pass, which, unlike nvcc's,
// also checks the bodies of device functions, whose CUDA headers leave out
// some host conveniences nvcc provides, and which lacks nvcc's own built-in
// functions (the __nv_atomic_* family). Code that nvcc accepts would
// then parse with errors and be reported as partial for reasons that have
// nothing to do with the code. This prelude, force-included into every CUDA
// parse as an in-memory file, declares the missing pieces. It only helps the
// parse: nothing of it reaches the translated output.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"

namespace hipwright {

/// Where the prelude is mapped in the parse's virtual file system.
inline constexpr const char *kParsePreludePath =
    "/hipwright-virtual/nvcc_host_compat.h";

/// Its text.
llvm::StringRef parsePreludeText();

} // namespace hipwright
