//===- PtxFixes.cpp - exact HIP rewrites of single-idiom asm --------------===//
//
// Each rewrite below is exact for every input; where HIP's function is not
// (HIP's __byte_perm drops prmt's sign-replicate mode; AMD's bfe reads only
// 5 bits of pos and len) the rewrite is a small immediately-invoked lambda
// that spells out the PTX ISA semantics instead.
//
//===----------------------------------------------------------------------===//
#include "inline-ptx/PtxFixes.h"
#include "inline-ptx/PtxLop3.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>

namespace hipwright::ptx {
namespace {

/// A value operand of the instruction: the C++ expression of a placeholder
/// or a PTX immediate.
struct Value {
  std::string Text;
  bool Simple = false;
  std::string Type;
  std::string Pointee;
  std::optional<long long> Constant;

  /// The text, parenthesized unless it is a single name or literal.
  std::string wrapped() const { return Simple ? Text : "(" + Text + ")"; }
};

std::optional<long long> literalValue(llvm::StringRef S) {
  S = S.trim();
  S = S.rtrim("uUlL");
  if (S.empty() || !std::isdigit(static_cast<unsigned char>(S[0])))
    return std::nullopt;
  unsigned long long V;
  if (S.getAsInteger(0, V))
    return std::nullopt;
  return static_cast<long long>(V);
}

class Rewriter {
public:
  Rewriter(const AsmStatement &A, const FixOptions &O)
      : A(A), I(A.Ptx.Instructions.front()), O(O) {}

  std::optional<std::string> run();

private:
  const AsmStatement &A;
  const Instruction &I;
  const FixOptions &O;

  bool arity(size_t N) const { return I.Operands.size() == N; }
  std::optional<std::string> output(size_t K) const;
  std::optional<Value> input(size_t K) const;
  std::optional<std::string> assign(size_t K, std::string E) const {
    auto Out = output(K);
    if (!Out)
      return std::nullopt;
    return *Out + " = " + E;
  }
  /// Only modifiers from \p Allowed (and the instruction's type) appear.
  bool onlyModifiers(std::initializer_list<llvm::StringRef> Allowed) const;

  std::optional<std::string> mov();
  std::optional<std::string> unary(llvm::StringRef Fn32, llvm::StringRef Fn64);
  std::optional<std::string> bfind();
  std::optional<std::string> prmt();
  std::optional<std::string> bfe();
  std::optional<std::string> bfi();
  std::optional<std::string> lop3();
  std::optional<std::string> shf();
  std::optional<std::string> dp4a();
  std::optional<std::string> barrier();
  std::optional<std::string> fence();
  std::optional<std::string> ldg();
  std::optional<std::string> atomic();
};

std::optional<std::string> Rewriter::output(size_t K) const {
  if (K >= I.Operands.size() || !I.Operands[K].isPlaceholder())
    return std::nullopt;
  int N = I.Operands[K].Index;
  if (N < 0 || static_cast<unsigned>(N) >= A.Outputs.size() ||
      A.Outputs[N].Constraint.empty() || A.Outputs[N].Constraint[0] != '=')
    return std::nullopt;
  return A.Outputs[N].Expr;
}

std::optional<Value> Rewriter::input(size_t K) const {
  if (K >= I.Operands.size())
    return std::nullopt;
  const Operand &Op = I.Operands[K];
  Value V;
  if (Op.K == Operand::Kind::Immediate) {
    long long C;
    if (!Op.integerValue(C))
      return std::nullopt;
    V.Text = Op.Text;
    V.Simple = true;
    V.Constant = C;
    return V;
  }
  if (!Op.isPlaceholder() || Op.Index < static_cast<int>(A.Outputs.size()))
    return std::nullopt;
  const AsmOperand *In = A.operand(Op.Index);
  if (!In || In->Expr.empty())
    return std::nullopt;
  V.Text = In->Expr;
  V.Simple = In->Simple;
  V.Type = In->Type;
  V.Pointee = In->PointeeType;
  V.Constant = literalValue(In->Expr);
  if (V.Constant)
    V.Simple = true;
  return V;
}

bool Rewriter::onlyModifiers(
    std::initializer_list<llvm::StringRef> Allowed) const {
  llvm::StringRef Ty = I.type();
  for (const std::string &M : I.Modifiers)
    if (M != Ty && !llvm::is_contained(Allowed, llvm::StringRef(M)))
      return false;
  return true;
}

std::optional<std::string> Rewriter::mov() {
  if (!arity(2) || I.Operands[1].K != Operand::Kind::Special)
    return std::nullopt;
  llvm::StringRef Reg = llvm::StringRef(I.Operands[1].Text).drop_front();
  auto [Base, Dim] = Reg.split('.');
  std::string E = llvm::StringSwitch<std::string>(Base)
                      .Case("tid", "threadIdx")
                      .Case("ntid", "blockDim")
                      .Case("ctaid", "blockIdx")
                      .Case("nctaid", "gridDim")
                      .Default("");
  if (!E.empty() && (Dim == "x" || Dim == "y" || Dim == "z"))
    return assign(0, E + "." + Dim.str());
  if (!Dim.empty())
    return std::nullopt;
  // %clock is the low 32 bits of a free-running counter: clock()'s 64-bit
  // value assigned to the 32-bit output keeps exactly those bits.
  E = llvm::StringSwitch<std::string>(Reg)
          .Case("laneid", "__lane_id()")
          .Case("clock", "clock()")
          .Case("clock64", "clock64()")
          .Default("");
  if (E.empty())
    return std::nullopt;
  return assign(0, E);
}

std::optional<std::string> Rewriter::unary(llvm::StringRef Fn32,
                                           llvm::StringRef Fn64) {
  auto X = input(1);
  llvm::StringRef Ty = I.type();
  if (!arity(2) || !X || !onlyModifiers({}) || Ty.size() < 2)
    return std::nullopt;
  bool W64 = Ty.ends_with("64");
  if (!W64 && !Ty.ends_with("32"))
    return std::nullopt;
  return assign(0, (W64 ? Fn64 : Fn32).str() + "(" + X->Text + ")");
}

std::optional<std::string> Rewriter::bfind() {
  // bfind.u32 of 0 is 0xffffffff: 31 - __clz(0) = 31 - 32 = -1 has the
  // same bits. The signed and .shiftamt forms differ and are left alone.
  auto X = input(1);
  if (!arity(2) || !X || !onlyModifiers({}))
    return std::nullopt;
  if (I.type() == "u32")
    return assign(0, "31 - __clz(" + X->Text + ")");
  if (I.type() == "u64")
    return assign(0, "63 - __clzll(" + X->Text + ")");
  return std::nullopt;
}

std::optional<std::string> Rewriter::prmt() {
  auto Av = input(1), Bv = input(2), Sv = input(3);
  if (!arity(4) || !Av || !Bv || !Sv || !onlyModifiers({}))
    return std::nullopt; // the f4e/b4e/rc8/ecl/ecr/rc16 modes stay manual
  std::string Args = Av->Text + ", " + Bv->Text + ", " + Sv->Text;
  // HIP's __byte_perm ignores bit 3 of each selector nibble; PTX's default
  // mode uses it to replicate the selected byte's sign.
  if (Sv->Constant && (*Sv->Constant & 0x8888) == 0)
    return assign(0, "__byte_perm(" + Args + ")");
  return assign(
      0, "[](unsigned a, unsigned b, unsigned s) { unsigned long long x = "
         "(unsigned long long)b << 32 | a; unsigned d = 0; for (int k = 0; "
         "k < 4; ++k) { unsigned n = s >> 4 * k & 15, y = x >> 8 * (n & 7) "
         "& 255; d |= (n & 8 ? (y & 128 ? 255u : 0u) : y) << 8 * k; } "
         "return d; }(" +
             Args + ")");
}

std::optional<std::string> Rewriter::bfe() {
  auto X = input(1), P = input(2), L = input(3);
  llvm::StringRef Ty = I.type();
  if (!arity(4) || !X || !P || !L || !onlyModifiers({}))
    return std::nullopt;
  bool Signed = Ty.starts_with("s");
  bool W64 = Ty.ends_with("64");
  if (!W64 && !Ty.ends_with("32"))
    return std::nullopt;
  unsigned W = W64 ? 64 : 32;
  // Constant fields inside the word: a shift and a mask say it all.
  if (!Signed && P->Constant && L->Constant) {
    long long Pos = *P->Constant & 0xff, Len = *L->Constant & 0xff;
    if (Pos < W && Len > 0) {
      std::string E = X->wrapped() + " >> " + std::to_string(Pos);
      if (Pos + Len < W) {
        unsigned long long Mask = (1ull << Len) - 1;
        E = "(" + E + ") & 0x" + llvm::utohexstr(Mask, /*LowerCase=*/true) +
            (W64 ? "ull" : "u");
      }
      return assign(0, E);
    }
  }
  std::string U = W64 ? "unsigned long long" : "unsigned";
  std::string T = Signed ? (W64 ? "long long" : "int") : U;
  std::string Ws = std::to_string(W);
  std::string Body =
      Signed
          ? "if (l == 0) return " + T + "(0); if (p >= " + Ws + ") return " +
                T + "(a >> " + std::to_string(W - 1) + "); unsigned w = l < " +
                Ws + " - p ? l : " + Ws + " - p; return " + T + "(" + U +
                "(a) << (" + Ws + " - p - w)) >> (" + Ws + " - w);"
          : "return p >= " + Ws + " || l == 0 ? " + T + "(0) : " + T +
                "(a >> p) & (l >= " + Ws + " ? ~" + T + "(0) : (" + T +
                "(1) << l) - 1);";
  return assign(0, "[](" + T +
                       " a, unsigned p, unsigned l) { p &= 255; "
                       "l &= 255; " +
                       Body + " }(" + X->Text + ", " + P->Text + ", " +
                       L->Text + ")");
}

std::optional<std::string> Rewriter::bfi() {
  auto F = input(1), B = input(2), P = input(3), L = input(4);
  llvm::StringRef Ty = I.type();
  if (!arity(5) || !F || !B || !P || !L || !onlyModifiers({}) ||
      (Ty != "b32" && Ty != "b64"))
    return std::nullopt;
  std::string U = Ty == "b64" ? "unsigned long long" : "unsigned";
  std::string Ws = Ty == "b64" ? "64" : "32";
  return assign(0, "[](" + U + " f, " + U +
                       " b, unsigned p, unsigned l) { "
                       "p &= 255; l &= 255; if (p >= " +
                       Ws +
                       " || l == 0) "
                       "return b; " +
                       U + " m = (l >= " + Ws + " ? ~" + U + "(0) : (" + U +
                       "(1) << l) - 1) << p; return (b & ~m) "
                       "| (f << p & m); }(" +
                       F->Text + ", " + B->Text + ", " + P->Text + ", " +
                       L->Text + ")");
}

std::optional<std::string> Rewriter::lop3() {
  auto Av = input(1), Bv = input(2), Cv = input(3), Lut = input(4);
  if (!arity(5) || !Av || !Bv || !Cv || !Lut || !Lut->Constant ||
      I.type() != "b32" || !onlyModifiers({}))
    return std::nullopt;
  for (const Value *V : {&*Av, &*Bv, &*Cv})
    if (!V->Type.empty() && V->Type != "int" && V->Type != "unsigned int")
      return std::nullopt;
  std::string Table = lop3Expression(*Lut->Constant);
  bool Reuse = std::count(Table.begin(), Table.end(), 'A') > 1 ||
               std::count(Table.begin(), Table.end(), 'B') > 1 ||
               std::count(Table.begin(), Table.end(), 'C') > 1;
  bool AllSimple = Av->Simple && Bv->Simple && Cv->Simple;
  std::string E;
  for (char Ch : Table) {
    const Value *V = Ch == 'A'   ? &*Av
                     : Ch == 'B' ? &*Bv
                     : Ch == 'C' ? &*Cv
                                 : nullptr;
    if (!V)
      E += Ch;
    else if (Reuse && !AllSimple)
      E += static_cast<char>(std::tolower(Ch));
    else
      E += V->wrapped();
  }
  if (Reuse && !AllSimple) // evaluate each operand once
    E = "[](unsigned a, unsigned b, unsigned c) { return " + E + "; }(" +
        Av->Text + ", " + Bv->Text + ", " + Cv->Text + ")";
  return assign(0, E);
}

std::optional<std::string> Rewriter::shf() {
  auto Lo = input(1), Hi = input(2), N = input(3);
  bool Left = I.hasModifier("l");
  bool Clamp = I.hasModifier("clamp");
  if (!arity(4) || !Lo || !Hi || !N || I.type() != "b32" ||
      !onlyModifiers({"l", "r", "wrap", "clamp"}) ||
      (!Clamp && !I.hasModifier("wrap")))
    return std::nullopt;
  return assign(0, std::string("__funnelshift_") + (Left ? "l" : "r") +
                       (Clamp ? "c" : "") + "(" + Lo->Text + ", " + Hi->Text +
                       ", " + N->Text + ")");
}

std::optional<std::string> Rewriter::dp4a() {
  auto Av = input(1), Bv = input(2), Cv = input(3);
  if (!O.HasDot4 || !arity(4) || !Av || !Bv || !Cv || I.Modifiers.size() != 2 ||
      I.Modifiers[0] != I.Modifiers[1])
    return std::nullopt;
  const char *Fn = I.Modifiers[0] == "s32"   ? "__builtin_amdgcn_sdot4"
                   : I.Modifiers[0] == "u32" ? "__builtin_amdgcn_udot4"
                                             : nullptr;
  if (!Fn)
    return std::nullopt;
  return assign(0, std::string(Fn) + "(" + Av->Text + ", " + Bv->Text + ", " +
                       Cv->Text + ", false)");
}

std::optional<std::string> Rewriter::barrier() {
  long long Id;
  bool Sync =
      I.hasModifier("sync") || (I.Opcode == "barrier" && I.Modifiers.empty());
  if (!Sync || !arity(1) || !I.Operands[0].integerValue(Id) || Id != 0 ||
      !onlyModifiers({"sync", "aligned"}))
    return std::nullopt;
  return "__syncthreads()";
}

std::optional<std::string> Rewriter::fence() {
  if (!arity(0))
    return std::nullopt;
  // HIP's fences are seq_cst: as strong as membar/fence.sc, and stronger
  // (so still correct) than fence.acq_rel.
  if (I.Opcode == "fence" &&
      !onlyModifiers({"sc", "acq_rel", "cta", "gpu", "sys"}))
    return std::nullopt;
  if (I.Opcode == "membar" && !onlyModifiers({"cta", "gl", "sys"}))
    return std::nullopt;
  if (I.hasModifier("cta"))
    return "__threadfence_block()";
  if (I.hasModifier("sys"))
    return "__threadfence_system()";
  if (I.hasModifier("gl") || I.hasModifier("gpu"))
    return "__threadfence()";
  return std::nullopt;
}

/// Whether a C++ pointee type holds exactly what PTX type \p Ty loads, so
/// the overload HIP picks reads the same bits.
bool pointeeMatches(llvm::StringRef Pointee, llvm::StringRef Ty) {
  if (Ty == "f32")
    return Pointee == "float";
  if (Ty == "f64")
    return Pointee == "double";
  bool Signed = Pointee == "int" || Pointee == "long long" ||
                (Pointee == "long" && Ty.ends_with("64"));
  bool Unsigned = Pointee == "unsigned int" ||
                  Pointee == "unsigned long long" ||
                  (Pointee == "unsigned long" && Ty.ends_with("64"));
  bool Size64 = Pointee.contains("long");
  if (Size64 != Ty.ends_with("64") || !(Ty.ends_with("32") || Size64))
    return false;
  if (Ty.starts_with("s"))
    return Signed;
  if (Ty.starts_with("u"))
    return Unsigned;
  return Ty.starts_with("b") && (Signed || Unsigned);
}

std::optional<std::string> Rewriter::ldg() {
  auto Ptr = input(1);
  const Operand &Addr = I.Operands.size() == 2 ? I.Operands[1] : Operand();
  if (!arity(2) || Addr.K != Operand::Kind::Address || !Addr.Offset.empty() ||
      Addr.Index < static_cast<int>(A.Outputs.size()))
    return std::nullopt;
  const AsmOperand *P = A.operand(Addr.Index);
  if (!P || !pointeeMatches(P->PointeeType, I.type()))
    return std::nullopt;
  for (const std::string &M : I.Modifiers)
    if (M != "global" && M != "nc" && M != I.type() &&
        !llvm::StringRef(M).starts_with("L1::") &&
        !llvm::StringRef(M).starts_with("L2::"))
      return std::nullopt;
  (void)Ptr;
  return assign(0, "__ldg(" + P->Expr + ")");
}

std::optional<std::string> Rewriter::atomic() {
  bool Red = I.Opcode == "red";
  size_t AddrAt = Red ? 0 : 1;
  if (I.Operands.size() <= AddrAt)
    return std::nullopt;
  const Operand &Addr = I.Operands[AddrAt];
  if (Addr.K != Operand::Kind::Address || !Addr.Offset.empty() ||
      Addr.Index < static_cast<int>(A.Outputs.size()))
    return std::nullopt;
  const AsmOperand *P = A.operand(Addr.Index);
  if (!P || !pointeeMatches(P->PointeeType, I.type()))
    return std::nullopt;
  std::string Op;
  for (const char *O :
       {"add", "min", "max", "and", "or", "xor", "inc", "dec", "exch", "cas"})
    if (I.hasModifier(O))
      Op = O;
  if (Op.empty() || !onlyModifiers({"global", "shared", "gpu", "cta", "sys",
                                    "relaxed", llvm::StringRef(Op)}))
    return std::nullopt;
  if ((Op == "inc" || Op == "dec") && I.type() != "u32")
    return std::nullopt;
  std::string Fn =
      Op == "cas"
          ? "atomicCAS"
          : "atomic" + std::string(1, std::toupper(Op[0])) + Op.substr(1);
  // A device-scope atomic is also correct where PTX asked for .cta.
  if (I.hasModifier("sys"))
    Fn += "_system";
  std::string Args = P->Expr;
  size_t NArgs = Op == "cas" ? 2 : 1;
  if (!arity(AddrAt + 1 + NArgs))
    return std::nullopt;
  for (size_t K = AddrAt + 1; K < I.Operands.size(); ++K) {
    auto V = input(K);
    if (!V)
      return std::nullopt;
    Args += ", " + V->Text;
  }
  std::string Call = Fn + "(" + Args + ")";
  return Red ? std::optional<std::string>(Call) : assign(0, Call);
}

std::optional<std::string> Rewriter::run() {
  const std::string &Op = I.Opcode;
  if (Op == "mov")
    return mov();
  if (Op == "brev")
    return unary("__brev", "__brevll");
  if (Op == "popc")
    return unary("__popc", "__popcll");
  if (Op == "clz")
    return unary("__clz", "__clzll");
  if (Op == "bfind")
    return bfind();
  if (Op == "prmt")
    return prmt();
  if (Op == "bfe")
    return bfe();
  if (Op == "bfi")
    return bfi();
  if (Op == "lop3")
    return lop3();
  if (Op == "shf")
    return shf();
  if (Op == "dp4a")
    return dp4a();
  if (Op == "bar" || Op == "barrier")
    return barrier();
  if (Op == "membar" || Op == "fence")
    return fence();
  if (Op == "ld" && I.hasModifier("global") && I.hasModifier("nc"))
    return ldg();
  if (Op == "atom" || Op == "red")
    return atomic();
  if (Op == "trap" && arity(0) && I.Modifiers.empty())
    return "__builtin_trap()";
  return std::nullopt;
}

} // namespace

std::optional<std::string> exactRewrite(const AsmStatement &A,
                                        const FixOptions &Opts) {
  const Program &P = A.Ptx;
  if (P.Instructions.size() != 1 || !P.Registers.empty() || !P.Labels.empty() ||
      !P.Problems.empty() || !P.Instructions.front().Predicate.empty())
    return std::nullopt;
  // Every output must be written by the rewrite: one output at most, and
  // it must be the instruction's destination (checked by assign()).
  if (A.Outputs.size() > 1)
    return std::nullopt;
  std::optional<std::string> R = Rewriter(A, Opts).run();
  if (R && A.Outputs.size() == 1 && R->find(" = ") == std::string::npos)
    return std::nullopt;
  return R;
}

} // namespace hipwright::ptx
