//===- SourceDialect.h - is a file CUDA or HIP already? ---------*- C++ -*-===//
//
// `port` parses every source as CUDA. A file that is HIP already (ported
// before, or written for HIP) cannot be parsed that way: HIP's headers take
// their NVIDIA branch under a CUDA parse and fail. Such a file is recognised
// by its includes before any parse and left exactly as it is.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "rules/RuleTable.h"

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace hipwright {

/// True for an include a port rewrites: a CUDA header that rules/ maps to a
/// differently named HIP header (cuda_runtime.h, cublas_v2.h, cub/cub.cuh).
/// CUDA headers without a HIP twin (mma.h) are not: a port leaves them in
/// place and reports them, so they remain in ported code.
bool isCudaInclude(llvm::StringRef IncludePath, const RuleTable &Rules);

/// True for an include of HIP's: hip/..., or a header that rules/ gives as
/// the HIP twin of a differently named CUDA header (hipblas/hipblas.h,
/// hipcub/hipcub.hpp). Headers both use under one name (thrust/...) are
/// neither CUDA's nor HIP's.
bool isHipInclude(llvm::StringRef IncludePath, const RuleTable &Rules);

/// The `#include` paths of \p Text as written, in order, from every
/// branch (the raw lexer does not evaluate #if), never from comments.
/// \p Text must be followed by a NUL, as a MemoryBuffer or std::string is.
std::vector<std::string> includePaths(llvm::StringRef Text);

/// True when \p Text is HIP already: it includes a HIP header and no header
/// a port would rewrite. A file that includes both (an #ifdef __HIPCC__
/// switch) is CUDA for hipwright: the CUDA branch is the one to translate.
/// \p Text must be followed by a NUL.
bool isAlreadyHip(llvm::StringRef Text, const RuleTable &Rules);

} // namespace hipwright
