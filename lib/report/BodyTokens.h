//===- BodyTokens.h - a function body's tokens and statements ---*- C++ -*-===//
//
// The syntax report/KernelShapes.cpp reads a kernel by: a function body
// raw-lexed with its brackets matched, cut into expression statements, its
// loops with the stride each one halves or doubles, and the statements only
// one thread runs (under `if (x == 0)`). Nothing here knows what a name
// means; the shape reader does.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "support/LineIndex.h"

#include "clang/Basic/TokenKinds.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace hipwright::shapes {

struct Tok {
  clang::tok::TokenKind K = clang::tok::unknown;
  llvm::StringRef S;
  unsigned Line = 0;
  bool is(clang::tok::TokenKind Kind) const { return K == Kind; }
  bool id() const { return K == clang::tok::raw_identifier; }
  bool id(llvm::StringRef Name) const { return id() && S == Name; }
};

/// A half-open token range [B, E).
struct Range {
  size_t B = 0, E = 0;
  bool contains(size_t I) const { return I >= B && I < E; }
};

/// `=`, `+=`, ... `>>=`.
bool isAssign(clang::tok::TokenKind K);
/// `if`, `for`, `while`, `switch`: a keyword with a parenthesized head.
bool isControl(const Tok &T);

/// The tokens of bytes [Begin, End) of \p Text (lexed from the start of
/// Begin's line, so a token is never cut), directives left out.
std::vector<Tok> lexTokens(llvm::StringRef Text, const LineIndex &Lines,
                           size_t Begin, size_t End);

class BodyTokens {
public:
  /// Expression statements (and for-header parts): their token ranges and
  /// the top-level assignment operator's index (SIZE_MAX: none).
  struct Segment {
    Range R;
    size_t Assign = SIZE_MAX;
  };
  struct Loop {
    size_t Keyword;
    Range Header, Body;
    std::set<std::string, std::less<>> Halving, Doubling;
  };

  /// Reads the body in bytes [Begin, End) of \p Text.
  BodyTokens(llvm::StringRef Text, const LineIndex &Lines, size_t Begin,
             size_t End);

  /// One past the statement starting at \p I.
  size_t stmtEnd(size_t I) const;

  /// Whether token \p I is in a statement only one thread runs.
  bool zeroGuarded(size_t I) const;

  /// Whether \p R (less [SkipB, SkipE)) names one of \p Names, not as a
  /// member.
  bool mentions(Range R, const std::set<std::string, std::less<>> &Names,
                size_t SkipB = SIZE_MAX, size_t SkipE = 0) const;

  /// Array accesses `A[...]` in \p R: (name index, '[' index).
  std::vector<std::pair<size_t, size_t>> accesses(Range R) const;

  /// The tokens between the '[' at \p Open and its ']', joined.
  std::string indexText(size_t Open) const;

  /// The array (or variable) a segment's assignment writes: its name
  /// token, and its '[' (SIZE_MAX for a plain variable).
  std::pair<size_t, size_t> target(const Segment &S) const;

  /// What a segment's assignment stores.
  Range rhs(const Segment &S) const;

  /// Whether \p R holds a block or warp barrier (`__syncthreads`,
  /// `__syncwarp`, `g.sync()`).
  bool hasBarrier(Range R) const;

  /// Whether token \p I is in the body of a loop.
  bool inAnyLoop(size_t I) const;

  /// The arguments of the call whose '(' is \p Open, as ranges.
  std::vector<Range> args(size_t Open) const;

  /// The '(' of a call whose name is token \p I (`f(`, `f<T, 4>(`), or
  /// SIZE_MAX.
  size_t callOpen(size_t I) const;

  /// The segment holding token \p I, or null.
  const Segment *segmentOf(size_t I) const;

protected:
  std::vector<Tok> T;
  std::vector<size_t> Match; ///< bracket partner; SIZE_MAX: none
  std::vector<Segment> Segs;
  std::vector<Loop> Loops;
  std::vector<Range> ZeroGuarded; ///< statements under `if (x == 0)`

private:
  /// Fills Segs.
  void segments();

  /// `X >>= 1`, `X /= 2`, `X = X >> 1`, ... at \p I: +1 doubling, -1
  /// halving, 0 neither.
  int strideUpdate(size_t I) const;

  /// Fills Loops.
  void loops();

  /// `if (x == 0)`, `if (!x)`: what one thread (of a block, a warp or a
  /// row) runs.
  void guards();
};

} // namespace hipwright::shapes
