//===- CompatHeader.h - equivalents of CUDA-only calls ---------*- C++ -*-===//
//
// Some CUDA device functions (the SIMD video intrinsics, __dp4a) have no
// declaration in any ROCm header. Their rules rows name hipwright's own
// equivalents (Rule::emulated), defined in hipwright_cuda_compat.h. A file
// the port makes call one includes that header by its plain name, and the
// port writes the header into the file's directory, so the ported tree
// builds without hipwright installed and without an added include path.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"

#include <string>

namespace hipwright {

/// The header's file name, as the port includes it ("...").
inline constexpr llvm::StringLiteral kCompatHeaderName =
    "hipwright_cuda_compat.h";

/// The header's text (include/hipwright/compat/, embedded at build time).
llvm::StringRef compatHeaderText();

/// Whether ported text includes the header: the line the port adds.
bool includesCompatHeader(llvm::StringRef Text);

/// Fix-its and AST rewrites may call one of the header's functions too (the
/// passed-width fix calls hipwright_device_warp_size(), a group shuffle of a
/// struct becomes cooperative_groups::hipwright_shfl_xor). When \p Text
/// calls one and does not include the header, adds the include: after the
/// file's include of <hip/hip_runtime.h>, else before its first #include,
/// else at its top. Returns whether it did.
bool addCompatIncludeForFixes(std::string &Text);

/// Whether \p Text is a copy of the header some hipwright wrote (this
/// version or another), which a port may replace; anything else by that
/// name is the user's file.
bool isCompatHeaderCopy(llvm::StringRef Text);

} // namespace hipwright
