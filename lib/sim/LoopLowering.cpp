//===- LoopLowering.cpp - loop statements as lockstep regions -------------===//
#include "sim/LoopLowering.h"

#include "sim/SharedLowering.h"

#include "support/LineIndex.h"

#include "llvm/ADT/StringSet.h"

#include <algorithm>
#include <map>
#include <set>

using namespace llvm;
namespace tok = clang::tok;

namespace hipwright::sim::detail {

namespace {

constexpr size_t npos = StringRef::npos;

/// Index of the `)` closing the `(` at \p I, or npos.
size_t parenGroupEnd(const LoweringContext &C, size_t I) {
  return C.kind(I, tok::l_paren) ? C.matchForward(I) : npos;
}

/// The statement after a parenthesized head: `for (...) s`, `while (...) s`,
/// `switch (...) s`.
size_t headedStatementEnd(const LoweringContext &C, size_t Paren) {
  size_t Close = parenGroupEnd(C, Paren);
  return Close == npos ? npos : statementEnd(C, Close + 1);
}

/// Index of the `;` ending the do-while whose `do` is at \p I.
size_t doWhileEnd(const LoweringContext &C, size_t I) {
  size_t Body = statementEnd(C, I + 1);
  if (Body == npos || !C.ident(Body + 1, "while"))
    return npos;
  size_t Close = parenGroupEnd(C, Body + 2);
  return Close != npos && C.kind(Close + 1, tok::semi) ? Close + 1 : npos;
}

size_t ifEnd(const LoweringContext &C, size_t I) {
  size_t Head = I + 1;
  if (C.ident(Head, "constexpr"))
    ++Head;
  size_t Then = headedStatementEnd(C, Head);
  if (Then == npos || !C.ident(Then + 1, "else"))
    return Then;
  return statementEnd(C, Then + 2);
}

/// An expression or declaration statement: up to the `;` outside brackets.
size_t simpleStatementEnd(const LoweringContext &C, size_t I) {
  for (size_t J = I; J < C.size(); ++J) {
    if (isOpen(C[J].Kind)) {
      J = C.matchForward(J);
      if (J == npos)
        return npos;
    } else if (C[J].is(tok::semi)) {
      return J;
    } else if (isClose(C[J].Kind)) {
      return npos;
    }
  }
  return npos;
}

bool isConditionalDirective(StringRef Name) {
  return Name == "if" || Name == "ifdef" || Name == "ifndef" ||
         Name == "elif" || Name == "elifdef" || Name == "elifndef" ||
         Name == "else" || Name == "endif";
}

/// Whether a #if-family directive lies in [Begin, End): the walk sees one
/// branch's tokens and the other's alike, so their brackets cannot be
/// trusted.
bool conditionalDirectiveIn(const LoweringContext &C, unsigned Begin,
                            unsigned End) {
  const std::vector<RawToken> &All = C.tokens();
  auto It = std::lower_bound(
      All.begin(), All.end(), Begin,
      [](const RawToken &T, unsigned O) { return T.Offset < O; });
  for (; It != All.end() && It->Offset < End; ++It)
    if (It->Directive >= 0 && It->is(tok::hash) && std::next(It) != All.end() &&
        std::next(It)->Directive == It->Directive &&
        isConditionalDirective(std::next(It)->Text))
      return true;
  return false;
}

/// Calls the CPU runtime makes a thread wait in (hwsim/lockstep.h): the
/// atomics, whose no-op forms are polls (nvcc's built-in ones and
/// hipwright's equivalents of those included), and __nanosleep.
bool isPollingCall(StringRef Name) {
  return Name.starts_with("atomic") || Name.starts_with("__hip_atomic") ||
         Name.starts_with("__nv_atomic") ||
         Name.starts_with("hipwright_atomic") || Name.contains("Atomic") ||
         Name == "__nanosleep";
}

/// The name of the function whose parameter list ends just before the body
/// opened at \p Brace (past cv, noexcept, a trailing return type), or "".
StringRef functionName(const LoweringContext &C, size_t Brace) {
  for (size_t J = Brace; J-- > 0 && Brace - J <= 16;) {
    if (C[J].is(tok::semi) || C[J].is(tok::l_brace) || C[J].is(tok::r_brace))
      return "";
    if (!C[J].is(tok::r_paren))
      continue;
    size_t Open = C.matchBackward(J);
    if (Open == npos || Open == 0 || !C.anyIdent(Open - 1))
      return "";
    return C[Open - 1].Text;
  }
  return "";
}

/// Names of the functions defined in this segment that may poll: they
/// call an atomic or __nanosleep, or such a function, directly or not.
StringSet<> pollingFunctions(const LoweringContext &C) {
  std::vector<std::pair<StringRef, std::pair<size_t, size_t>>> Bodies;
  FunctionScopes Scopes;
  for (size_t I = 0; I < C.size(); ++I) {
    if (C[I].is(tok::r_brace)) {
      Scopes.close();
      continue;
    }
    if (!C[I].is(tok::l_brace))
      continue;
    bool Outside = !Scopes.inFunction();
    Scopes.open(C, I);
    size_t Close = C.matchForward(I);
    if (Outside && Scopes.inFunction() && Close != npos)
      if (StringRef Name = functionName(C, I); !Name.empty())
        Bodies.push_back({Name, {I, Close}});
  }
  StringSet<> Polling;
  for (bool Grew = true; Grew;) {
    Grew = false;
    for (auto &[Name, Body] : Bodies) {
      if (Polling.contains(Name))
        continue;
      for (size_t J = Body.first; J < Body.second; ++J)
        if (C.anyIdent(J) &&
            (isPollingCall(C[J].Text) || Polling.contains(C[J].Text))) {
          Polling.insert(Name);
          Grew = true;
          break;
        }
    }
  }
  return Polling;
}

} // namespace

size_t statementEnd(const LoweringContext &C, size_t I) {
  if (I >= C.size())
    return npos;
  const RawToken &T = C[I];
  if (T.is(tok::l_brace))
    return C.matchForward(I);
  if (T.is(tok::semi))
    return I;
  if (T.isIdent("if"))
    return ifEnd(C, I);
  if (T.isIdent("for") || T.isIdent("while") || T.isIdent("switch"))
    return headedStatementEnd(C, I + 1);
  if (T.isIdent("do"))
    return doWhileEnd(C, I);
  // `try`, labels and `case` would need more than a token walk.
  if (T.isIdent("try") || T.isIdent("case") || T.isIdent("default") ||
      (C.anyIdent(I) && C.kind(I + 1, tok::colon)))
    return npos;
  return simpleStatementEnd(C, I);
}

void lowerLoops(LoweringContext &C) {
  // Insertions are gathered per offset: loops nested as `for (..) for (..)
  // s;` end at the same byte, and a loop can start right where another ends
  // (two equal or two different insertions at one offset would be merged or
  // refused by the edit set). At one offset, ends go before a start.
  struct Insertion {
    unsigned Closers = 0;
    std::string Opener;
  };
  std::map<unsigned, Insertion> At;
  LineIndex Lines(C.source());
  // Only a loop that can poll needs its lanes to leave together: a lane
  // waits in the runtime only at a poll (or a collective, which lanes
  // outside the loop do not reach either way). Other loops stay as written
  // and cost nothing.
  StringSet<> Polling = pollingFunctions(C);
  auto MayPoll = [&](size_t Begin, size_t End) {
    for (size_t J = Begin; J <= End; ++J)
      if (C.anyIdent(J) &&
          (isPollingCall(C[J].Text) || Polling.contains(C[J].Text)))
        return true;
    return false;
  };
  std::set<size_t> DoTails; // the `while` of each do-while seen
  for (size_t I = 1; I < C.size(); ++I) {
    const RawToken &T = C[I];
    bool IsDo = T.isIdent("do");
    if (!IsDo && !T.isIdent("for") && !T.isIdent("while"))
      continue;
    if (DoTails.count(I))
      continue;
    size_t End = IsDo ? doWhileEnd(C, I) : headedStatementEnd(C, I + 1);
    if (End == npos)
      continue;
    if (IsDo)
      DoTails.insert(C.matchBackward(End - 1) - 1);
    if (!MayPoll(I, End))
      continue;
    // Insert right after the token before the loop, so that a `#pragma
    // unroll` line between them still sits directly before the loop.
    unsigned Open = C.endOf(I - 1);
    unsigned Close = C.endOf(End);
    if (conditionalDirectiveIn(C, Open, Close))
      continue;
    auto [Line, Column] = Lines.lineAndColumn(T.Offset);
    At[Open].Opener = " { ::hwsim::LoopRegion hwsim_loop_(" +
                      std::to_string(Line) + ", " + std::to_string(Column) +
                      ");";
    ++At[Close].Closers;
  }
  for (auto &[Offset, Ins] : At) {
    std::string Text;
    for (unsigned K = 0; K < Ins.Closers; ++K)
      Text += " }";
    Text += Ins.Opener;
    C.replace(Offset, Offset, std::move(Text));
  }
}

} // namespace hipwright::sim::detail
