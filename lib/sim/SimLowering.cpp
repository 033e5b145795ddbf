//===- SimLowering.cpp - CUDA/HIP source to C++ for the CPU runtime -------===//
#include "sim/SimLowering.h"

#include "port/EditSet.h"
#include "port/TokenPass.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

#include <algorithm>
#include <optional>

using namespace llvm;
namespace tok = clang::tok;

namespace hipwright::sim {
namespace detail {

std::vector<SimToken> lexForSimulation(StringRef Source) {
  clang::LangOptions LO;
  LO.CPlusPlus = LO.CPlusPlus11 = LO.CPlusPlus14 = LO.CPlusPlus17 =
      LO.CPlusPlus20 = LO.CUDA = true;
  LO.Bool = true;
  std::vector<SimToken> Tokens;
  // Offsets come from the lexer's buffer pointer; the location is a dummy.
  clang::Lexer Lex(clang::SourceLocation::getFromRawEncoding(1), LO,
                   Source.begin(), Source.begin(), Source.end());
  Lex.SetCommentRetentionState(false);
  clang::Token Tok;
  int Directive = -1, Directives = 0;
  while (true) {
    Lex.LexFromRawLexer(Tok);
    if (Tok.is(tok::eof))
      break;
    unsigned End = Lex.getBufferLocation() - Source.begin();
    unsigned Start = End - Tok.getLength();
    if (Tok.isAtStartOfLine())
      Directive = Tok.is(tok::hash) ? Directives++ : -1;
    Tokens.push_back({Tok.getKind(), Start, Tok.getLength(),
                      Tok.isAtStartOfLine(), Directive,
                      Source.substr(Start, Tok.getLength())});
  }
  return Tokens;
}

unsigned lineOf(StringRef Source, unsigned Offset) {
  return lineAndColumn(Source, Offset).first;
}

} // namespace detail

namespace {

using detail::SimToken;

bool isOpen(tok::TokenKind K) {
  return K == tok::l_paren || K == tok::l_square || K == tok::l_brace;
}
bool isClose(tok::TokenKind K) {
  return K == tok::r_paren || K == tok::r_square || K == tok::r_brace;
}

/// Names that may precede a parenthesized group without making it a
/// parameter list or a call.
bool isAttributeLike(StringRef Name) {
  return Name == "__align__" || Name == "alignas" || Name == "__attribute__" ||
         Name == "__declspec" || Name == "__launch_bounds__" ||
         Name == "noexcept" || Name == "throw" || Name == "decltype";
}

/// Lowers one file. A "segment" is the token sequence one construct must lie
/// in: the code (all tokens outside directives) or one #define body.
class Lowerer {
public:
  Lowerer(StringRef Src, StringRef File)
      : Src(Src), File(File), All(detail::lexForSimulation(Src)) {}

  Expected<std::string> run() {
    std::vector<const SimToken *> Code;
    std::vector<std::vector<const SimToken *>> Dirs;
    for (const SimToken &T : All) {
      if (T.Directive < 0) {
        Code.push_back(&T);
        continue;
      }
      if (size_t(T.Directive) >= Dirs.size())
        Dirs.resize(T.Directive + 1);
      Dirs[T.Directive].push_back(&T);
    }
    if (Error E = lowerSegment(Code, /*InDefine=*/false, {}))
      return std::move(E);
    for (auto &D : Dirs)
      if (Error E = lowerDefine(D))
        return std::move(E);

    EditSet Set;
    for (Replacement &R : Edits)
      Set.add(std::move(R));
    std::vector<Replacement> Sorted = Set.editsFor(File);
    if (!Set.conflicts().empty()) {
      const Replacement &R = Set.conflicts().front().Dropped;
      return error(R.Offset, "overlapping rewrites (two launches joined "
                             "without a separator?)");
    }
    return applyEdits(Src, Sorted);
  }

private:
  StringRef Src, File;
  std::vector<SimToken> All;
  std::vector<Replacement> Edits;

  // State of the segment being lowered.
  std::vector<const SimToken *> S;
  bool InDefine = false;
  StringSet<> MacroParams;

  Error error(unsigned Offset, const Twine &Msg) const {
    auto [Line, Col] = lineAndColumn(Src, Offset);
    return createStringError(inconvertibleErrorCode(), "%s:%u:%u: error: %s",
                             File.str().c_str(), Line, Col, Msg.str().c_str());
  }
  Error error(size_t I, const Twine &Msg) const {
    return error(I < S.size() ? S[I]->Offset : unsigned(Src.size()), Msg);
  }

  void replace(unsigned Begin, unsigned End, std::string Text) {
    Edits.push_back({File.str(), Begin, End - Begin, std::move(Text)});
  }
  unsigned endOf(size_t I) const { return S[I]->Offset + S[I]->Length; }
  bool kind(size_t I, tok::TokenKind K) const {
    return I < S.size() && S[I]->is(K);
  }
  bool ident(size_t I, StringRef Name) const {
    return I < S.size() && S[I]->isIdent(Name);
  }
  bool anyIdent(size_t I) const {
    return I < S.size() && S[I]->is(tok::raw_identifier);
  }

  /// The line breaks inside [Begin, End) that a rewrite of that range must
  /// keep, so later lines keep their numbers. Inside a #define each one is a
  /// line continuation. A directive inside the range would be lost: error.
  Expected<std::string> breaksIn(unsigned Begin, unsigned End) const {
    auto It = std::lower_bound(
        All.begin(), All.end(), Begin,
        [](const SimToken &T, unsigned O) { return T.Offset < O; });
    for (; It != All.end() && It->Offset < End; ++It)
      if ((It->Directive >= 0) != InDefine)
        return error(It->Offset, "a preprocessor directive inside a kernel "
                                 "launch's name cannot be lowered");
    std::string Out;
    StringRef Range = Src.slice(Begin, End);
    for (char C : Range)
      if (C == '\n')
        Out += InDefine ? " \\\n" : "\n";
    // The indentation that followed the last break, when the range ends in
    // it, keeps the next line's text where the user put it.
    size_t LastBreak = Range.rfind('\n');
    if (LastBreak != StringRef::npos) {
      StringRef Indent = Range.substr(LastBreak + 1);
      if (Indent.find_first_not_of(" \t") == StringRef::npos)
        Out += Indent;
    }
    return Out;
  }

  /// Tokens [First, Last] as one line of text: comments and line breaks
  /// between them become one space.
  std::string spell(size_t First, size_t Last) const {
    std::string Out;
    for (size_t I = First; I <= Last; ++I) {
      if (I > First && S[I]->Offset > endOf(I - 1))
        Out += ' ';
      Out += S[I]->Text;
    }
    return Out;
  }

  /// The kernel name for diagnostics: a C string literal, or `#k` when the
  /// callee is a parameter of the enclosing macro (so it names the argument).
  std::string nameLiteral(size_t First, size_t Last) const {
    if (InDefine && First == Last && MacroParams.contains(S[First]->Text))
      return "#" + S[First]->Text.str();
    // `(ns::k<T>)` is named ns::k<T>.
    if (Last > First && kind(First, tok::l_paren) &&
        matchForward(First) == Last)
      ++First, --Last;
    std::string Out = "\"";
    for (char C : spell(First, Last)) {
      if (C == '"' || C == '\\')
        Out += '\\';
      if (isPrint(C))
        Out += C;
      else
        Out += "\\x" + utohexstr(uint8_t(C), /*LowerCase=*/true, 2);
    }
    return Out + "\"";
  }

  /// Index of the bracket closing the one at \p I, or npos.
  size_t matchForward(size_t I) const {
    std::vector<tok::TokenKind> Stack;
    for (size_t J = I; J < S.size(); ++J) {
      if (isOpen(S[J]->Kind))
        Stack.push_back(S[J]->Kind);
      else if (isClose(S[J]->Kind)) {
        tok::TokenKind Want = S[J]->is(tok::r_paren)    ? tok::l_paren
                              : S[J]->is(tok::r_square) ? tok::l_square
                                                        : tok::l_brace;
        if (Stack.empty() || Stack.back() != Want)
          return StringRef::npos;
        Stack.pop_back();
        if (Stack.empty())
          return J;
      }
    }
    return StringRef::npos;
  }

  /// Index of the bracket opening the one closed at \p I, or npos.
  size_t matchBackward(size_t I) const {
    int Depth = 0;
    for (size_t J = I + 1; J-- > 0;) {
      if (isClose(S[J]->Kind))
        ++Depth;
      else if (isOpen(S[J]->Kind) && --Depth == 0)
        return J;
      if (Depth < 0)
        break;
    }
    return StringRef::npos;
  }

  /// Index of the `<` opening the template argument list that ends with the
  /// `>` (or `>>`) at \p I, or npos.
  size_t matchAngleBackward(size_t I) const {
    int Depth = 0;
    for (size_t J = I + 1; J-- > 0;) {
      switch (S[J]->Kind) {
      case tok::greater:
        Depth += 1;
        break;
      case tok::greatergreater:
        Depth += 2;
        break;
      case tok::greatergreatergreater:
        Depth += 3;
        break;
      case tok::less:
        Depth -= 1;
        break;
      case tok::lessless:
        Depth -= 2;
        break;
      case tok::r_paren:
      case tok::r_square:
        J = matchBackward(J);
        if (J == StringRef::npos)
          return J;
        continue;
      case tok::semi:
      case tok::l_brace:
      case tok::r_brace:
        return StringRef::npos;
      default:
        break;
      }
      if (Depth == 0)
        return J;
      if (Depth < 0)
        return StringRef::npos;
    }
    return StringRef::npos;
  }

  // ---- segments -------------------------------------------------------

  Error lowerDefine(const std::vector<const SimToken *> &D) {
    // #define NAME body / #define NAME(params) body; other directives (#if,
    // #include, #pragma, ...) are not code and stay as written.
    if (D.size() < 3 || !D[1]->isIdent("define") ||
        !D[2]->is(tok::raw_identifier))
      return Error::success();
    size_t Body = 3;
    StringSet<> Params;
    bool FunctionLike = D.size() > 3 && D[3]->is(tok::l_paren) &&
                        D[3]->Offset == D[2]->Offset + D[2]->Length;
    if (FunctionLike) {
      for (Body = 4; Body < D.size() && !D[Body]->is(tok::r_paren); ++Body)
        if (D[Body]->is(tok::raw_identifier))
          Params.insert(D[Body]->Text);
        else if (D[Body]->is(tok::ellipsis))
          Params.insert("__VA_ARGS__");
      ++Body;
    }
    std::vector<const SimToken *> Seg(D.begin() + std::min(Body, D.size()),
                                      D.end());
    return lowerSegment(Seg, /*InDefine=*/true, std::move(Params));
  }

  Error lowerSegment(std::vector<const SimToken *> Seg, bool Define,
                     StringSet<> Params) {
    S = std::move(Seg);
    InDefine = Define;
    MacroParams = std::move(Params);
    // One entry per open brace: does it (or an enclosing one) open a
    // function body?
    std::vector<bool> FnScope;
    for (size_t I = 0; I < S.size(); ++I) {
      if (S[I]->is(tok::l_brace)) {
        FnScope.push_back((!FnScope.empty() && FnScope.back()) ||
                          opensFunctionBody(I));
      } else if (S[I]->is(tok::r_brace)) {
        if (!FnScope.empty())
          FnScope.pop_back();
      } else if (S[I]->is(tok::lesslessless)) {
        if (Error E = lowerChevronLaunch(I))
          return E;
      } else if (ident(I, "hipLaunchKernelGGL") && kind(I + 1, tok::l_paren) &&
                 !(I > 0 && S[I - 1]->is(tok::period))) {
        if (Error E = lowerGglLaunch(I))
          return E;
      } else if (ident(I, "__shared__")) {
        bool InFunction = InDefine || (!FnScope.empty() && FnScope.back());
        if (Error E = lowerShared(I, InFunction))
          return E;
      }
    }
    return Error::success();
  }

  /// Whether the `{` at \p I opens a function (or lambda) body: it follows a
  /// parameter list, possibly with cv/ref/noexcept/override/final/mutable
  /// and a trailing return type in between.
  bool opensFunctionBody(size_t I) const {
    if (I == 0)
      return false;
    size_t J = I - 1;
    // A trailing return type: walk back over type-ish tokens to `->`.
    for (size_t K = J;; --K) {
      const SimToken &T = *S[K];
      if (T.is(tok::arrow)) {
        if (K == 0)
          return false;
        J = K - 1;
        break;
      }
      if (T.is(tok::r_paren) && K > 0) {
        size_t Open = matchBackward(K);
        if (Open == StringRef::npos || Open == 0 ||
            !S[Open - 1]->isIdent("decltype"))
          break;
        K = Open; // the loop's --K moves onto `decltype`
      } else if (!(T.is(tok::raw_identifier) || T.is(tok::coloncolon) ||
                   T.is(tok::less) || T.is(tok::greater) ||
                   T.is(tok::greatergreater) || T.is(tok::star) ||
                   T.is(tok::amp) || T.is(tok::ampamp) || T.is(tok::comma) ||
                   T.is(tok::numeric_constant)))
        break;
      if (K == 0)
        break;
    }
    while (true) {
      const SimToken &T = *S[J];
      if (T.is(tok::r_paren)) {
        size_t Open = matchBackward(J);
        if (Open == StringRef::npos)
          return false;
        if (Open > 0 && S[Open - 1]->is(tok::raw_identifier) &&
            isAttributeLike(S[Open - 1]->Text) && Open >= 2) {
          J = Open - 2;
          continue;
        }
        return true; // a parameter list
      }
      if (T.is(tok::r_square)) {
        // `[[attr]]` is skipped; `[captures] {` is a lambda.
        if (J > 0 && S[J - 1]->is(tok::r_square)) {
          size_t Open = matchBackward(J);
          if (Open == StringRef::npos || Open == 0)
            return false;
          J = Open - 1;
          continue;
        }
        return true;
      }
      bool Specifier =
          T.is(tok::amp) || T.is(tok::ampamp) ||
          (T.is(tok::raw_identifier) &&
           (T.Text == "const" || T.Text == "volatile" || T.Text == "noexcept" ||
            T.Text == "override" || T.Text == "final" || T.Text == "mutable" ||
            T.Text == "constexpr" || T.Text == "try"));
      if (!Specifier || J == 0)
        return false;
      --J;
    }
  }

  // ---- launches -------------------------------------------------------

  /// First token of the callee that ends right before the `<<<` at \p Lt.
  Expected<size_t> calleeStart(size_t Lt) const {
    auto Fail = [&] {
      return error(Lt, "cannot find the kernel this '<<<' launches");
    };
    if (Lt == 0)
      return Fail();
    size_t J = Lt - 1;
    while (true) {
      const SimToken &T = *S[J];
      if (T.is(tok::r_paren) || T.is(tok::r_square)) {
        size_t Open = matchBackward(J);
        if (Open == StringRef::npos)
          return Fail();
        // `(ns::k<T>)` stands alone; `make()(...)`, `ks[i]` continue.
        bool Postfix = Open > 0 && (S[Open - 1]->is(tok::raw_identifier) ||
                                    S[Open - 1]->is(tok::r_paren) ||
                                    S[Open - 1]->is(tok::r_square) ||
                                    S[Open - 1]->is(tok::greater));
        if (T.is(tok::r_square) && !Postfix)
          return Fail();
        if (!Postfix || isKeywordLike(Open - 1))
          return Open;
        J = Open - 1;
        continue;
      }
      if (T.is(tok::greater) || T.is(tok::greatergreater)) {
        size_t Open = matchAngleBackward(J);
        if (Open == StringRef::npos || Open == 0 ||
            !S[Open - 1]->is(tok::raw_identifier))
          return Fail();
        J = Open - 1;
        continue;
      }
      if (!T.is(tok::raw_identifier) || isKeywordLike(J))
        return Fail();
      // An identifier: the callee continues leftwards through `::`, `.`,
      // `->`, `template` and `##`.
      size_t Start = J;
      if (Start > 0 && S[Start - 1]->isIdent("template"))
        --Start;
      if (Start == 0)
        return Start;
      const SimToken &P = *S[Start - 1];
      if (!(P.is(tok::coloncolon) || P.is(tok::period) || P.is(tok::arrow) ||
            P.is(tok::hashhash)))
        return Start;
      if (Start >= 2 && endsPostfix(Start - 2)) {
        J = Start - 2; // `ns::k`, `A<int>::k`, `obj().k`, `a[i].k`
        continue;
      }
      return P.is(tok::coloncolon) ? Start - 1 : Start; // `::k`
    }
  }

  /// Whether the token at \p I can end the expression left of `::`/`.`.
  bool endsPostfix(size_t I) const {
    const SimToken &T = *S[I];
    return (T.is(tok::raw_identifier) && !isKeywordLike(I)) ||
           T.is(tok::greater) || T.is(tok::greatergreater) ||
           T.is(tok::r_paren) || T.is(tok::r_square);
  }

  bool isKeywordLike(size_t I) const {
    static const StringSet<> Words = {
        "return",    "else",     "do",     "case",    "throw",  "co_await",
        "co_return", "co_yield", "new",    "delete",  "sizeof", "if",
        "while",     "for",      "switch", "operator"};
    return I < S.size() && S[I]->is(tok::raw_identifier) &&
           Words.contains(S[I]->Text);
  }

  Error lowerChevronLaunch(size_t Lt) {
    Expected<size_t> Start = calleeStart(Lt);
    if (!Start)
      return Start.takeError();
    // The `>>>` closing the configuration, at bracket depth 0.
    size_t Gt = StringRef::npos;
    for (size_t J = Lt + 1; J < S.size(); ++J) {
      if (isOpen(S[J]->Kind)) {
        J = matchForward(J);
        if (J == StringRef::npos)
          break;
        continue;
      }
      if (S[J]->is(tok::greatergreatergreater)) {
        Gt = J;
        break;
      }
      if (S[J]->is(tok::semi) || isClose(S[J]->Kind) ||
          S[J]->is(tok::lesslessless))
        break;
    }
    if (Gt == StringRef::npos)
      return error(Lt, "unterminated kernel launch: no '>>>' closes this "
                       "'<<<'");
    if (Gt == Lt + 1)
      return error(Gt, "kernel launch without a grid and block");
    if (!kind(Gt + 1, tok::l_paren))
      return error(Gt < S.size() - 1 ? Gt + 1 : Gt,
                   "expected '(' with the kernel's arguments after '>>>'");
    size_t Close = matchForward(Gt + 1);
    if (Close == StringRef::npos)
      return error(Gt + 1, "unterminated kernel launch: no ')' closes the "
                           "kernel's arguments");

    size_t CalleeLast = Lt - 1;
    std::string Callee = spell(*Start, CalleeLast);
    Expected<std::string> Head = breaksIn(S[*Start]->Offset, endOf(Lt));
    Expected<std::string> Mid = breaksIn(S[Gt]->Offset, endOf(Gt + 1));
    if (!Head)
      return Head.takeError();
    if (!Mid)
      return Mid.takeError();
    replace(S[*Start]->Offset, endOf(Lt),
            "::hwsim::launch(" + nameLiteral(*Start, CalleeLast) +
                ", ::hwsim::LaunchConfig(" + *Head);
    replace(S[Gt]->Offset, endOf(Gt + 1), "), [&]() { " + Callee + "(" + *Mid);
    replace(endOf(Close), endOf(Close), "; })");
    return Error::success();
  }

  /// Top-level comma-separated arguments of the call whose `(` is at \p
  /// Open, as [first, last] token ranges (empty when the call has none).
  Expected<std::vector<std::pair<size_t, size_t>>>
  splitArguments(size_t Open, size_t Close) const {
    std::vector<std::pair<size_t, size_t>> Args;
    size_t First = Open + 1;
    for (size_t J = Open + 1; J <= Close; ++J) {
      if (J < Close && isOpen(S[J]->Kind)) {
        J = matchForward(J);
        continue;
      }
      if (J == Close || S[J]->is(tok::comma)) {
        if (J == First && !(J == Close && Args.empty()))
          return error(J, "empty argument in hipLaunchKernelGGL");
        if (J > First)
          Args.push_back({First, J - 1});
        First = J + 1;
      }
    }
    return Args;
  }

  Error lowerGglLaunch(size_t Name) {
    size_t Close = matchForward(Name + 1);
    if (Close == StringRef::npos)
      return error(Name, "unterminated hipLaunchKernelGGL: no ')' closes its "
                         "arguments");
    auto Args = splitArguments(Name + 1, Close);
    if (!Args)
      return Args.takeError();
    if (Args->size() < 5)
      return error(Name, "hipLaunchKernelGGL needs a kernel, grid, block, "
                         "shared-memory size and stream");
    auto [KFirst, KLast] = (*Args)[0];
    // HIP_KERNEL_NAME(k<a, b>) only protects the commas from the
    // preprocessor; the kernel is what it wraps.
    if (ident(KFirst, "HIP_KERNEL_NAME") && kind(KFirst + 1, tok::l_paren) &&
        matchForward(KFirst + 1) == KLast) {
      if (KLast - KFirst < 3)
        return error(KFirst, "HIP_KERNEL_NAME() names no kernel");
      KFirst += 2;
      KLast -= 1;
    }
    std::string Callee = spell(KFirst, KLast);
    unsigned GridBegin = S[(*Args)[1].first]->Offset;
    Expected<std::string> Head = breaksIn(S[Name]->Offset, GridBegin);
    if (!Head)
      return Head.takeError();
    replace(S[Name]->Offset, GridBegin,
            "::hwsim::launch(" + nameLiteral(KFirst, KLast) +
                ", ::hwsim::LaunchConfig(" + *Head);
    size_t StreamLast = (*Args)[4].second;
    if (Args->size() == 5) {
      Expected<std::string> Tail = breaksIn(endOf(StreamLast), endOf(Close));
      if (!Tail)
        return Tail.takeError();
      replace(endOf(StreamLast), endOf(Close),
              "), [&]() { " + Callee + "(); })" + *Tail);
      return Error::success();
    }
    size_t FirstArg = (*Args)[5].first;
    Expected<std::string> Mid =
        breaksIn(S[StreamLast + 1]->Offset, S[FirstArg]->Offset);
    if (!Mid)
      return Mid.takeError();
    replace(S[StreamLast + 1]->Offset, S[FirstArg]->Offset,
            "), [&]() { " + Callee + "(" + *Mid);
    replace(endOf(Close), endOf(Close), "; })");
    return Error::success();
  }

  // ---- shared memory --------------------------------------------------

  /// Index after the bracket group that the name at \p I takes, if \p I is
  /// an attribute-like name (`__align__(16)`), else \p I.
  size_t skipAttribute(size_t I) const {
    if (anyIdent(I) && isAttributeLike(S[I]->Text) &&
        kind(I + 1, tok::l_paren)) {
      size_t Close = matchForward(I + 1);
      if (Close != StringRef::npos)
        return Close + 1;
    }
    return I;
  }

  /// First token of the declaration holding the `__shared__` at \p I:
  /// walks back over specifiers and attributes.
  size_t declarationStart(size_t I) const {
    size_t Start = I;
    while (Start > 0) {
      const SimToken &P = *S[Start - 1];
      if (P.is(tok::r_paren)) {
        size_t Open = matchBackward(Start - 1);
        if (Open == StringRef::npos || Open == 0 ||
            !S[Open - 1]->is(tok::raw_identifier) ||
            !isAttributeLike(S[Open - 1]->Text))
          break;
        Start = Open - 1;
        continue;
      }
      if (!P.is(tok::raw_identifier) || !isDeclSpecifier(P.Text))
        break;
      --Start;
    }
    return Start;
  }

  static bool isDeclSpecifier(StringRef W) {
    return W == "extern" || W == "static" || W == "volatile" || W == "const" ||
           W == "__device__" || W == "inline" || W == "constexpr" ||
           W == "thread_local" || W == "unsigned" || W == "signed";
  }

  Error lowerShared(size_t I, bool InFunction) {
    size_t Start = declarationStart(I);
    // The declaration's specifiers end where its declarator starts.
    bool Extern = false, Static = false;
    size_t End = I + 1;
    int Angles = 0; // template arguments of the type: `X<int, 2>`
    for (size_t J = Start; J < S.size(); ++J) {
      const SimToken &T = *S[J];
      Angles +=
          T.is(tok::less) - T.is(tok::greater) - 2 * T.is(tok::greatergreater);
      if (T.is(tok::semi) || T.is(tok::equal) || T.is(tok::l_brace) ||
          T.is(tok::r_brace) || T.is(tok::l_square) ||
          (T.is(tok::comma) && Angles <= 0) ||
          (T.is(tok::l_paren) && !(J > 0 && S[J - 1]->is(tok::raw_identifier) &&
                                   isAttributeLike(S[J - 1]->Text)))) {
        End = J;
        break;
      }
      Extern |= T.isIdent("extern");
      Static |= T.isIdent("static");
      End = J + 1;
    }
    if (!Extern) {
      replace(S[I]->Offset, endOf(I),
              Static ? "thread_local" : "static thread_local");
      return Error::success();
    }
    return lowerExternShared(Start, End, InFunction);
  }

  /// `extern __shared__ T name[];` spanning [Start, `[`).
  Error lowerExternShared(size_t Start, size_t Bracket, bool InFunction) {
    auto Fail = [&] {
      return error(Start, "cannot lower this extern __shared__ declaration; "
                          "expected 'extern __shared__ T name[];'");
    };
    if (!kind(Bracket, tok::l_square) || !kind(Bracket + 1, tok::r_square) ||
        !kind(Bracket + 2, tok::semi))
      return Fail();
    size_t Name = Bracket - 1;
    if (Name <= Start || !anyIdent(Name))
      return Fail();
    // The element type: what remains once extern, __shared__ and alignment
    // are gone (alignment: dynamic shared memory is 16-byte aligned).
    std::string Type;
    unsigned PrevEnd = 0;
    for (size_t J = Start; J < Name;) {
      size_t After = skipAttribute(J);
      if (After != J) {
        J = After;
        continue;
      }
      if (!ident(J, "extern") && !ident(J, "__shared__")) {
        if (!Type.empty() && S[J]->Offset > PrevEnd)
          Type += ' ';
        Type += S[J]->Text;
        PrevEnd = endOf(J);
      }
      ++J;
    }
    if (Type.empty())
      return Fail();
    unsigned Begin = S[Start]->Offset, EndOff = S[Bracket + 2]->Offset;
    Expected<std::string> Breaks = breaksIn(Begin, EndOff);
    if (!Breaks)
      return Breaks.takeError();
    StringRef Var = S[Name]->Text;
    // `X<int> >` rather than `X<int>>`: unambiguous for any C++ standard.
    std::string Arg = Type + (Type.back() == '>' ? " >" : ">");
    std::string Text =
        InFunction ? Type + " *const " + Var.str() +
                         " = ::hwsim::dynamicShared<" + Arg + "()"
                   : "static ::hwsim::DynamicShared<" + Arg + " " + Var.str();
    replace(Begin, EndOff, Text + *Breaks);
    return Error::success();
  }
};

} // namespace

Expected<std::string> lowerForSimulation(StringRef Source, StringRef FileName) {
  return Lowerer(Source, FileName).run();
}

} // namespace hipwright::sim
