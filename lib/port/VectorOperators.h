//===- VectorOperators.h - operators on HIP vector types --------*- C++ -*-===//
//
// CUDA's float3, int2, ... are plain structs, so helper headers (cuda-samples'
// helper_math.h) define `void operator+=(float3 &a, float3 b)` and friends.
// HIP's vector types (HIP_vector_type) already have these compound
// assignments as members taking the same vector type, and a call `a += b`
// is then ambiguous between the two (with ROCm 7 as with older HIP).
//
// Such a user operator becomes a function template with a defaulted
// parameter: overload resolution then prefers HIP's member, which does the
// same element-wise operation, and the user's still serves where HIP has no
// member (other operand types). No code is dropped.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/AST/Decl.h"

#include <functional>

namespace hipwright {

/// Whether \p FD is a free compound assignment (`+=`, `*=`, ...) on a CUDA
/// vector type with an operand of that same vector type: one HIP's vector
/// types declare as a member. \p DeclaredInToolkit says whether a
/// declaration comes from the CUDA toolkit.
bool duplicatesHipVectorOperator(
    const clang::FunctionDecl *FD,
    const std::function<bool(const clang::Decl *)> &DeclaredInToolkit);

} // namespace hipwright
