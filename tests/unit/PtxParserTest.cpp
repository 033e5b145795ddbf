#include "inline-ptx/PtxParser.h"
#include "inline-ptx/PtxFixes.h"
#include "inline-ptx/PtxIdioms.h"
#include "inline-ptx/PtxLop3.h"
#include "inline-ptx/PtxVerdict.h"

#include <catch2/catch.hpp>

using namespace hipwright;
using namespace hipwright::ptx;

namespace {

AsmStatement asmOf(const char *Template, std::vector<AsmOperand> Outs,
                   std::vector<AsmOperand> Ins) {
  AsmStatement A;
  A.Ptx = parse(Template);
  A.Outputs = std::move(Outs);
  A.Inputs = std::move(Ins);
  return A;
}

AsmOperand op(const char *C, const char *E, const char *Type = "",
              const char *Pointee = "") {
  AsmOperand O;
  O.Constraint = C;
  O.Expr = E;
  O.Type = Type;
  O.PointeeType = Pointee;
  O.Simple = true;
  return O;
}

/// Evaluates lop3Expression's text over bytes a=0xF0, b=0xCC, c=0xAA.
unsigned evalTable(const std::string &E, size_t &I);
unsigned evalUnary(const std::string &E, size_t &I) {
  while (E[I] == ' ')
    ++I;
  if (E[I] == '~') {
    ++I;
    return ~evalUnary(E, I) & 0xFF;
  }
  if (E[I] == '(') {
    ++I;
    unsigned V = evalTable(E, I);
    ++I; // ')'
    return V;
  }
  char C = E[I++];
  return C == 'A' ? 0xF0 : C == 'B' ? 0xCC : C == 'C' ? 0xAA : 0;
}
unsigned evalTable(const std::string &E, size_t &I) {
  unsigned V = evalUnary(E, I);
  while (I < E.size()) {
    while (I < E.size() && E[I] == ' ')
      ++I;
    if (I >= E.size() || E[I] == ')')
      break;
    char Op = E[I++];
    unsigned R = evalUnary(E, I);
    V = Op == '&' ? V & R : Op == '|' ? V | R : V ^ R;
  }
  return V;
}

} // namespace

TEST_CASE("PTX parser splits instructions, opcodes and modifiers", "[ptx]") {
  Program P = parse("shfl.sync.down.b32 %0, %1, %2, 0x1f, 0xffffffff;");
  REQUIRE(P.Instructions.size() == 1);
  const Instruction &I = P.Instructions[0];
  CHECK(I.Opcode == "shfl");
  CHECK(I.Modifiers == std::vector<std::string>{"sync", "down", "b32"});
  CHECK(I.type() == "b32");
  REQUIRE(I.Operands.size() == 5);
  CHECK(I.Operands[0].isPlaceholder());
  CHECK(I.Operands[2].Index == 2);
  long long V;
  REQUIRE(I.Operands[4].integerValue(V));
  CHECK(V == 0xffffffffLL);
}

TEST_CASE("PTX parser reads %% special registers and addresses", "[ptx]") {
  Program P = parse("mov.u32 %0, %%laneid;\n\tld.global.nc.v4.f32 "
                    "{%0,%1,%2,%3}, [%4+16];");
  REQUIRE(P.Instructions.size() == 2);
  CHECK(P.Instructions[0].Operands[1].K == Operand::Kind::Special);
  CHECK(P.Instructions[0].Operands[1].Text == "%laneid");
  const Instruction &Ld = P.Instructions[1];
  CHECK(Ld.fullOpcode() == "ld.global.nc.v4.f32");
  CHECK(Ld.type() == "f32");
  REQUIRE(Ld.Operands.size() == 2);
  CHECK(Ld.Operands[0].K == Operand::Kind::Vector);
  CHECK(Ld.Operands[0].Elements.size() == 4);
  CHECK(Ld.Operands[1].K == Operand::Kind::Address);
  CHECK(Ld.Operands[1].Index == 4);
  CHECK(Ld.Operands[1].Offset == "+16");
}

TEST_CASE("PTX parser handles blocks, .reg, predicates and labels", "[ptx]") {
  Program P = parse("{\n .reg .pred p, q;\n .reg .u32 t<2>;\n"
                    " setp.ne.b32 p, %1, 0; // comment\n"
                    " vote.sync.ballot.b32 %0, p, 0xffffffff;\n"
                    "L1: @!p bra L1;\n}");
  CHECK(P.Blocks == 1);
  REQUIRE(P.Registers.size() == 2);
  CHECK(P.Registers[0].Type == "pred");
  CHECK(P.Registers[0].Names == std::vector<std::string>{"p", "q"});
  CHECK(P.Registers[1].Names == std::vector<std::string>{"t<2>"});
  REQUIRE(P.Instructions.size() == 3);
  CHECK(P.Instructions[1].Operands[1].K == Operand::Kind::Register);
  CHECK(P.Labels == std::vector<std::string>{"L1"});
  CHECK(P.Instructions[2].Predicate == "p");
  CHECK(P.Instructions[2].PredicateNegated);
  CHECK(P.Problems.empty());
}

TEST_CASE("looksLikePtx tells PTX from x86 assembly", "[ptx]") {
  CHECK(looksLikePtx(parse("mov.u32 %0, %%laneid;")));
  CHECK(looksLikePtx(parse("bar.sync 0;")));
  CHECK_FALSE(looksLikePtx(parse("rdtsc")));
  CHECK_FALSE(looksLikePtx(parse("movl %1, %%eax; cpuid")));
  CHECK_FALSE(looksLikePtx(parse("lock; xaddl %0, %1")));
  CHECK_FALSE(looksLikePtx(parse("")));
}

TEST_CASE("classifier names idioms and their AMD equivalents", "[ptx]") {
  auto C = [](const char *T) { return classify(parse(T).Instructions[0]); };
  CHECK(C("mov.u32 %0, %%laneid;").Equivalent == "__lane_id()");
  CHECK(C("mov.u32 %0, %%lanemask_lt;").Equivalent == "__lanemask_lt()");
  CHECK(C("mov.u64 %0, %%globaltimer;").Equivalent == "wall_clock64()");
  CHECK(C("prmt.b32 %0, %1, %2, %3;").Rule == kRuleBitManipulation);
  CHECK(C("membar.cta;").Equivalent == "__threadfence_block()");
  CHECK(C("fence.sc.sys;").Equivalent == "__threadfence_system()");
  CHECK(C("popc.b64 %0, %1;").Equivalent == "__popcll(x)");
  CHECK(C("bar.sync 1, 64;").Level == Severity::Error);
  CHECK(C("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0}, {%1}, "
          "{%2}, {%3};")
            .By == Owner::TensorCore);
  CHECK(C("cp.async.bulk.tensor.2d.shared::cluster.global [%0], [%1];").By ==
        Owner::HopperOnly);
  CHECK(C("frobnicate.b32 %0;").Level == Severity::Error);
}

TEST_CASE("memory-order PTX maps to the scoped HIP atomic or fence", "[ptx]") {
  auto C = [](const char *T) { return classify(parse(T).Instructions[0]); };
  CHECK(C("ld.acquire.gpu.global.b32 %0, [%1];").Equivalent ==
        "__hip_atomic_load(p, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_AGENT)");
  CHECK(C("ld.relaxed.cta.b32 %0, [%1];").Equivalent ==
        "__hip_atomic_load(p, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP)");
  CHECK(
      C("st.release.sys.b64 [%0], %1;").Equivalent ==
      "__hip_atomic_store(p, v, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_SYSTEM)");
  // .cluster has no AMD counterpart: the next wider scope.
  CHECK(C("ld.acquire.cluster.b32 %0, [%1];").Equivalent ==
        "__hip_atomic_load(p, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_AGENT)");
  // Fences keep the portable fix (__threadfence*, seq_cst) and name the
  // exact AMD form: acq_rel stays acq_rel, membar/fence.sc are seq_cst.
  Idiom AcqRel = C("fence.acq_rel.gpu;");
  CHECK(AcqRel.Name == "fence.acq_rel.gpu");
  CHECK(AcqRel.Equivalent == "__threadfence()");
  CHECK(llvm::StringRef(AcqRel.Note)
            .contains("__builtin_amdgcn_fence(__ATOMIC_ACQ_REL, \"agent\")"));
  CHECK(llvm::StringRef(C("membar.gl;").Note)
            .contains("__builtin_amdgcn_fence(__ATOMIC_SEQ_CST, \"agent\")"));
  CHECK(
      llvm::StringRef(C("fence.sc.cta;").Note)
          .contains("__builtin_amdgcn_fence(__ATOMIC_SEQ_CST, \"workgroup\")"));
  CHECK(llvm::StringRef(C("membar.sys;").Note)
            .contains("__builtin_amdgcn_fence(__ATOMIC_SEQ_CST, \"\")"));
  // Atomics with acquire/release name the scoped HIP builtin; without a
  // scope PTX atomics are .gpu.
  CHECK(llvm::StringRef(C("atom.acquire.gpu.exch.b32 %0, [%1], 1;").Note)
            .contains("__hip_atomic_exchange(..., __ATOMIC_ACQUIRE, "
                      "__HIP_MEMORY_SCOPE_AGENT)"));
  CHECK(llvm::StringRef(C("atom.release.add.u32 %0, [%1], 1;").Note)
            .contains("__hip_atomic_fetch_add(..., __ATOMIC_RELEASE, "
                      "__HIP_MEMORY_SCOPE_AGENT)"));
  // ld.volatile: a volatile access is already relaxed system scope on AMD.
  CHECK(C("ld.volatile.global.b32 %0, [%1];").Equivalent ==
        "a volatile access (*(volatile T *)p)");
}

TEST_CASE("lop3 lookup tables decode to small expressions", "[ptx]") {
  CHECK(lop3Expression(0x96) == "A ^ B ^ C");
  CHECK(lop3Expression(0x80) == "A & B & C");
  CHECK(lop3Expression(0xF0) == "A");
  CHECK(lop3Expression(0x00) == "0");
  for (unsigned Lut = 0; Lut < 256; ++Lut) {
    std::string E = lop3Expression(Lut);
    if (E == "0" || E == "~0")
      continue;
    size_t I = 0;
    INFO("lut " << Lut << ": " << E);
    CHECK(evalTable(E, I) == Lut);
  }
}

TEST_CASE("exact rewrites for single-idiom statements", "[ptx]") {
  CHECK(exactRewrite(asmOf("mov.u32 %0, %%laneid;", {op("=r", "lane")}, {})) ==
        "lane = __lane_id()");
  CHECK(exactRewrite(asmOf("prmt.b32 %0, %1, %2, %3;", {op("=r", "d")},
                           {op("r", "a"), op("r", "b"), op("r", "0x3210")})) ==
        "d = __byte_perm(a, b, 0x3210)");
  // A variable selector may ask for sign replication, which HIP's
  // __byte_perm lacks: the rewrite spells prmt out instead.
  auto Var = exactRewrite(asmOf("prmt.b32 %0, %1, %2, %3;", {op("=r", "d")},
                                {op("r", "a"), op("r", "b"), op("r", "s")}));
  REQUIRE(Var);
  CHECK(Var->find("__byte_perm") == std::string::npos);
  CHECK(exactRewrite(asmOf("bar.sync 0;", {}, {})) == "__syncthreads()");
  CHECK(exactRewrite(asmOf("ld.global.nc.f32 %0, [%1];", {op("=f", "v")},
                           {op("l", "p", "const float *", "float")})) ==
        "v = __ldg(p)");
  // The pointee must match the PTX type, or __ldg would convert a value.
  CHECK_FALSE(exactRewrite(asmOf("ld.global.nc.f32 %0, [%1];", {op("=f", "v")},
                                 {op("l", "p", "const int *", "int")})));
  CHECK(exactRewrite(asmOf("bfe.u32 %0, %1, 8, 4;", {op("=r", "d")},
                           {op("r", "x")})) == "d = (x >> 8) & 0xfu");
  CHECK(exactRewrite(asmOf("lop3.b32 %0, %1, %2, %3, 0x96;", {op("=r", "d")},
                           {op("r", "a"), op("r", "b"), op("r", "c")})) ==
        "d = a ^ b ^ c");
  CHECK(exactRewrite(asmOf("red.global.add.u32 [%0], %1;", {},
                           {op("l", "p", "unsigned int *", "unsigned int"),
                            op("r", "v")})) == "atomicAdd(p, v)");
  // Predicated, multi-instruction and shuffle statements are left alone.
  CHECK_FALSE(exactRewrite(asmOf("@p bar.sync 0;", {}, {})));
  CHECK_FALSE(exactRewrite(asmOf("{ .reg .u32 t; mov.u32 t, %%laneid; "
                                 "mov.u32 %0, t; }",
                                 {op("=r", "x")}, {})));
}

TEST_CASE("dp4a rewrites only where every target has v_dot4", "[ptx]") {
  AsmStatement A = asmOf("dp4a.s32.s32 %0, %1, %2, %3;", {op("=r", "d")},
                         {op("r", "a"), op("r", "b"), op("r", "c")});
  CHECK(exactRewrite(A) == "d = __builtin_amdgcn_sdot4(a, b, c, false)");
  FixOptions Rdna;
  Rdna.HasDot4 = false;
  CHECK_FALSE(exactRewrite(A, Rdna));
}

TEST_CASE("verdicts: one idiom, several, owned elsewhere, empty", "[ptx]") {
  auto V = judge(asmOf("mov.u32 %0, %%laneid;", {op("=r", "l")}, {}), {});
  REQUIRE(V);
  CHECK(V->Rule == kRuleSpecialRegister);
  CHECK(V->Level == Severity::Warning);
  CHECK(V->Rewrite == "l = __lane_id()");
  V = judge(asmOf("{ .reg .pred p; setp.ne.b32 p, %1, 0; "
                  "vote.sync.ballot.b32 %0, p, 0xffffffff; }",
                  {op("=r", "b")}, {op("r", "x")}),
            {});
  REQUIRE(V);
  CHECK(V->Rule == kRuleWarpIntrinsic);
  CHECK_FALSE(V->Rewrite);
  V = judge(asmOf("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, "
                  "[%4];",
                  {}, {}),
            {});
  REQUIRE(V);
  CHECK(V->Level == Severity::Note);
  CHECK_FALSE(judge(asmOf("", {}, {}), {}));
}
