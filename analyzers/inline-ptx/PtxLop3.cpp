//===- PtxLop3.cpp - lop3's lookup table as a C++ expression --------------===//
//
// lop3.b32 d, a, b, c, LUT computes, bit by bit, LUT[a<<2 | b<<1 | c]. Any
// such function is a sum of minterms, but people write `a ^ b ^ c` or
// `(a & b) | c`, so we search small expressions first (by leaf count) and
// fall back to minterms only when none matches. The search runs once.
//
//===----------------------------------------------------------------------===//
#include "inline-ptx/PtxLop3.h"

#include <array>
#include <vector>

namespace hipwright::ptx {
namespace {

struct Expr {
  unsigned Table;   ///< 8-bit truth table
  std::string Text; ///< without outer parentheses
  char TopOp = 0;   ///< the outermost binary operator, 0 for a literal

  /// The text as an operand of \p Op: &, | and ^ are associative, so a
  /// chain of one operator needs no parentheses.
  std::string operandOf(char Op) const {
    return TopOp && TopOp != Op ? "(" + Text + ")" : Text;
  }
};

constexpr unsigned TA = 0xF0, TB = 0xCC, TC = 0xAA;

void combine(const std::vector<Expr> &X, const std::vector<Expr> &Y,
             std::vector<Expr> &Out) {
  static const std::array<char, 3> Ops = {'&', '|', '^'};
  for (const Expr &L : X)
    for (const Expr &R : Y)
      for (char Op : Ops) {
        unsigned T = Op == '&'   ? (L.Table & R.Table)
                     : Op == '|' ? (L.Table | R.Table)
                                 : (L.Table ^ R.Table);
        Out.push_back(
            {T, L.operandOf(Op) + " " + Op + " " + R.operandOf(Op), Op});
      }
}

std::vector<Expr> negated(const std::vector<Expr> &X) {
  std::vector<Expr> Out;
  for (const Expr &E : X)
    Out.push_back(
        {~E.Table & 0xFFu, E.TopOp ? "~(" + E.Text + ")" : "~" + E.Text});
  return Out;
}

std::string minterms(unsigned Lut) {
  std::string S;
  for (unsigned M = 0; M < 8; ++M) {
    if (!(Lut >> M & 1))
      continue;
    std::string Term = std::string(M & 4 ? "A" : "~A") + " & " +
                       (M & 2 ? "B" : "~B") + " & " + (M & 1 ? "C" : "~C");
    S += (S.empty() ? "(" : " | (") + Term + ")";
  }
  return S;
}

std::array<std::string, 256> buildTable() {
  std::array<std::string, 256> Best;
  auto Offer = [&](const std::vector<Expr> &Es) {
    for (const Expr &E : Es)
      if (Best[E.Table].empty())
        Best[E.Table] = E.Text;
  };
  std::vector<Expr> Leaves = {{TA, "A"}, {TB, "B"}, {TC, "C"}};
  Offer({{0x00, "0"}, {0xFF, "~0"}});
  Offer(Leaves);
  std::vector<Expr> Lits = Leaves;
  for (const Expr &E : negated(Leaves))
    Lits.push_back(E);
  Offer(Lits);
  std::vector<Expr> Two;
  combine(Lits, Lits, Two);
  Offer(Two);
  std::vector<Expr> Three;
  combine(Two, Lits, Three);
  Offer(Three);
  Offer(negated(Two));
  std::vector<Expr> Four;
  combine(Two, Two, Four);
  combine(Three, Lits, Four);
  Offer(Four);
  Offer(negated(Three));
  for (unsigned L = 0; L < 256; ++L)
    if (Best[L].empty())
      Best[L] = minterms(L);
  return Best;
}

} // namespace

std::string lop3Expression(unsigned Lut) {
  static const std::array<std::string, 256> Table = buildTable();
  return Table[Lut & 0xFF];
}

} // namespace hipwright::ptx
