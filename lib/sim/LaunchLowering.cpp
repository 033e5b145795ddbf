//===- LaunchLowering.cpp - kernel launches for the CPU runtime -----------===//
#include "sim/LaunchLowering.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

using namespace llvm;
namespace tok = clang::tok;

namespace hipwright::sim::detail {
namespace {

bool isKeywordLike(const LoweringContext &C, size_t I) {
  static const StringSet<> Words = {
      "return",    "else",     "do",     "case",    "throw",  "co_await",
      "co_return", "co_yield", "new",    "delete",  "sizeof", "if",
      "while",     "for",      "switch", "operator"};
  return I < C.size() && C[I].is(tok::raw_identifier) &&
         Words.contains(C[I].Text);
}

/// Whether the token at \p I can end the expression left of `::`/`.`.
bool endsPostfix(const LoweringContext &C, size_t I) {
  const RawToken &T = C[I];
  return (T.is(tok::raw_identifier) && !isKeywordLike(C, I)) ||
         T.is(tok::greater) || T.is(tok::greatergreater) ||
         T.is(tok::r_paren) || T.is(tok::r_square);
}

/// First token of the callee that ends right before the `<<<` at \p Lt.
Expected<size_t> calleeStart(const LoweringContext &C, size_t Lt) {
  auto Fail = [&] {
    return C.error(Lt, "cannot find the kernel this '<<<' launches");
  };
  if (Lt == 0)
    return Fail();
  size_t J = Lt - 1;
  while (true) {
    const RawToken &T = C[J];
    if (T.is(tok::r_paren) || T.is(tok::r_square)) {
      size_t Open = C.matchBackward(J);
      if (Open == StringRef::npos)
        return Fail();
      // `(ns::k<T>)` stands alone; `make()(...)`, `ks[i]` continue.
      bool Postfix = Open > 0 && (C[Open - 1].is(tok::raw_identifier) ||
                                  C[Open - 1].is(tok::r_paren) ||
                                  C[Open - 1].is(tok::r_square) ||
                                  C[Open - 1].is(tok::greater));
      if (T.is(tok::r_square) && !Postfix)
        return Fail();
      if (!Postfix || isKeywordLike(C, Open - 1))
        return Open;
      J = Open - 1;
      continue;
    }
    if (T.is(tok::greater) || T.is(tok::greatergreater)) {
      size_t Open = C.matchAngleBackward(J);
      if (Open == StringRef::npos || Open == 0 ||
          !C[Open - 1].is(tok::raw_identifier))
        return Fail();
      J = Open - 1;
      continue;
    }
    if (!T.is(tok::raw_identifier) || isKeywordLike(C, J))
      return Fail();
    // An identifier: the callee continues leftwards through `::`, `.`,
    // `->`, `template` and `##`.
    size_t Start = J;
    if (Start > 0 && C[Start - 1].isIdent("template"))
      --Start;
    if (Start == 0)
      return Start;
    const RawToken &P = C[Start - 1];
    if (!(P.is(tok::coloncolon) || P.is(tok::period) || P.is(tok::arrow) ||
          P.is(tok::hashhash)))
      return Start;
    if (Start >= 2 && endsPostfix(C, Start - 2)) {
      J = Start - 2; // `ns::k`, `A<int>::k`, `obj().k`, `a[i].k`
      continue;
    }
    return P.is(tok::coloncolon) ? Start - 1 : Start; // `::k`
  }
}

/// The kernel name for diagnostics: a C string literal, or `#k` when the
/// callee is a parameter of the enclosing macro (so it names the argument).
std::string nameLiteral(const LoweringContext &C, size_t First, size_t Last) {
  if (C.inDefine() && First == Last && C.isMacroParam(C[First].Text))
    return "#" + C[First].Text.str();
  // `(ns::k<T>)` is named ns::k<T>.
  if (Last > First && C.kind(First, tok::l_paren) &&
      C.matchForward(First) == Last)
    ++First, --Last;
  std::string Out = "\"";
  for (char Ch : C.spell(First, Last)) {
    if (Ch == '"' || Ch == '\\')
      Out += '\\';
    if (isPrint(Ch))
      Out += Ch;
    else
      Out += "\\x" + utohexstr(uint8_t(Ch), /*LowerCase=*/true, 2);
  }
  return Out + "\"";
}

} // namespace

Error lowerChevronLaunch(LoweringContext &C, size_t Lt) {
  Expected<size_t> Start = calleeStart(C, Lt);
  if (!Start)
    return Start.takeError();
  // The `>>>` closing the configuration, at bracket depth 0.
  size_t Gt = StringRef::npos;
  for (size_t J = Lt + 1; J < C.size(); ++J) {
    if (isOpen(C[J].Kind)) {
      J = C.matchForward(J);
      if (J == StringRef::npos)
        break;
      continue;
    }
    if (C[J].is(tok::greatergreatergreater)) {
      Gt = J;
      break;
    }
    if (C[J].is(tok::semi) || isClose(C[J].Kind) || C[J].is(tok::lesslessless))
      break;
  }
  if (Gt == StringRef::npos)
    return C.error(Lt, "unterminated kernel launch: no '>>>' closes this "
                       "'<<<'");
  if (Gt == Lt + 1)
    return C.error(Gt, "kernel launch without a grid and block");
  if (!C.kind(Gt + 1, tok::l_paren))
    return C.error(Gt < C.size() - 1 ? Gt + 1 : Gt,
                   "expected '(' with the kernel's arguments after '>>>'");
  size_t Close = C.matchForward(Gt + 1);
  if (Close == StringRef::npos)
    return C.error(Gt + 1, "unterminated kernel launch: no ')' closes the "
                           "kernel's arguments");

  size_t CalleeLast = Lt - 1;
  std::string Callee = C.spell(*Start, CalleeLast);
  Expected<std::string> Head = C.breaksIn(C[*Start].Offset, C.endOf(Lt));
  Expected<std::string> Mid = C.breaksIn(C[Gt].Offset, C.endOf(Gt + 1));
  if (!Head)
    return Head.takeError();
  if (!Mid)
    return Mid.takeError();
  C.replace(C[*Start].Offset, C.endOf(Lt),
            "::hwsim::launch(" + nameLiteral(C, *Start, CalleeLast) +
                ", ::hwsim::LaunchConfig(" + *Head);
  C.replace(C[Gt].Offset, C.endOf(Gt + 1), "), [&]() { " + Callee + "(" + *Mid);
  C.replace(C.endOf(Close), C.endOf(Close), "; })");
  return Error::success();
}

namespace {

/// Top-level comma-separated arguments of the call whose `(` is at \p
/// Open, as [first, last] token ranges (empty when the call has none).
Expected<std::vector<std::pair<size_t, size_t>>>
splitArguments(const LoweringContext &C, size_t Open, size_t Close) {
  std::vector<std::pair<size_t, size_t>> Args;
  size_t First = Open + 1;
  for (size_t J = Open + 1; J <= Close; ++J) {
    if (J < Close && isOpen(C[J].Kind)) {
      J = C.matchForward(J);
      continue;
    }
    if (J == Close || C[J].is(tok::comma)) {
      if (J == First && !(J == Close && Args.empty()))
        return C.error(J, "empty argument in hipLaunchKernelGGL");
      if (J > First)
        Args.push_back({First, J - 1});
      First = J + 1;
    }
  }
  return Args;
}

} // namespace

Error lowerGglLaunch(LoweringContext &C, size_t Name) {
  size_t Close = C.matchForward(Name + 1);
  if (Close == StringRef::npos)
    return C.error(Name, "unterminated hipLaunchKernelGGL: no ')' closes its "
                         "arguments");
  auto Args = splitArguments(C, Name + 1, Close);
  if (!Args)
    return Args.takeError();
  if (Args->size() < 5)
    return C.error(Name, "hipLaunchKernelGGL needs a kernel, grid, block, "
                         "shared-memory size and stream");
  auto [KFirst, KLast] = (*Args)[0];
  // HIP_KERNEL_NAME(k<a, b>) only protects the commas from the
  // preprocessor; the kernel is what it wraps.
  if (C.ident(KFirst, "HIP_KERNEL_NAME") && C.kind(KFirst + 1, tok::l_paren) &&
      C.matchForward(KFirst + 1) == KLast) {
    if (KLast - KFirst < 3)
      return C.error(KFirst, "HIP_KERNEL_NAME() names no kernel");
    KFirst += 2;
    KLast -= 1;
  }
  std::string Callee = C.spell(KFirst, KLast);
  unsigned GridBegin = C[(*Args)[1].first].Offset;
  Expected<std::string> Head = C.breaksIn(C[Name].Offset, GridBegin);
  if (!Head)
    return Head.takeError();
  C.replace(C[Name].Offset, GridBegin,
            "::hwsim::launch(" + nameLiteral(C, KFirst, KLast) +
                ", ::hwsim::LaunchConfig(" + *Head);
  size_t StreamLast = (*Args)[4].second;
  if (Args->size() == 5) {
    Expected<std::string> Tail =
        C.breaksIn(C.endOf(StreamLast), C.endOf(Close));
    if (!Tail)
      return Tail.takeError();
    C.replace(C.endOf(StreamLast), C.endOf(Close),
              "), [&]() { " + Callee + "(); })" + *Tail);
    return Error::success();
  }
  size_t FirstArg = (*Args)[5].first;
  Expected<std::string> Mid =
      C.breaksIn(C[StreamLast + 1].Offset, C[FirstArg].Offset);
  if (!Mid)
    return Mid.takeError();
  C.replace(C[StreamLast + 1].Offset, C[FirstArg].Offset,
            "), [&]() { " + Callee + "(" + *Mid);
  C.replace(C.endOf(Close), C.endOf(Close), "; })");
  return Error::success();
}

} // namespace hipwright::sim::detail
