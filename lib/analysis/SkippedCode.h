//===- SkippedCode.h - what the host-side parse never sees ------*- C++ -*-===//
//
// hipwright parses each TU once, for the host. Device-only branches
// (`#if __CUDA_ARCH__ >= 900`, `#ifdef __CUDA_ARCH__`) are skipped by the
// preprocessor, and that is exactly where wgmma, TMA and mma.sync PTX
// usually live. AnalysisContext records the skipped ranges once per TU and
// raw-lexes them (no macro expansion, comments dropped) with these helpers,
// so the inline-ptx, tensor-core and hopper-only analyzers can still find
// asm strings and a few names there.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/RawLexer.h"

#include "clang/Basic/SourceLocation.h"
#include "clang/Lex/PPCallbacks.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <functional>
#include <string>
#include <vector>

namespace clang {
class LangOptions;
class SourceManager;
class Preprocessor;
} // namespace clang

namespace hipwright {

/// Registers a callback on \p PP that appends every skipped #if branch to
/// \p Out (the vector must outlive the parse).
void recordSkippedRanges(clang::Preprocessor &PP,
                         std::vector<clang::SourceRange> &Out);

/// Raw tokens (frontend/RawLexer.h) of part of one file the SourceManager
/// holds, and where that file starts, so a token's offset becomes a
/// location a finding can be reported at.
struct RawFileTokens {
  clang::SourceLocation FileStart;
  std::vector<RawToken> Tokens;

  clang::SourceLocation loc(const RawToken &T) const {
    return FileStart.getLocWithOffset(T.Offset);
  }
};

/// Raw-lexes \p Range of one file; comments are dropped. Empty when the
/// range spans files or its file cannot be read.
RawFileTokens lexRaw(const clang::SourceManager &SM,
                     const clang::LangOptions &LO, clang::SourceRange Range);

/// Calls \p Fn with the text of each `asm(...)` / `asm volatile(...)`
/// template among \p Raw's tokens (the contents of adjacent string literals
/// joined, as the compiler joins them), located at the `asm` keyword.
void forEachRawAsm(
    const RawFileTokens &Raw,
    const std::function<void(clang::SourceLocation, llvm::StringRef)> &Fn);

/// A call among raw tokens: indexes into RawFileTokens::Tokens of the
/// callee's name, of each argument's tokens [first, last) split at the
/// top-level commas, and of the closing parenthesis.
struct RawCall {
  size_t Name = 0;
  std::vector<std::pair<size_t, size_t>> Args;
  size_t RParen = 0;
};

/// Calls \p Fn for each `name(...)` among \p Raw's tokens whose name
/// \p Match accepts (and that is not a member: `x.name(...)`), its
/// parentheses balanced within the tokens.
void forEachRawCall(const RawFileTokens &Raw,
                    llvm::function_ref<bool(llvm::StringRef)> Match,
                    llvm::function_ref<void(const RawCall &)> Fn);

} // namespace hipwright
