//===- CallRule.cpp - rules that edit a call's arguments ------------------===//
#include "rules/CallRule.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/ErrorHandling.h"

using namespace llvm;

namespace hipwright {

StringRef toString(ArgCondition C) {
  switch (C) {
  case ArgCondition::Any:
    return "";
  case ArgCondition::Null:
    return "null";
  case ArgCondition::Function:
    return "fn";
  case ArgCondition::TypedPointerPointer:
    return "T**";
  case ArgCondition::Symbol:
    return "symbol";
  case ArgCondition::ZeroedLocal:
    return "&zeroed";
  case ArgCondition::Enumerator:
    return "=";
  case ArgCondition::OfEnumType:
    return "of=";
  }
  llvm_unreachable("bad ArgCondition");
}

namespace {

Error fail(const Twine &Why) {
  return createStringError(inconvertibleErrorCode(), Why);
}

bool isIdent(StringRef S) {
  if (S.empty() || !(isAlpha(S[0]) || S[0] == '_'))
    return false;
  return all_of(S, [](char C) { return isAlnum(C) || C == '_'; });
}

/// `name(a, b, c)` -> name and the top-level arguments, trimmed. Brackets of
/// every kind nest, so `reinterpret_cast<const void *>($2)` or
/// `f<A, B>($1)` is one argument.
Error splitCall(StringRef Text, StringRef &Name,
                SmallVectorImpl<StringRef> &Args) {
  Text = Text.trim();
  size_t Open = Text.find('(');
  if (Open == StringRef::npos || !Text.ends_with(")"))
    return fail("'" + Text + "' is not of the form name(arguments)");
  Name = Text.take_front(Open).trim();
  if (!isIdent(Name))
    return fail("'" + Name + "' is not a function name");
  StringRef Inner = Text.slice(Open + 1, Text.size() - 1);
  if (Inner.trim().empty())
    return Error::success();
  int Depth = 0;
  size_t Start = 0;
  for (size_t I = 0; I < Inner.size(); ++I) {
    char C = Inner[I];
    if (C == '(' || C == '[' || C == '{' || C == '<')
      ++Depth;
    else if (C == ')' || C == ']' || C == '}' || C == '>')
      --Depth;
    else if (C == ',' && Depth == 0) {
      Args.push_back(Inner.slice(Start, I).trim());
      Start = I + 1;
    }
    if (Depth < 0)
      return fail("unbalanced brackets in '" + Text + "'");
  }
  if (Depth != 0)
    return fail("unbalanced brackets in '" + Text + "'");
  Args.push_back(Inner.substr(Start).trim());
  for (StringRef A : Args)
    if (A.empty())
      return fail("empty argument in '" + Text + "'");
  return Error::success();
}

/// Parses the `$N` at the start of \p S; returns the number of characters
/// read (0 when \p S does not start with one).
size_t readPlaceholder(StringRef S, unsigned &N) {
  if (!S.starts_with("$"))
    return 0;
  size_t Digits = 1;
  while (Digits < S.size() && isDigit(S[Digits]))
    ++Digits;
  if (Digits == 1 || S.slice(1, Digits).getAsInteger(10, N) || N == 0)
    return 0;
  return Digits;
}

/// Whether \p Text reads `name(...)`: the hip column of a call rewrite.
bool looksLikeCall(StringRef Text) {
  Text = Text.trim();
  size_t Open = Text.find('(');
  return Open != StringRef::npos && Open > 0 &&
         isIdent(Text.take_front(Open).trim()) && Text.ends_with(")");
}

/// Whether \p Text has an `=` that is an assignment (not `==`, `<=`, ...)
/// outside brackets.
bool hasTopLevelAssignment(StringRef Text) {
  int Depth = 0;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '(' || C == '[' || C == '{')
      ++Depth;
    else if (C == ')' || C == ']' || C == '}')
      --Depth;
    else if (C == '=' && Depth == 0) {
      char Before = I ? Text[I - 1] : ' ';
      char After = I + 1 < Text.size() ? Text[I + 1] : ' ';
      if (After != '=' && !StringRef("=!<>").contains(Before))
        return true;
    }
  }
  return false;
}

/// The expression form: text around `$1`, `$2`, ... each once, in order.
Error parseExpression(StringRef Replacement, CallRule &R) {
  if (R.KeepsRest)
    return fail("'" + Replacement +
                "' is an expression; its pattern cannot end in '...'");
  StringRef Rest = Replacement;
  std::string Text;
  unsigned Next = 1;
  while (!Rest.empty()) {
    unsigned N = 0;
    size_t Len = Rest.starts_with("$") ? readPlaceholder(Rest, N) : 0;
    if (!Len) {
      Text += Rest.front();
      Rest = Rest.drop_front();
      continue;
    }
    if (N != Next)
      return fail("'" + Replacement +
                  "' must use every argument of its "
                  "pattern once, in order ($" +
                  Twine(N) + " where $" + Twine(Next) + " belongs)");
    R.Args.push_back({Text, N, ""});
    Text.clear();
    ++Next;
    Rest = Rest.drop_front(Len);
  }
  if (Next != R.Params.size() + 1)
    return fail("'" + Replacement +
                "' must use every argument of its "
                "pattern once, in order ($" +
                Twine(Next) + " is missing)");
  if (R.Args.empty())
    return fail("'" + Replacement + "' keeps none of the call's arguments");
  R.Args.back().Suffix = Text;
  R.Expression = true;
  R.StatementOnly = hasTopLevelAssignment(Replacement);
  return Error::success();
}

} // namespace

Expected<CallRule> parseCallRule(StringRef Pattern, StringRef Replacement) {
  CallRule R;
  R.Pattern = Pattern.trim().str();
  R.Replacement = Replacement.trim().str();
  SmallVector<StringRef, 8> Params;
  StringRef Name;
  if (Error E = splitCall(Pattern, Name, Params))
    return std::move(E);
  R.Callee = Name.str();
  for (size_t I = 0; I < Params.size(); ++I) {
    StringRef P = Params[I];
    if (P == "...") {
      if (I + 1 != Params.size())
        return fail("'...' must be the last argument of '" + Pattern + "'");
      R.KeepsRest = true;
      break;
    }
    unsigned N = 0;
    size_t Len = readPlaceholder(P, N);
    if (!Len || N != I + 1)
      return fail("argument " + Twine(I + 1) + " of '" + Pattern +
                  "' must be $" + Twine(I + 1) +
                  ", optionally with a condition ($" + Twine(I + 1) +
                  ":null, :fn, :T**, :symbol, :&zeroed, :=NAME or "
                  ":of=TYPE)");
    StringRef Cond = P.substr(Len);
    R.ParamNames.emplace_back();
    if (Cond.consume_front(":=") || Cond.consume_front(":of=")) {
      bool Enumerator = P.substr(Len).starts_with(":=");
      if (Cond.empty() || !llvm::all_of(Cond, [](char C) {
            return llvm::isAlnum(C) || C == '_';
          }))
        return fail("condition '" + P.substr(Len + 1) + "' in '" + Pattern +
                    "' must name an identifier");
      R.Params.push_back(Enumerator ? ArgCondition::Enumerator
                                    : ArgCondition::OfEnumType);
      R.ParamNames.back() = Cond.str();
      continue;
    }
    if (Cond.empty())
      R.Params.push_back(ArgCondition::Any);
    else if (Cond == ":null")
      R.Params.push_back(ArgCondition::Null);
    else if (Cond == ":fn")
      R.Params.push_back(ArgCondition::Function);
    else if (Cond == ":T**")
      R.Params.push_back(ArgCondition::TypedPointerPointer);
    else if (Cond == ":symbol")
      R.Params.push_back(ArgCondition::Symbol);
    else if (Cond == ":&zeroed")
      R.Params.push_back(ArgCondition::ZeroedLocal);
    else
      return fail("unknown condition '" + Cond.drop_front() + "' in '" +
                  Pattern +
                  "' (known: null, fn, T**, symbol, &zeroed, =NAME, of=TYPE)");
  }
  if (Replacement.trim().empty())
    return R; // no safe rewrite: the call is reported, not changed

  if (!looksLikeCall(Replacement)) {
    if (Error E = parseExpression(Replacement.trim(), R))
      return std::move(E);
    return R;
  }
  SmallVector<StringRef, 8> Outs;
  if (Error E = splitCall(Replacement, Name, Outs))
    return std::move(E);
  R.HipCallee = Name.str();
  unsigned LastSource = 0;
  for (size_t I = 0; I < Outs.size(); ++I) {
    StringRef O = Outs[I];
    if (O == "...") {
      if (I + 1 != Outs.size() || !R.KeepsRest)
        return fail("'...' in '" + Replacement +
                    "' must be last, and only where the pattern ends in '...'");
      break;
    }
    if (I + 1 == Outs.size() && R.KeepsRest)
      return fail("'" + Replacement +
                  "' must end in '...' as its pattern does");
    CallOutputArg A;
    size_t Dollar = O.find('$');
    if (Dollar == StringRef::npos) {
      A.Prefix = O.str();
    } else {
      unsigned N = 0;
      size_t Len = readPlaceholder(O.substr(Dollar), N);
      if (!Len)
        return fail("bad placeholder in '" + O + "'");
      if (N > R.Params.size())
        return fail("'" + Replacement + "' uses $" + Twine(N) + " but '" +
                    Pattern + "' has " + Twine(R.Params.size()) + " arguments");
      if (N <= LastSource)
        return fail("'" + Replacement +
                    "' must keep the original arguments in their order, each "
                    "once ($" +
                    Twine(N) + " after $" + Twine(LastSource) + ")");
      StringRef Suffix = O.substr(Dollar + Len);
      if (Suffix.contains('$'))
        return fail("'" + O + "' uses more than one original argument");
      LastSource = N;
      A.Prefix = O.take_front(Dollar).str();
      A.Source = N;
      A.Suffix = Suffix.str();
    }
    R.Args.push_back(std::move(A));
  }
  return R;
}

} // namespace hipwright
