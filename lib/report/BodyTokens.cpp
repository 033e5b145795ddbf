//===- BodyTokens.cpp - a function body's tokens and statements -----------===//
#include "report/BodyTokens.h"

#include "frontend/RawLexer.h"

using namespace llvm;
namespace tk = clang::tok;

namespace hipwright::shapes {

bool isAssign(tk::TokenKind K) {
  switch (K) {
  case tk::equal:
  case tk::plusequal:
  case tk::minusequal:
  case tk::starequal:
  case tk::slashequal:
  case tk::percentequal:
  case tk::ampequal:
  case tk::pipeequal:
  case tk::caretequal:
  case tk::lesslessequal:
  case tk::greatergreaterequal:
    return true;
  default:
    return false;
  }
}

bool isControl(const Tok &T) {
  return T.id("if") || T.id("for") || T.id("while") || T.id("switch");
}

std::vector<Tok> lexTokens(StringRef Text, const LineIndex &Lines, size_t Begin,
                           size_t End) {
  size_t LineStart = Text.rfind('\n', Begin);
  LineStart = LineStart == StringRef::npos ? 0 : LineStart + 1;
  RawLexOptions O;
  O.Begin = LineStart;
  O.End = End;
  std::vector<Tok> Out;
  for (const RawToken &R : lexRawTokens(Text, rawScanLangOptions(), O)) {
    if (R.Offset < Begin || R.Directive >= 0)
      continue;
    Out.push_back({R.Kind, R.Text, Lines.lineAndColumn(R.Offset).first});
  }
  return Out;
}

BodyTokens::BodyTokens(StringRef Text, const LineIndex &Lines, size_t Begin,
                       size_t End) {
  T = lexTokens(Text, Lines, Begin, End);
  Match.assign(T.size(), SIZE_MAX);
  std::vector<size_t> Open;
  for (size_t I = 0; I < T.size(); ++I) {
    if (T[I].is(tk::l_paren) || T[I].is(tk::l_square) || T[I].is(tk::l_brace))
      Open.push_back(I);
    else if ((T[I].is(tk::r_paren) || T[I].is(tk::r_square) ||
              T[I].is(tk::r_brace)) &&
             !Open.empty()) {
      Match[Open.back()] = I;
      Match[I] = Open.back();
      Open.pop_back();
    }
  }
  segments();
  loops();
  guards();
}

size_t BodyTokens::stmtEnd(size_t I) const {
  if (I >= T.size())
    return T.size();
  if (T[I].is(tk::l_brace))
    return Match[I] == SIZE_MAX ? T.size() : Match[I] + 1;
  if (isControl(T[I]) && I + 1 < T.size() && T[I + 1].is(tk::l_paren) &&
      Match[I + 1] != SIZE_MAX) {
    size_t E = stmtEnd(Match[I + 1] + 1);
    if (T[I].id("if") && E < T.size() && T[E].id("else"))
      E = stmtEnd(E + 1);
    return E;
  }
  if (T[I].id("do")) {
    size_t E = stmtEnd(I + 1); // then `while (...) ;`
    if (E + 1 < T.size() && T[E].id("while") && Match[E + 1] != SIZE_MAX)
      return Match[E + 1] + 2;
    return E;
  }
  for (size_t J = I; J < T.size(); ++J) {
    if (T[J].is(tk::semi))
      return J + 1;
    if (T[J].is(tk::r_brace))
      return J;
    if ((T[J].is(tk::l_paren) || T[J].is(tk::l_square) ||
         T[J].is(tk::l_brace)) &&
        Match[J] != SIZE_MAX)
      J = Match[J];
  }
  return T.size();
}

void BodyTokens::segments() {
  std::set<size_t> HeaderClose;
  for (size_t I = 0; I + 1 < T.size(); ++I)
    if (isControl(T[I]) && T[I + 1].is(tk::l_paren) && Match[I + 1] != SIZE_MAX)
      HeaderClose.insert(Match[I + 1]);
  Segment Cur;
  Cur.R.B = 0;
  int Nest = 0;
  auto Flush = [&](size_t End, size_t Next) {
    Cur.R.E = End;
    if (Cur.R.E > Cur.R.B)
      Segs.push_back(Cur);
    Cur = Segment();
    Cur.R.B = Next;
    Nest = 0;
  };
  for (size_t I = 0; I < T.size(); ++I) {
    const Tok &X = T[I];
    if (X.is(tk::semi) || X.is(tk::l_brace) || X.is(tk::r_brace) ||
        HeaderClose.count(I) || X.id("else") || X.id("do")) {
      Flush(I, I + 1);
      continue;
    }
    if (isControl(X) && I + 1 < T.size() && T[I + 1].is(tk::l_paren)) {
      Flush(I, I + 2);
      ++I;
      continue;
    }
    if (X.is(tk::l_paren) || X.is(tk::l_square))
      ++Nest;
    else if ((X.is(tk::r_paren) || X.is(tk::r_square)) && Nest > 0)
      --Nest;
    else if (Nest == 0 && isAssign(X.K) && Cur.Assign == SIZE_MAX)
      Cur.Assign = I;
  }
  Flush(T.size(), T.size());
}

int BodyTokens::strideUpdate(size_t I) const {
  if (I + 2 >= T.size() || !T[I].id())
    return 0;
  if (I > 0 && (T[I - 1].is(tk::period) || T[I - 1].is(tk::arrow)))
    return 0;
  auto Lit = [&](size_t J, StringRef V) {
    return J < T.size() && T[J].is(tk::numeric_constant) &&
           StringRef(T[J].S).rtrim("uUlL") == V;
  };
  tk::TokenKind Op = T[I + 1].K;
  if ((Op == tk::greatergreaterequal && Lit(I + 2, "1")) ||
      (Op == tk::slashequal && Lit(I + 2, "2")))
    return -1;
  if ((Op == tk::lesslessequal && Lit(I + 2, "1")) ||
      (Op == tk::starequal && Lit(I + 2, "2")))
    return 1;
  if (Op == tk::equal && I + 4 < T.size()) {
    if (T[I + 2].id(T[I].S)) {
      tk::TokenKind B = T[I + 3].K;
      if ((B == tk::greatergreater && Lit(I + 4, "1")) ||
          (B == tk::slash && Lit(I + 4, "2")))
        return -1;
      if ((B == tk::lessless && Lit(I + 4, "1")) ||
          (B == tk::star && Lit(I + 4, "2")))
        return 1;
    }
    if (Lit(I + 2, "2") && T[I + 3].is(tk::star) && T[I + 4].id(T[I].S))
      return 1;
  }
  return 0;
}

void BodyTokens::loops() {
  for (size_t I = 0; I + 1 < T.size(); ++I) {
    if (!(T[I].id("for") || T[I].id("while")) || !T[I + 1].is(tk::l_paren) ||
        Match[I + 1] == SIZE_MAX)
      continue;
    // The `while` of a do-while: its body came before.
    if (T[I].id("while") && I > 0 && T[I - 1].is(tk::r_brace) &&
        Match[I - 1] != SIZE_MAX && Match[I - 1] > 0 &&
        T[Match[I - 1] - 1].id("do"))
      continue;
    Loop L;
    L.Keyword = I;
    L.Header = {I + 2, Match[I + 1]};
    L.Body = {Match[I + 1] + 1, stmtEnd(Match[I + 1] + 1)};
    for (Range R : {L.Header, L.Body})
      for (size_t J = R.B; J < R.E; ++J)
        if (int D = strideUpdate(J))
          (D < 0 ? L.Halving : L.Doubling).insert(T[J].S.str());
    Loops.push_back(std::move(L));
  }
}

void BodyTokens::guards() {
  for (size_t I = 0; I + 1 < T.size(); ++I) {
    if (!T[I].id("if") || !T[I + 1].is(tk::l_paren) || Match[I + 1] == SIZE_MAX)
      continue;
    size_t Close = Match[I + 1];
    bool Zero = false;
    for (size_t J = I + 2; J < Close; ++J) {
      bool EqZero = T[J].is(tk::equalequal) && J + 1 < Close &&
                    T[J + 1].is(tk::numeric_constant) &&
                    StringRef(T[J + 1].S).rtrim("uUlL") == "0";
      bool ZeroEq = T[J].is(tk::numeric_constant) && T[J].S == "0" &&
                    J + 1 < Close && T[J + 1].is(tk::equalequal);
      bool Not = T[J].is(tk::exclaim) && J + 2 == Close && T[J + 1].id();
      Zero |= EqZero || ZeroEq || Not;
    }
    if (Zero)
      ZeroGuarded.push_back({Close + 1, stmtEnd(Close + 1)});
    // `if (col != 0) return;`: what follows runs in one thread.
    bool NonZero = false;
    for (size_t J = I + 2; J + 1 < Close; ++J)
      NonZero |= T[J].is(tk::exclaimequal) &&
                 T[J + 1].is(tk::numeric_constant) &&
                 StringRef(T[J + 1].S).rtrim("uUlL") == "0";
    size_t Ret = Close + 1;
    bool Braced = Ret < T.size() && T[Ret].is(tk::l_brace);
    Ret += Braced;
    if (NonZero && Ret + 1 < T.size() && T[Ret].id("return") &&
        T[Ret + 1].is(tk::semi) &&
        (!Braced || (Ret + 2 < T.size() && T[Ret + 2].is(tk::r_brace))))
      ZeroGuarded.push_back({Ret + 2 + Braced, T.size()});
  }
}

bool BodyTokens::zeroGuarded(size_t I) const {
  for (Range R : ZeroGuarded)
    if (R.contains(I))
      return true;
  return false;
}

bool BodyTokens::mentions(Range R,
                          const std::set<std::string, std::less<>> &Names,
                          size_t SkipB, size_t SkipE) const {
  for (size_t I = R.B; I < R.E; ++I) {
    if (I >= SkipB && I < SkipE)
      continue;
    if (T[I].id() && Names.count(T[I].S) &&
        !(I > 0 && (T[I - 1].is(tk::period) || T[I - 1].is(tk::arrow))))
      return true;
  }
  return false;
}

std::vector<std::pair<size_t, size_t>> BodyTokens::accesses(Range R) const {
  std::vector<std::pair<size_t, size_t>> Out;
  for (size_t I = R.B; I + 1 < R.E; ++I)
    if (T[I].id() && T[I + 1].is(tk::l_square) && Match[I + 1] != SIZE_MAX &&
        !(I > 0 && (T[I - 1].is(tk::period) || T[I - 1].is(tk::arrow))))
      Out.push_back({I, I + 1});
  return Out;
}

std::string BodyTokens::indexText(size_t Open) const {
  std::string S;
  for (size_t J = Open + 1; J < Match[Open]; ++J)
    S += T[J].S.str();
  return S;
}

std::pair<size_t, size_t> BodyTokens::target(const Segment &S) const {
  if (S.Assign == SIZE_MAX || S.Assign == S.R.B)
    return {SIZE_MAX, SIZE_MAX};
  size_t Last = S.Assign - 1;
  // A member of an element or through a pointer (`y[ib].ds = d`,
  // `p->n = 0`) is a store into the element or the pointee.
  while (Last >= S.R.B + 2 && T[Last].id() &&
         (T[Last - 1].is(tk::period) || T[Last - 1].is(tk::arrow)) &&
         (T[Last - 2].is(tk::r_square) || T[Last - 2].id()))
    Last -= 2;
  if (T[Last].is(tk::r_square) && Match[Last] != SIZE_MAX) {
    size_t Open = Match[Last];
    while (Open > S.R.B && T[Open - 1].is(tk::r_square) &&
           Match[Open - 1] != SIZE_MAX)
      Open = Match[Open - 1];
    if (!(Open > S.R.B && T[Open - 1].id()))
      return {SIZE_MAX, SIZE_MAX};
    size_t Name = Open - 1;
    // `y[ib].qs[i] = q`: the store goes into `y`'s element.
    while (Name >= S.R.B + 2 &&
           (T[Name - 1].is(tk::period) || T[Name - 1].is(tk::arrow))) {
      size_t B = Name - 2;
      if (T[B].id()) // p->qs[i]: through p (storeTarget reads the ->)
        return {B, SIZE_MAX};
      if (!T[B].is(tk::r_square) || Match[B] == SIZE_MAX)
        break;
      size_t O = Match[B];
      while (O > S.R.B && T[O - 1].is(tk::r_square) && Match[O - 1] != SIZE_MAX)
        O = Match[O - 1];
      if (!(O > S.R.B && T[O - 1].id()))
        break;
      Name = O - 1;
      Open = O;
    }
    return {Name, Open};
  }
  if (T[Last].id()) {
    if (Last > S.R.B && T[Last - 1].is(tk::star) &&
        (Last - 1 == S.R.B || !T[Last - 2].id()))
      return {Last, SIZE_MAX}; // *p = ...
    return {Last, SIZE_MAX};
  }
  return {SIZE_MAX, SIZE_MAX};
}

Range BodyTokens::rhs(const Segment &S) const { return {S.Assign + 1, S.R.E}; }

bool BodyTokens::hasBarrier(Range R) const {
  for (size_t I = R.B; I < R.E; ++I) {
    const Tok &X = T[I];
    if (X.id("__syncthreads") || X.id("__syncwarp") ||
        X.id("__syncthreads_count") || X.id("__syncthreads_and") ||
        X.id("__syncthreads_or"))
      return true;
    if (X.id("sync") && I > 0 &&
        (T[I - 1].is(tk::period) || T[I - 1].is(tk::coloncolon)))
      return true;
  }
  return false;
}

bool BodyTokens::inAnyLoop(size_t I) const {
  for (const Loop &L : Loops)
    if (L.Body.contains(I))
      return true;
  return false;
}

std::vector<Range> BodyTokens::args(size_t Open) const {
  std::vector<Range> Out;
  size_t Close = Match[Open];
  if (Close == SIZE_MAX)
    return Out;
  size_t B = Open + 1;
  for (size_t J = Open + 1; J < Close; ++J) {
    if ((T[J].is(tk::l_paren) || T[J].is(tk::l_square) ||
         T[J].is(tk::l_brace)) &&
        Match[J] != SIZE_MAX) {
      J = Match[J];
      continue;
    }
    if (T[J].is(tk::comma)) {
      Out.push_back({B, J});
      B = J + 1;
    }
  }
  if (Close > B)
    Out.push_back({B, Close});
  return Out;
}

size_t BodyTokens::callOpen(size_t I) const {
  if (!T[I].id() || I + 1 >= T.size())
    return SIZE_MAX;
  size_t Open = I + 1;
  if (T[Open].is(tk::less)) {
    size_t J = Open + 1;
    int D = 1;
    for (; J < T.size() && J < Open + 12 && D > 0; ++J) {
      if (T[J].is(tk::less))
        ++D;
      else if (T[J].is(tk::greater))
        --D;
      else if (T[J].is(tk::semi) || T[J].is(tk::l_brace))
        break;
    }
    if (D != 0)
      return SIZE_MAX;
    Open = J;
  }
  if (Open >= T.size() || !T[Open].is(tk::l_paren) || Match[Open] == SIZE_MAX)
    return SIZE_MAX;
  return Open;
}

const BodyTokens::Segment *BodyTokens::segmentOf(size_t I) const {
  for (const Segment &S : Segs)
    if (S.R.contains(I))
      return &S;
  return nullptr;
}

} // namespace hipwright::shapes
