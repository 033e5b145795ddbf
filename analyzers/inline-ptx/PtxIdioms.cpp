//===- PtxIdioms.cpp - PTX instructions -> HIP/AMDGPU equivalents ---------===//
//
// The table of what each PTX idiom becomes on AMD. Facts used here: AMD
// wavefronts are 64 lanes on gfx9 CDNA (gfx942, gfx950), so lane masks are
// 64-bit; HIP's clang headers provide __lane_id, __lanemask_lt/gt/eq,
// clock64/wall_clock64, __byte_perm, __ldg, __funnelshift_*, __brev/__popc/
// __clz (and the ll forms), atomics and fences; the *_sync warp intrinsics
// arrive with HIP 6.2.
//
//===----------------------------------------------------------------------===//
#include "inline-ptx/PtxIdioms.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"

namespace hipwright::ptx {
namespace {

Idiom make(const char *Rule, std::string Name, std::string Equivalent,
           std::string Note, Severity Level = Severity::Warning) {
  Idiom I;
  I.Rule = Rule;
  I.Name = std::move(Name);
  I.Equivalent = std::move(Equivalent);
  I.Note = std::move(Note);
  I.Level = Level;
  return I;
}

Idiom none(const char *Rule, std::string Name, std::string Note) {
  return make(Rule, std::move(Name), "", std::move(Note), Severity::Error);
}

Idiom ownedBy(Owner O, std::string Name) {
  Idiom I;
  I.Rule = kRuleGeneric;
  I.Level = Severity::Note;
  I.Name = std::move(Name);
  I.By = O;
  return I;
}

bool is64(const Instruction &I) {
  return llvm::StringRef(I.type()).ends_with("64");
}

/// `%tid.x` -> `threadIdx.x`: the four index registers map one to one.
std::optional<Idiom> indexRegister(llvm::StringRef Reg) {
  auto [Base, Dim] = Reg.split('.');
  const char *Hip = llvm::StringSwitch<const char *>(Base)
                        .Case("tid", "threadIdx")
                        .Case("ntid", "blockDim")
                        .Case("ctaid", "blockIdx")
                        .Case("nctaid", "gridDim")
                        .Default(nullptr);
  if (!Hip || (Dim != "x" && Dim != "y" && Dim != "z"))
    return std::nullopt;
  return make(kRuleSpecialRegister, "%" + Reg.str(),
              std::string(Hip) + "." + Dim.str(),
              "the HIP built-in variable holds the same value");
}

Idiom lanemask(llvm::StringRef Kind) {
  std::string Eq = llvm::StringSwitch<std::string>(Kind)
                       .Case("eq", "__lanemask_eq()")
                       .Case("lt", "__lanemask_lt()")
                       .Case("gt", "__lanemask_gt()")
                       .Case("le", "(__lanemask_lt() | __lanemask_eq())")
                       .Default("~__lanemask_lt()");
  return make(kRuleSpecialRegister, "%lanemask_" + Kind.str(), Eq,
              "the HIP form returns a 64-bit mask (uint64_t) on a 64-wide "
              "wavefront; keep it in 64 bits, a 32-bit copy drops lanes "
              "32..63");
}

Idiom specialRegister(llvm::StringRef Reg) {
  if (auto I = indexRegister(Reg))
    return *I;
  if (Reg.consume_front("lanemask_"))
    return lanemask(Reg);
  if (Reg == "laneid")
    return make(kRuleSpecialRegister, "%laneid", "__lane_id()",
                "__lane_id() counts 0..63 on a 64-wide wavefront (0..31 on "
                "NVIDIA); take it modulo 32 where the code relies on 32-lane "
                "groups");
  if (Reg == "warpid")
    return make(kRuleSpecialRegister, "%warpid",
                "(threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * "
                "threadIdx.z)) / warpSize",
                "AMD has no per-SM wave slot register; the wave's index in "
                "the block is the usual intent (%warpid itself is volatile)");
  if (Reg == "nwarpid")
    return none(kRuleSpecialRegister, "%nwarpid",
                "no AMD register holds the number of wave slots per CU");
  if (Reg == "smid")
    return make(kRuleSpecialRegister, "%smid", "__smid()",
                "__smid() encodes the compute unit and shader engine, not "
                "an SM number in 0..N-1");
  if (Reg == "clock")
    return make(kRuleSpecialRegister, "%clock", "clock()",
                "a 64-bit shader clock on AMD; the low 32 bits match %clock's "
                "width");
  if (Reg == "clock64")
    return make(kRuleSpecialRegister, "%clock64", "clock64()",
                "clock64() reads the shader clock (s_memtime)");
  if (Reg == "globaltimer" || Reg == "globaltimer_lo" ||
      Reg == "globaltimer_hi")
    return make(kRuleSpecialRegister, "%" + Reg.str(), "wall_clock64()",
                "wall_clock64() counts at the device's wall clock rate "
                "(hipDeviceAttributeWallClockRate, kHz), not in "
                "nanoseconds: scale it");
  return none(kRuleSpecialRegister, "%" + Reg.str(),
              "no AMD equivalent of this special register");
}

const Operand *firstSpecial(const Instruction &I) {
  for (const Operand &O : I.Operands)
    if (O.K == Operand::Kind::Special)
      return &O;
  return nullptr;
}

Idiom shfl(const Instruction &I) {
  std::string Mode = "idx";
  for (const char *M : {"up", "down", "bfly", "idx"})
    if (I.hasModifier(M))
      Mode = M;
  std::string Fn = Mode == "idx"    ? "__shfl"
                   : Mode == "bfly" ? "__shfl_xor"
                                    : "__shfl_" + Mode;
  bool Sync = I.hasModifier("sync");
  return make(kRuleWarpIntrinsic, I.Opcode + (Sync ? ".sync." : ".") + Mode,
              Sync ? Fn + "_sync(mask, v, lane_or_delta, width)"
                   : Fn + "(v, "
                          "lane_or_delta, "
                          "width)",
              "the PTX c operand packs (32 - width) << 8 | clamp: pass that "
              "width (32 keeps 32-lane groups on a 64-wide wave); the mask is "
              "64-bit on AMD; the _sync forms need HIP 6.2, " +
                  Fn + "(v, ..., width) works on older HIP");
}

Idiom vote(const Instruction &I) {
  bool Sync = I.hasModifier("sync");
  std::string S = Sync ? "_sync(mask, pred)" : "(pred)";
  if (I.hasModifier("ballot"))
    return make(kRuleWarpIntrinsic, "vote.ballot", "__ballot" + S,
                "the ballot is 64-bit (unsigned long long) on a 64-wide "
                "wavefront; keep it in 64 bits");
  if (I.hasModifier("any"))
    return make(kRuleWarpIntrinsic, "vote.any", "__any" + S, "");
  if (I.hasModifier("all"))
    return make(kRuleWarpIntrinsic, "vote.all", "__all" + S, "");
  return make(kRuleWarpIntrinsic, "vote.uni", "__all(pred) || !__any(pred)",
              "uniformity is all-or-none");
}

Idiom warpIntrinsic(const Instruction &I) {
  if (I.Opcode == "shfl")
    return shfl(I);
  if (I.Opcode == "vote")
    return vote(I);
  if (I.Opcode == "activemask")
    return make(kRuleWarpIntrinsic, "activemask", "__activemask()",
                "64-bit on a 64-wide wave; __activemask needs HIP 6.2, "
                "__ballot(1) works on older HIP");
  if (I.Opcode == "match")
    return make(kRuleWarpIntrinsic, "match.sync",
                I.hasModifier("all") ? "__match_all_sync" : "__match_any_sync",
                "HIP 6.2 and later; the result mask is 64-bit");
  if (I.Opcode == "redux")
    return make(kRuleWarpIntrinsic, "redux.sync",
                "__reduce_add_sync / __reduce_min_sync / __reduce_max_sync / "
                "__reduce_and_sync / __reduce_or_sync / __reduce_xor_sync",
                "HIP 6.2 and later; otherwise a shuffle reduction over "
                "warpSize lanes");
  if (I.Opcode == "elect")
    return ownedBy(Owner::HopperOnly, I.fullOpcode());
  return make(kRuleWarpIntrinsic, "bar.warp.sync", "__syncwarp(mask)",
              "a wavefront executes in lockstep on AMD: "
              "__builtin_amdgcn_wave_barrier() is enough before HIP 6.2's "
              "__syncwarp");
}

Idiom barrier(const Instruction &I) {
  if (I.hasModifier("warp"))
    return warpIntrinsic(I);
  if (I.hasModifier("cluster"))
    return ownedBy(Owner::HopperOnly, I.fullOpcode());
  long long Id = -1;
  bool Zero = !I.Operands.empty() && I.Operands[0].integerValue(Id) && Id == 0;
  bool Sync =
      I.hasModifier("sync") || (I.Opcode == "barrier" && I.Modifiers.empty());
  if (Sync && Zero && I.Operands.size() == 1)
    return make(kRuleBarrier, I.Opcode + ".sync 0", "__syncthreads()",
                "barrier 0 over the whole block is __syncthreads()");
  // bar.red's operands are d, a{, b}, c: HIP's reductions are barrier 0
  // over the whole block, so a named barrier (a not 0, or not a constant)
  // or a thread count (b) has no equivalent, as for bar.sync.
  long long RedId = -1;
  if (I.hasModifier("red") && I.Operands.size() == 3 &&
      I.Operands[1].integerValue(RedId) && RedId == 0)
    return make(kRuleBarrier, I.Opcode + ".red",
                "__syncthreads_count / __syncthreads_and / __syncthreads_or",
                "HIP's forms cover barrier 0 over the whole block only");
  return none(kRuleBarrier, I.fullOpcode(),
              "AMD has one workgroup barrier (s_barrier): named barriers, "
              "thread counts and bar.arrive have no equivalent; restructure "
              "around __syncthreads()");
}

/// The HIP memory scope of a PTX scope modifier: .cta -> workgroup, .gpu
/// (and membar's .gl) -> agent, .sys -> system; .cluster has no AMD
/// counterpart and widens to agent. An atom without a scope is .gpu.
struct Scope {
  const char *Hip;    ///< __HIP_MEMORY_SCOPE_*
  const char *Amdgcn; ///< the sync scope string of __builtin_amdgcn_fence
};
Scope scopeOf(const Instruction &I) {
  if (I.hasModifier("cta"))
    return {"__HIP_MEMORY_SCOPE_WORKGROUP", "workgroup"};
  if (I.hasModifier("sys"))
    return {"__HIP_MEMORY_SCOPE_SYSTEM", ""};
  if (I.hasModifier("gpu") || I.hasModifier("gl") || I.hasModifier("cluster") ||
      I.Opcode == "atom" || I.Opcode == "red")
    return {"__HIP_MEMORY_SCOPE_AGENT", "agent"};
  return {"__HIP_MEMORY_SCOPE_SYSTEM", ""};
}

Idiom fence(const Instruction &I) {
  if (I.Opcode == "fence" &&
      (I.hasModifier("proxy") || I.hasModifier("mbarrier_init") ||
       llvm::any_of(I.Modifiers, [](const std::string &M) {
         return llvm::StringRef(M).starts_with("sync_restrict");
       })))
    return ownedBy(Owner::HopperOnly, I.fullOpcode());
  bool Block = I.hasModifier("cta");
  bool System = I.hasModifier("sys");
  if (I.hasModifier("cluster"))
    return ownedBy(Owner::HopperOnly, I.fullOpcode());
  std::string Eq = Block    ? "__threadfence_block()"
                   : System ? "__threadfence_system()"
                            : "__threadfence()";
  // membar and fence.sc are sequentially consistent; fence.acq_rel (and
  // fence without a semantics modifier, which PTX reads as acq_rel) is not.
  bool SeqCst = I.Opcode == "membar" || I.hasModifier("sc");
  std::string Exact = std::string("__builtin_amdgcn_fence(") +
                      (SeqCst ? "__ATOMIC_SEQ_CST" : "__ATOMIC_ACQ_REL") +
                      ", \"" + scopeOf(I).Amdgcn + "\")";
  return make(kRuleBarrier, I.fullOpcode(), Eq,
              "HIP's fences are sequentially consistent at workgroup, agent "
              "or system scope: as strong as membar and fence.sc, stronger "
              "than fence.acq_rel; the exact AMD form is " +
                  Exact + " (AMD-only)");
}

Idiom load(const Instruction &I) {
  if (I.hasModifier("nc") || I.Opcode == "ldu")
    return make(kRuleMemory, I.Opcode + ".global.nc", "__ldg(ptr)",
                "a read-only load; AMD has no separate non-coherent path, "
                "__ldg(p) is a plain load through the normal cache");
  bool Load = I.Opcode != "st";
  if (I.hasModifier("volatile"))
    return make(kRuleMemory, I.Opcode + ".volatile",
                "a volatile access (*(volatile T *)p)",
                std::string("AMDGPU makes a volatile access a relaxed "
                            "system-scope one, as PTX does; it does not "
                            "order other accesses: for that use ") +
                    (Load ? "__hip_atomic_load(p, __ATOMIC_ACQUIRE, "
                          : "__hip_atomic_store(p, v, __ATOMIC_RELEASE, ") +
                    "__HIP_MEMORY_SCOPE_SYSTEM)");
  for (const char *Sem : {"acquire", "release", "relaxed"})
    if (I.hasModifier(Sem)) {
      Scope S = scopeOf(I);
      std::string Order = "__ATOMIC_" + llvm::StringRef(Sem).upper();
      return make(
          kRuleMemory,
          I.Opcode + "." + Sem +
              (I.hasModifier("cta")       ? ".cta"
               : I.hasModifier("gpu")     ? ".gpu"
               : I.hasModifier("cluster") ? ".cluster"
                                          : ".sys"),
          (Load ? "__hip_atomic_load(p, " : "__hip_atomic_store(p, v, ") +
              Order + ", " + S.Hip + ")",
          "PTX scope .cta -> __HIP_MEMORY_SCOPE_WORKGROUP, .gpu -> "
          "AGENT, .sys -> SYSTEM (.cluster widens to AGENT)");
    }
  for (const char *Hint : {"cs", "lu", "cv", "cg", "wt"})
    if (I.hasModifier(Hint))
      return make(kRuleMemory, I.Opcode + "." + Hint,
                  I.Opcode == "ld" ? "__builtin_nontemporal_load(p)"
                                   : "__builtin_nontemporal_store(v, p)",
                  "a cache-policy hint: a plain access is correct, the "
                  "nontemporal builtin keeps the streaming intent");
  return make(kRuleMemory,
              I.Opcode + (I.Modifiers.empty() ? "" : "." + I.Modifiers[0]),
              "a plain C++ access through the pointer",
              "state spaces are address spaces on AMD: generic pointers "
              "reach global, shared (LDS) and local memory");
}

Idiom cpAsync(const Instruction &I) {
  if (I.hasModifier("bulk"))
    return ownedBy(Owner::HopperOnly, I.fullOpcode());
  if (I.hasModifier("commit_group") || I.hasModifier("wait_group") ||
      I.hasModifier("wait_all"))
    return make(kRuleMemory, "cp.async." + I.Modifiers[1],
                "nothing after a synchronous copy; __syncthreads() before "
                "other threads read the data",
                "with __builtin_amdgcn_global_load_lds, wait with "
                "__builtin_amdgcn_s_waitcnt(0) instead");
  return make(kRuleMemory, "cp.async",
              "a plain copy (*(int4 *)dst = *(const int4 *)src for 16 "
              "bytes) or __builtin_amdgcn_global_load_lds",
              "global_load_lds copies global memory straight to LDS on gfx942 "
              "and gfx950 (1, 2 or 4 bytes per lane on gfx942; gfx950 adds 12 "
              "and 16 bytes)");
}

Idiom memory(const Instruction &I) {
  if (I.Opcode == "ld" || I.Opcode == "ldu" || I.Opcode == "st")
    return load(I);
  if (I.Opcode == "cp")
    return cpAsync(I);
  if (I.Opcode == "cvta")
    return make(
        kRuleMemory,
        I.hasModifier("to") ? "cvta.to." + I.Modifiers[1]
                            : "cvta." + I.Modifiers[0],
        "an address-space cast, e.g. (__attribute__((address_space(3))) "
        "T *)p for shared memory",
        "a generic pointer already works for every space on AMD; "
        "shared offsets are 32-bit LDS addresses");
  if (I.Opcode == "isspacep")
    return make(
        kRuleMemory, "isspacep",
        "__builtin_amdgcn_is_shared(p) / __builtin_amdgcn_is_private(p)",
        "global is neither shared nor private");
  if (I.Opcode == "prefetch" || I.Opcode == "prefetchu" ||
      I.Opcode == "applypriority" || I.Opcode == "discard" ||
      I.Opcode == "createpolicy")
    return make(kRuleMemory, I.Opcode, "nothing (drop it)",
                "a cache hint with no AMD counterpart; correctness does "
                "not depend on it");
  return none(kRuleMemory, I.fullOpcode(),
              "texture and surface instructions: rewrite with HIP texture "
              "objects (tex1Dfetch<T>, tex2D<T>, surf2Dread)");
}

Idiom atomic(const Instruction &I) {
  std::string Op = "add";
  for (const char *O :
       {"add", "min", "max", "and", "or", "xor", "inc", "dec", "exch", "cas"})
    if (I.hasModifier(O))
      Op = O;
  std::string Fn =
      "atomic" + std::string(1, std::toupper(Op[0])) + Op.substr(1);
  if (Op == "cas")
    Fn = "atomicCAS";
  std::string Note = "HIP's atomics are relaxed; scope .cta may use the "
                     "device-scope form, .sys needs " +
                     Fn + "_system";
  for (const char *Sem : {"acquire", "release", "acq_rel"})
    if (I.hasModifier(Sem)) {
      std::string Hip = Op == "cas"    ? "__hip_atomic_compare_exchange_strong"
                        : Op == "exch" ? "__hip_atomic_exchange"
                                       : "__hip_atomic_fetch_" + Op;
      Note += "; for its ordering use " + Hip + "(..., __ATOMIC_" +
              llvm::StringRef(Sem).upper() + ", " + scopeOf(I).Hip + ")";
      break;
    }
  return make(kRuleAtomic, I.Opcode + "." + Op,
              Fn + (I.Opcode == "red" ? "(p, v) with the result unused"
                    : Op == "cas"     ? "(p, compare, v)"
                                      : "(p, v)"),
              Note);
}

Idiom bits(const Instruction &I) {
  bool W = is64(I);
  if (I.Opcode == "prmt")
    return make(kRuleBitManipulation, "prmt", "__byte_perm(a, b, s)",
                "HIP's __byte_perm ignores bit 3 of each selector nibble, "
                "which prmt uses to replicate a byte's sign; equal when no "
                "selector nibble is 8 or more");
  if (I.Opcode == "brev")
    return make(kRuleBitManipulation, "brev", W ? "__brevll(x)" : "__brev(x)",
                "");
  if (I.Opcode == "popc")
    return make(kRuleBitManipulation, "popc", W ? "__popcll(x)" : "__popc(x)",
                "");
  if (I.Opcode == "clz")
    return make(kRuleBitManipulation, "clz", W ? "__clzll(x)" : "__clz(x)", "");
  if (I.Opcode == "bfind")
    return make(kRuleBitManipulation, "bfind",
                W ? "63 - __clzll(x)" : "31 - __clz(x)",
                "0xffffffff when x is 0, as in PTX");
  if (I.Opcode == "bfe")
    return make(kRuleBitManipulation, "bfe",
                "(x >> pos) & ((1u << len) - 1), or "
                "__builtin_amdgcn_ubfe/sbfe(x, pos, len)",
                "the AMD bfe uses only the low 5 bits of pos and len; PTX "
                "clamps at 255 and sign-fills past bit 31");
  if (I.Opcode == "bfi")
    return make(kRuleBitManipulation, "bfi",
                "(b & ~(mask << pos)) | ((a & mask) << pos)",
                "mask = (1u << len) - 1; __bitinsert_u32 uses pos and len "
                "modulo 64");
  if (I.Opcode == "lop3")
    return make(kRuleBitManipulation, "lop3",
                "the boolean expression its lookup table encodes",
                "the compiler selects v_bitop3 (gfx950) or two bit "
                "operations itself");
  if (I.Opcode == "shf")
    return make(kRuleBitManipulation, "shf",
                std::string("__funnelshift_") +
                    (I.hasModifier("l") ? "l" : "r") +
                    (I.hasModifier("clamp") ? "c" : "") + "(lo, hi, shift)",
                "or a 64-bit shift of ((uint64_t)hi << 32 | lo)");
  if (I.Opcode == "fns")
    return none(kRuleBitManipulation, "fns",
                "no HIP function finds the n-th set bit; loop with __ffsll");
  return make(kRuleBitManipulation, I.Opcode,
              "__builtin_amdgcn_*mbcnt / plain bit operations", "");
}

Idiom dot(const Instruction &I) {
  if (I.Opcode == "dp2a")
    return make(kRuleDotProduct, "dp2a",
                "plain arithmetic on the unpacked 16-bit and 8-bit lanes",
                "AMD's dot2 instructions take two 16-bit pairs, not 16x8-bit");
  bool S1 = I.Modifiers.size() > 0 && I.Modifiers[0] == "s32";
  bool S2 = I.Modifiers.size() > 1 && I.Modifiers[1] == "s32";
  if (S1 != S2)
    return make(kRuleDotProduct, "dp4a",
                "__builtin_amdgcn_sudot4 (gfx11 and later) or unpacked "
                "arithmetic",
                "mixed signedness has no gfx942/gfx950 instruction");
  return make(kRuleDotProduct, "dp4a",
              S1 ? "__builtin_amdgcn_sdot4(a, b, c, false)"
                 : "__builtin_amdgcn_udot4(a, b, c, false)",
              "v_dot4_i32_i8 / v_dot4_u32_u8 exist on gfx906, gfx908, gfx90a, "
              "gfx942 and gfx950; RDNA gfx11/gfx12 lack sdot4 (use "
              "__builtin_amdgcn_sudot4 there)");
}

bool isPlumbing(llvm::StringRef Op) {
  static const llvm::StringSet<> Plain = {
      "mov",      "cvt",   "setp",  "selp",  "set",  "slct", "add",  "sub",
      "mul",      "mad",   "fma",   "div",   "rem",  "abs",  "neg",  "min",
      "max",      "and",   "or",    "xor",   "not",  "cnot", "shl",  "shr",
      "sqrt",     "rsqrt", "rcp",   "ex2",   "lg2",  "sin",  "cos",  "tanh",
      "copysign", "sad",   "mul24", "mad24", "addc", "subc", "madc", "testp",
      "szext",    "bmsk",  "bra",   "call",  "ret"};
  return Plain.contains(Op);
}

Idiom plumbing(const Instruction &I) {
  Idiom R = make(kRuleGeneric, I.Opcode,
                 "plain C++ (operators, casts, math functions)",
                 "the compiler picks the AMDGPU instruction; rounding "
                 "modifiers map to __fadd_rn-style intrinsics");
  R.Plumbing = true;
  return R;
}

} // namespace

Idiom classify(const Instruction &I) {
  llvm::StringRef Op = I.Opcode;
  if (Op == "mma" || Op == "wmma" || Op == "ldmatrix" || Op == "movmatrix" ||
      Op == "stmatrix")
    return ownedBy(Owner::TensorCore, I.fullOpcode());
  if (Op == "wgmma" || Op == "tcgen05" || Op == "mbarrier" ||
      Op == "setmaxnreg" || Op == "mapa" || Op == "getctarank" ||
      Op == "multimem" || Op == "griddepcontrol" || Op == "tensormap" ||
      Op == "clusterlaunchcontrol")
    return ownedBy(Owner::HopperOnly, I.fullOpcode());
  if (const Operand *S = firstSpecial(I))
    return specialRegister(llvm::StringRef(S->Text).drop_front());
  if (Op == "shfl" || Op == "vote" || Op == "activemask" || Op == "match" ||
      Op == "redux" || Op == "elect")
    return warpIntrinsic(I);
  if (Op == "bar" || Op == "barrier")
    return barrier(I);
  if (Op == "membar" || Op == "fence")
    return fence(I);
  if (Op == "ld" || Op == "ldu" || Op == "st" || Op == "cp" || Op == "cvta" ||
      Op == "isspacep" || Op == "prefetch" || Op == "prefetchu" ||
      Op == "applypriority" || Op == "discard" || Op == "createpolicy" ||
      Op == "tex" || Op == "tld4" || Op == "txq" || Op == "suld" ||
      Op == "sust" || Op == "sured" || Op == "suq")
    return memory(I);
  if (Op == "atom" || Op == "red")
    return atomic(I);
  if (Op == "prmt" || Op == "brev" || Op == "popc" || Op == "clz" ||
      Op == "bfind" || Op == "bfe" || Op == "bfi" || Op == "lop3" ||
      Op == "shf" || Op == "fns")
    return bits(I);
  if (Op == "dp4a" || Op == "dp2a")
    return dot(I);
  // vabsdiff4.u32.u32.u32.add: sum of absolute byte differences plus an
  // accumulator, which is exactly AMD's v_sad_u8.
  if (Op == "vabsdiff4" && llvm::is_contained(I.Modifiers, "add") &&
      llvm::count(I.Modifiers, "u32") == 3)
    return make(kRuleDotProduct, "vabsdiff4.add",
                "__builtin_amdgcn_sad_u8(a, b, c)",
                "v_sad_u8 sums |a.byte[i] - b.byte[i]| over the four unsigned "
                "bytes and adds c, as vabsdiff4.u32.u32.u32.add does");
  if (isPlumbing(Op))
    return plumbing(I);
  if (Op == "nanosleep")
    return make(kRuleGeneric, "nanosleep", "__builtin_amdgcn_s_sleep(n)",
                "s_sleep waits about 64 clocks per unit, not nanoseconds");
  if (Op == "trap")
    return make(kRuleGeneric, "trap", "__builtin_trap()", "aborts the kernel");
  if (Op == "brkpt")
    return make(kRuleGeneric, "brkpt", "__builtin_debugtrap()", "");
  if (Op == "exit")
    return none(kRuleGeneric, "exit",
                "AMD cannot end one thread from inside a call; return from "
                "the kernel instead");
  return none(kRuleGeneric, I.fullOpcode(),
              isKnownOpcode(Op) ? "no AMD equivalent of this PTX instruction"
                                : "not a PTX instruction hipwright knows");
}

} // namespace hipwright::ptx
