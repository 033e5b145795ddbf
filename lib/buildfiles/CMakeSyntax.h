//===- CMakeSyntax.h - CMake's command/argument syntax ----------*- C++ -*-===//
//
// A CMake file is a sequence of command invocations `name(args)` separated
// by whitespace, line comments and bracket comments (cmake-language(7)).
// The migrator edits arguments by byte range, so every token keeps its
// exact place in the file and nothing it does not touch changes.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace hipwright {

enum class CMakeArgKind {
  Unquoted, ///< foo, ${VAR}, $<GENEX:x>, -Da="b c" (legacy)
  Quoted,   ///< "text" (escapes and \-newline continuations kept raw)
  Bracket,  ///< [[text]], [==[text]==]: literal, never expanded
  Open,     ///< '(' nested in the arguments (if((A) OR B))
  Close,    ///< ')' closing a nested '('
};

struct CMakeArg {
  CMakeArgKind Kind = CMakeArgKind::Unquoted;
  size_t Begin = 0; ///< offset of the first byte (the quote, the '[')
  size_t End = 0;   ///< one past the last byte
  unsigned Line = 1;
  /// The argument as written, without quotes or brackets (escapes kept
  /// raw): Content[I] is the file's byte at ContentBegin + I.
  llvm::StringRef Content;
  size_t ContentBegin = 0;
  bool isValue() const {
    return Kind == CMakeArgKind::Unquoted || Kind == CMakeArgKind::Quoted ||
           Kind == CMakeArgKind::Bracket;
  }
};

struct CMakeCommand {
  std::string Name;      ///< as spelled
  std::string LowerName; ///< CMake command names ignore case
  size_t Begin = 0;      ///< offset of the name
  size_t OpenParen = 0;
  size_t CloseParen = 0; ///< offset of the ')' that ends the invocation
  unsigned Line = 1;
  std::vector<CMakeArg> Args; ///< nested parentheses included as Open/Close
  /// True when a comment lies between the parentheses (an edit that spans
  /// arguments must not swallow it).
  bool HasComment = false;
};

/// Splits \p Text into command invocations. A syntax error CMake itself
/// would refuse (an unterminated quoted or bracket argument, a missing ')',
/// text where a command should start) fails with "FILE:LINE: error: message".
llvm::Expected<std::vector<CMakeCommand>> parseCMake(llvm::StringRef Text,
                                                     llvm::StringRef FileName);

} // namespace hipwright
