//===- AsmLexScan.h - asm statements in code the parse skipped --*- C++ -*-===//
//
// hipwright parses a TU once, on the host side, so `#ifdef __CUDA_ARCH__`
// branches are skipped by the preprocessor and their asm statements never
// reach the AST. This scanner raw-lexes such a range and recovers each
// `asm(...)` with its template and operands, with exact token locations.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "inline-ptx/PtxParser.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceLocation.h"
#include "clang/Basic/SourceManager.h"

#include <vector>

namespace hipwright::ptx {

struct LexedAsm {
  AsmStatement Asm;            ///< Ptx parsed; operands without types
  clang::SourceLocation Begin; ///< the asm keyword
  clang::SourceLocation End;   ///< just past the closing ')'
};

/// Every asm statement in \p Range (a file range), in source order. A
/// statement the lexer cannot read to its closing parenthesis is dropped.
std::vector<LexedAsm> scanAsm(clang::SourceRange Range,
                              const clang::SourceManager &SM,
                              const clang::LangOptions &LO);

/// Decodes the escapes of one string literal token's text (with quotes).
std::string decodeStringLiteral(llvm::StringRef Spelling);

} // namespace hipwright::ptx
