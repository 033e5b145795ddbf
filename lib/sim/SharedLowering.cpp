//===- SharedLowering.cpp - __shared__ for the CPU runtime ----------------===//
#include "sim/SharedLowering.h"

using namespace llvm;
namespace tok = clang::tok;

namespace hipwright::sim::detail {
namespace {

/// Names that may precede a parenthesized group without making it a
/// parameter list or a call.
bool isAttributeLike(StringRef Name) {
  return Name == "__align__" || Name == "alignas" || Name == "__attribute__" ||
         Name == "__declspec" || Name == "__launch_bounds__" ||
         Name == "noexcept" || Name == "throw" || Name == "decltype";
}

/// Whether the `{` at \p I opens a function (or lambda) body: it follows a
/// parameter list, possibly with cv/ref/noexcept/override/final/mutable
/// and a trailing return type in between.
bool opensFunctionBody(const LoweringContext &C, size_t I) {
  if (I == 0)
    return false;
  size_t J = I - 1;
  // A trailing return type: walk back over type-ish tokens to `->`.
  for (size_t K = J;; --K) {
    const RawToken &T = C[K];
    if (T.is(tok::arrow)) {
      if (K == 0)
        return false;
      J = K - 1;
      break;
    }
    if (T.is(tok::r_paren) && K > 0) {
      size_t Open = C.matchBackward(K);
      if (Open == StringRef::npos || Open == 0 ||
          !C[Open - 1].isIdent("decltype"))
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
    const RawToken &T = C[J];
    if (T.is(tok::r_paren)) {
      size_t Open = C.matchBackward(J);
      if (Open == StringRef::npos)
        return false;
      if (Open > 0 && C[Open - 1].is(tok::raw_identifier) &&
          isAttributeLike(C[Open - 1].Text) && Open >= 2) {
        J = Open - 2;
        continue;
      }
      return true; // a parameter list
    }
    if (T.is(tok::r_square)) {
      // `[[attr]]` is skipped; `[captures] {` is a lambda.
      if (J > 0 && C[J - 1].is(tok::r_square)) {
        size_t Open = C.matchBackward(J);
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

} // namespace

void FunctionScopes::open(const LoweringContext &C, size_t I) {
  FnScope.push_back(inFunction() || opensFunctionBody(C, I));
}

void FunctionScopes::close() {
  if (!FnScope.empty())
    FnScope.pop_back();
}

namespace {

/// Index after the bracket group that the name at \p I takes, if \p I is
/// an attribute-like name (`__align__(16)`), else \p I.
size_t skipAttribute(const LoweringContext &C, size_t I) {
  if (C.anyIdent(I) && isAttributeLike(C[I].Text) &&
      C.kind(I + 1, tok::l_paren)) {
    size_t Close = C.matchForward(I + 1);
    if (Close != StringRef::npos)
      return Close + 1;
  }
  return I;
}

bool isDeclSpecifier(StringRef W) {
  return W == "extern" || W == "static" || W == "volatile" || W == "const" ||
         W == "__device__" || W == "inline" || W == "constexpr" ||
         W == "thread_local" || W == "unsigned" || W == "signed";
}

/// First token of the declaration holding the `__shared__` at \p I:
/// walks back over specifiers and attributes - and, outside #define bodies,
/// over the type too, since `extern float __shared__ s[];` is valid CUDA.
/// A declaration starts after `;`, `{`, `}`, `:` or a directive, none of
/// which the walk crosses.
size_t declarationStart(const LoweringContext &C, size_t I) {
  size_t Start = I;
  while (Start > 0) {
    const RawToken &P = C[Start - 1];
    if (P.is(tok::r_paren)) {
      size_t Open = C.matchBackward(Start - 1);
      if (Open == StringRef::npos || Open == 0 ||
          !C[Open - 1].is(tok::raw_identifier) ||
          !isAttributeLike(C[Open - 1].Text))
        break;
      Start = Open - 1;
      continue;
    }
    bool TypeName =
        !C.inDefine() && (P.is(tok::raw_identifier) || P.is(tok::coloncolon));
    if (!TypeName && !(P.is(tok::raw_identifier) && isDeclSpecifier(P.Text)))
      break;
    --Start;
  }
  return Start;
}

/// `extern __shared__ T name[];` spanning [Start, `[`).
Error lowerExternShared(LoweringContext &C, size_t Start, size_t Bracket,
                        bool InFunction) {
  auto Fail = [&] {
    return C.error(Start, "cannot lower this extern __shared__ declaration; "
                          "expected 'extern __shared__ T name[];'");
  };
  if (!C.kind(Bracket, tok::l_square) || !C.kind(Bracket + 1, tok::r_square) ||
      !C.kind(Bracket + 2, tok::semi))
    return Fail();
  size_t Name = Bracket - 1;
  if (Name <= Start || !C.anyIdent(Name))
    return Fail();
  // The element type: what remains once extern, __shared__ and alignment
  // are gone (alignment: dynamic shared memory is 16-byte aligned).
  std::string Type;
  unsigned PrevEnd = 0;
  for (size_t J = Start; J < Name;) {
    size_t After = skipAttribute(C, J);
    if (After != J) {
      J = After;
      continue;
    }
    if (!C.ident(J, "extern") && !C.ident(J, "__shared__")) {
      if (!Type.empty() && C[J].Offset > PrevEnd)
        Type += ' ';
      Type += C[J].Text;
      PrevEnd = C.endOf(J);
    }
    ++J;
  }
  if (Type.empty())
    return Fail();
  unsigned Begin = C[Start].Offset, EndOff = C[Bracket + 2].Offset;
  Expected<std::string> Breaks = C.breaksIn(Begin, EndOff);
  if (!Breaks)
    return Breaks.takeError();
  StringRef Var = C[Name].Text;
  // `X<int> >` rather than `X<int>>`: unambiguous for any C++ standard.
  std::string Arg = Type + (Type.back() == '>' ? " >" : ">");
  std::string Text =
      InFunction ? Type + " *const " + Var.str() +
                       " = ::hwsim::dynamicShared<" + Arg + "()"
                 : "static ::hwsim::DynamicShared<" + Arg + " " + Var.str();
  C.replace(Begin, EndOff, Text + *Breaks);
  return Error::success();
}

} // namespace

Error lowerShared(LoweringContext &C, size_t I, bool InFunction) {
  size_t Start = declarationStart(C, I);
  // The declaration's specifiers end where its declarator starts.
  bool Extern = false, Static = false;
  size_t End = I + 1;
  int Angles = 0; // template arguments of the type: `X<int, 2>`
  for (size_t J = Start; J < C.size(); ++J) {
    const RawToken &T = C[J];
    Angles +=
        T.is(tok::less) - T.is(tok::greater) - 2 * T.is(tok::greatergreater);
    if (T.is(tok::semi) || T.is(tok::equal) || T.is(tok::l_brace) ||
        T.is(tok::r_brace) || T.is(tok::l_square) ||
        (T.is(tok::comma) && Angles <= 0) ||
        (T.is(tok::l_paren) && !(J > 0 && C[J - 1].is(tok::raw_identifier) &&
                                 isAttributeLike(C[J - 1].Text)))) {
      End = J;
      break;
    }
    Extern |= T.isIdent("extern");
    Static |= T.isIdent("static");
    End = J + 1;
  }
  if (!Extern) {
    C.replace(C[I].Offset, C.endOf(I),
              Static ? "thread_local" : "static thread_local");
    return Error::success();
  }
  return lowerExternShared(C, Start, End, InFunction);
}

} // namespace hipwright::sim::detail
