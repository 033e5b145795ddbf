//===- MacroAsm.h - asm statements in #define bodies ------------*- C++ -*-===//
//
// Real trees stamp out PTX helpers with macros:
//   #define DEFINE_LD(space, type) ... asm volatile("ld." #space "." #type ...)
// The template only exists once the macro is expanded, and an expansion
// nobody calls is never parsed, so the analyzer reads the definition itself:
// each asm statement in a macro body becomes one statement whose template
// has every stringified or pasted parameter replaced by `<name>`, which the
// PTX parser keeps as an ordinary (unknown) modifier or operand.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "inline-ptx/PtxParser.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceLocation.h"
#include "clang/Basic/SourceManager.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace hipwright::ptx {

/// One asm statement written in a macro definition.
struct MacroAsm {
  std::string Macro;             ///< the macro's name
  clang::SourceLocation NameLoc; ///< the name in the #define line
  clang::SourceLocation AsmLoc;  ///< the asm keyword
  clang::SourceRange Definition; ///< from `#` to the last body token
  AsmStatement Asm;              ///< template with `<param>` holes
  bool TemplateHasParameters = false;
};

/// The string a name in a template stands for, when it is known (a macro
/// defined as one string literal); std::nullopt leaves a `<name>` hole.
using NameResolver =
    std::function<std::optional<std::string>(llvm::StringRef Name)>;

/// Every asm statement in the bodies of the #define directives that start
/// in \p Range (a file range, raw-lexed: no macro is expanded), in source
/// order. A statement whose parentheses do not close inside the body is
/// dropped. Pasted names (`A##B`) make one hole.
std::vector<MacroAsm> scanMacroAsm(clang::SourceRange Range,
                                   const clang::SourceManager &SM,
                                   const clang::LangOptions &LO,
                                   const NameResolver &Resolve = nullptr);

} // namespace hipwright::ptx
