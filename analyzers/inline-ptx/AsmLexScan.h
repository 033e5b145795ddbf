//===- AsmLexScan.h - asm statements in code the parse skipped --*- C++ -*-===//
//
// hipwright parses a TU once, on the host side, so `#ifdef __CUDA_ARCH__`
// branches are skipped by the preprocessor and their asm statements never
// reach the AST. This scanner raw-lexes such a range and recovers each
// `asm(...)` with its template and operands, with exact token locations.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/RawLexer.h"
#include "inline-ptx/PtxParser.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceLocation.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/TokenKinds.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>
#include <string>

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

/// The raw tokens (frontend/RawLexer.h) of part of one file.
struct RawTokens {
  clang::FileID File;
  llvm::StringRef Buffer;
  std::vector<RawToken> Toks;
};

/// Raw-lexes \p Range (a file range): the tokens that start in it, and with
/// \p ToLineEnd those of the rest of its last (logical) line too. Empty
/// when the range is not one readable file's.
RawTokens lexRange(clang::SourceRange Range, const clang::SourceManager &SM,
                   const clang::LangOptions &LO, bool ToLineEnd);

/// asm, __asm__, __asm.
bool isAsmKeyword(const RawToken &T);
/// volatile, __volatile__, inline, goto (between the keyword and '(').
bool isAsmQualifier(const RawToken &T);

/// Reads the string at Toks[P] (a template, constraint or clobber) and
/// moves P past it; std::nullopt when none starts there. Plain code has
/// adjacent literals only; a macro body also stringified parameters.
using PieceReader = llvm::function_ref<std::optional<std::string>(
    llvm::ArrayRef<RawToken> Toks, size_t &P)>;

/// Reads the asm statement whose keyword is Toks[I] (raw tokens of \p Buf);
/// on success fills \p Out and sets \p Close to the index of its ')'.
bool readAsmStatement(llvm::ArrayRef<RawToken> Toks, llvm::StringRef Buf,
                      size_t I, PieceReader Pieces, AsmStatement &Out,
                      size_t &Close);

/// Decodes the escapes of one string literal token's text (with quotes).
std::string decodeStringLiteral(llvm::StringRef Spelling);

} // namespace hipwright::ptx
