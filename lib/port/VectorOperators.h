//===- VectorOperators.h - operators on HIP vector types --------*- C++ -*-===//
//
// CUDA's float3, int2, ... are plain structs, so helper headers (cuda-samples'
// helper_math.h) define `void operator+=(float3 &a, float3 b)` and friends.
// HIP's vector types (HIP_vector_type) already have these compound
// assignments as members taking the same vector type, and a call `a += b`
// is then ambiguous between the two (with ROCm 7 as with older HIP). ROCm
// 7.2 also declares the binary `*` and `/` of two vectors as non-template
// friends, so `float2 operator/(float2 a, float2 b)` is ambiguous the same
// way (cuda-samples' dxtc, recursiveGaussian, volumeFiltering).
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
/// vector type with an operand of that same vector type, or a binary `*` or
/// `/` of two operands of one CUDA vector type (by value or const
/// reference): one HIP's vector types declare themselves. \p DeclaredInToolkit
/// says whether a declaration comes from the CUDA toolkit.
bool duplicatesHipVectorOperator(
    const clang::FunctionDecl *FD,
    const std::function<bool(const clang::Decl *)> &DeclaredInToolkit);

} // namespace hipwright
