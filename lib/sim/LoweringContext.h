//===- LoweringContext.h - tokens and edits of one lowering -----*- C++ -*-===//
//
// The state the launch and shared-memory lowerings share while one file is
// lowered: its raw tokens, the segment being walked (the code, or one
// #define body), bracket matching over that segment, spelling of token
// ranges, the line breaks a rewrite must keep, positioned errors, and the
// edits collected so far (applied once, through an EditSet).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "sim/SimLowering.h"

#include "model/Finding.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/Twine.h"

#include <string>
#include <vector>

namespace hipwright::sim::detail {

inline bool isOpen(clang::tok::TokenKind K) {
  return K == clang::tok::l_paren || K == clang::tok::l_square ||
         K == clang::tok::l_brace;
}
inline bool isClose(clang::tok::TokenKind K) {
  return K == clang::tok::r_paren || K == clang::tok::r_square ||
         K == clang::tok::r_brace;
}

/// One file being lowered. A "segment" is the token sequence one construct
/// must lie in: the code (all tokens outside directives) or one #define
/// body. Token indices (size_t) count within the current segment; offsets
/// (unsigned) count bytes of the file.
class LoweringContext {
public:
  LoweringContext(llvm::StringRef Src, llvm::StringRef File);

  /// The file's text.
  llvm::StringRef source() const { return Src; }

  /// Every token of the file, in order.
  const std::vector<RawToken> &tokens() const { return All; }

  /// Makes \p Seg the segment later calls index into.
  void enterSegment(std::vector<const RawToken *> Seg, bool Define,
                    llvm::StringSet<> Params);
  bool inDefine() const { return InDefine; }
  bool isMacroParam(llvm::StringRef Name) const {
    return MacroParams.contains(Name);
  }

  size_t size() const { return S.size(); }
  const RawToken &operator[](size_t I) const { return *S[I]; }
  unsigned endOf(size_t I) const { return S[I]->Offset + S[I]->Length; }
  bool kind(size_t I, clang::tok::TokenKind K) const {
    return I < S.size() && S[I]->is(K);
  }
  bool ident(size_t I, llvm::StringRef Name) const {
    return I < S.size() && S[I]->isIdent(Name);
  }
  bool anyIdent(size_t I) const {
    return I < S.size() && S[I]->is(clang::tok::raw_identifier);
  }

  /// Index of the bracket closing the one at \p I, or npos.
  size_t matchForward(size_t I) const;
  /// Index of the bracket opening the one closed at \p I, or npos.
  size_t matchBackward(size_t I) const;
  /// Index of the `<` opening the template argument list that ends with the
  /// `>` (or `>>`) at \p I, or npos.
  size_t matchAngleBackward(size_t I) const;

  /// Tokens [First, Last] as one line of text: comments and line breaks
  /// between them become one space.
  std::string spell(size_t First, size_t Last) const;

  /// The line breaks inside [Begin, End) that a rewrite of that range must
  /// keep, so later lines keep their numbers. Inside a #define each one is a
  /// line continuation. A directive inside the range would be lost: error.
  llvm::Expected<std::string> breaksIn(unsigned Begin, unsigned End) const;

  /// "file:line:col: error: Msg" at byte \p Offset of the file.
  llvm::Error error(unsigned Offset, const llvm::Twine &Msg) const;
  /// The same at segment token \p I (the end of the file past the segment).
  llvm::Error error(size_t I, const llvm::Twine &Msg) const;

  /// Records a rewrite of bytes [Begin, End) of the file.
  void replace(unsigned Begin, unsigned End, std::string Text);

  /// The file with every recorded rewrite applied (the edits are consumed).
  llvm::Expected<std::string> rewrittenSource();

private:
  llvm::StringRef Src, File;
  std::vector<RawToken> All;
  std::vector<Replacement> Edits;

  // State of the segment being lowered.
  std::vector<const RawToken *> S;
  bool InDefine = false;
  llvm::StringSet<> MacroParams;
};

} // namespace hipwright::sim::detail
