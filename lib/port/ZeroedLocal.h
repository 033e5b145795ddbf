//===- ZeroedLocal.h - a local that only carries zeros ----------*- C++ -*-===//
//
// CUDA 13 added optional parameter structs that callers pass by address,
// zero-initialized, when they want none of the options:
//
//   CUctxCreateParams params = {};
//   cuCtxCreate(&ctx, &params, 0, dev);
//
// HIP has neither the argument nor the type. Such a call is equivalent to
// passing NULL, and the variable can go with the argument, when the parse
// proves it carries nothing else: a local of its own declaration statement,
// initialized with empty braces, referred to once (by this `&v`), and not
// named anywhere else in its function's text (branches the parse skipped
// included).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <optional>
#include <utility>

namespace hipwright {

/// The declaration to delete when \p Arg is such a `&v`: its file and the
/// [begin, end) byte range (the statement, plus its line's indentation and
/// line break when nothing else is on the line); nullopt otherwise.
std::optional<std::pair<clang::FileID, std::pair<unsigned, unsigned>>>
removableZeroedLocal(const clang::Expr *Arg, clang::ASTContext &Ctx);

} // namespace hipwright
