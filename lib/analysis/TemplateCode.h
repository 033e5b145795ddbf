//===- TemplateCode.h - templates as the user wrote them --------*- C++ -*-===//
//
// The analyzers judge code once per line written. A function template (or a
// member of a class template) exists in the AST as its pattern, with
// dependent types and unresolved calls, and as each instantiation, a copy
// with the same source locations. A call in a pattern names a
// specialization that has no body until something instantiates it, or only
// a name when its arguments are dependent. These helpers lead from any of
// those back to the body as written, so a helper's facts (it shuffles, it
// releases a lock) count whether or not it is a template.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/STLFunctionalExtras.h"

namespace clang {
class CallExpr;
class FunctionDecl;
} // namespace clang

namespace hipwright {

/// The definition whose body is \p FD's code as written: the pattern of an
/// instantiation or of a specialization not instantiated yet, otherwise
/// \p FD's definition. Null when there is no body anywhere.
const clang::FunctionDecl *writtenDefinition(const clang::FunctionDecl *FD);

/// Calls \p Fn with each function \p CE may call: its direct callee, or,
/// for a call a template cannot resolve before instantiation, every
/// function and function template its name found (templates as their
/// patterns).
void forEachPossibleCallee(
    const clang::CallExpr *CE,
    llvm::function_ref<void(const clang::FunctionDecl *)> Fn);

/// One key for \p FD, its instantiations and the specializations a pattern
/// names before they have bodies: the canonical declaration of the pattern.
const clang::FunctionDecl *writtenKey(const clang::FunctionDecl *FD);

} // namespace hipwright
