//===- RawLexer.h - a file's tokens without preprocessing -------*- C++ -*-===//
//
// Several passes read a file's tokens as written, without running the
// preprocessor: the port's token pass, the analyzers' look into #if branches
// the host-side parse skipped, the simulation lowering, the report's source
// scan, the include and NOLINT readers. They all lex here, with clang's
// lexer in raw mode (no macro expansion, no includes, keywords reported as
// raw identifiers), into one token record located by byte offset, so a
// change to how a file is tokenized is made once for every scan.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/Basic/LangOptions.h"
#include "clang/Basic/TokenKinds.h"
#include "llvm/ADT/StringRef.h"

#include <limits>
#include <utility>
#include <vector>

namespace hipwright {

/// One token of a buffer.
struct RawToken {
  clang::tok::TokenKind Kind = clang::tok::unknown;
  unsigned Offset = 0; ///< of the first byte, in the lexed buffer
  unsigned Length = 0; ///< bytes, escaped newlines included
  bool StartOfLine = false;
  bool LeadingSpace = false; ///< whitespace (or a comment) before it
  /// Index of the preprocessor directive (counted from 0 in the lexed
  /// range) whose line holds the token, or -1 for code.
  int Directive = -1;
  llvm::StringRef Text; ///< its spelling, a slice of the buffer

  bool is(clang::tok::TokenKind K) const { return Kind == K; }
  /// An identifier or keyword spelled \p Name.
  bool isIdent(llvm::StringRef Name) const {
    return Kind == clang::tok::raw_identifier && Text == Name;
  }
  unsigned end() const { return Offset + Length; }
};

struct RawLexOptions {
  /// Where lexing starts; it should be the start of a line (a token there
  /// counts as the start of one).
  unsigned Begin = 0;
  /// Tokens that start at or after this offset are not returned...
  unsigned End = std::numeric_limits<unsigned>::max();
  /// ...unless they are on the line of the last token before End (a
  /// directive's range ends before the rest of its line).
  bool ToLineEnd = false;
  /// Return comments as tok::comment tokens (NOLINT markers live there).
  bool KeepComments = false;
};

/// The language a scan of a file with no compile behind it lexes as: CUDA
/// C++20 with `//` comments (so `<<<`, `>>>` and `<=>` are single tokens,
/// and `//*****` is a line comment, not the start of a block comment).
clang::LangOptions rawScanLangOptions();

/// The tokens of \p Buffer lexed under \p LO; see RawLexOptions for the
/// range and comments.
std::vector<RawToken> lexRawTokens(llvm::StringRef Buffer,
                                   const clang::LangOptions &LO,
                                   const RawLexOptions &Opts = {});

/// The characters between the quotes of a string-literal spelling (u8"..",
/// L"..", R"(..)" keeps its parentheses); the whole spelling when it has no
/// pair of quotes.
llvm::StringRef stringLiteralContent(llvm::StringRef Spelling);

/// 1-based line and column (in bytes) of \p Offset in \p Buffer; offsets past
/// the end count as the end. A single lookup: a scan that locates many
/// tokens of one buffer uses support/LineIndex.
std::pair<unsigned, unsigned> lineAndColumn(llvm::StringRef Buffer,
                                            unsigned Offset);

} // namespace hipwright
