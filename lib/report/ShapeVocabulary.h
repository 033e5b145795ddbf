//===- ShapeVocabulary.h - names the kernel-shape reader knows --*- C++ -*-===//
//
// The word lists report/KernelShapes.cpp judges calls and declarations by:
// math that is work beyond a library algorithm, calls that are part of one,
// and type names and keywords that are not calls at all.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"

namespace hipwright::shapes {

/// Transcendental and division math (exp, rsqrt, fma ...).
bool isMath(llvm::StringRef Name);
/// Calls that belong to the algorithms themselves (min/max, atomics,
/// intrinsics that are not math).
bool isAlgorithmCall(llvm::StringRef Name);
/// Builtin type names and keywords that look like calls (`sizeof(x)`).
bool isBuiltinType(llvm::StringRef Name);

} // namespace hipwright::shapes
