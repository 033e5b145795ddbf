//===- PtxIdioms.h - PTX instructions -> HIP/AMDGPU equivalents -*- C++ -*-===//
//
// Maps one parsed PTX instruction to the idiom it implements and what HIP
// or the AMDGPU builtins offer for it. The analyzer reports the idiom; the
// fix-it builder (PtxFixes.h) decides separately whether the rewrite is
// exact.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "inline-ptx/PtxParser.h"
#include "model/Finding.h"

#include <string>

namespace hipwright::ptx {

/// Who judges an instruction: this family, or the tensor-core /
/// hopper-only analyzers (which own those rule ids).
enum class Owner { InlinePtx, TensorCore, HopperOnly };

struct Idiom {
  std::string Rule;                   ///< "inline-ptx.special-register"
  Severity Level = Severity::Warning; ///< Error: no AMD equivalent
  std::string Name;                   ///< "%laneid", "prmt", "ld.global.nc"
  std::string Equivalent;             ///< "__lane_id()"; empty when none
  std::string Note; ///< what differs on AMD, for the suggestion
  Owner By = Owner::InlinePtx;
  /// Register moves, compares, arithmetic: plain C++ does them. An asm
  /// statement made of nothing else is reported as generic inline PTX.
  bool Plumbing = false;
};

/// The idiom of \p I; never fails (unknown PTX is an Error idiom).
Idiom classify(const Instruction &I);

/// The rule ids of this family, for the catalog.
inline constexpr const char *kRuleGeneric = "inline-ptx";
inline constexpr const char *kRuleSpecialRegister =
    "inline-ptx.special-register";
inline constexpr const char *kRuleWarpIntrinsic = "inline-ptx.warp-intrinsic";
inline constexpr const char *kRuleBarrier = "inline-ptx.barrier";
inline constexpr const char *kRuleMemory = "inline-ptx.memory";
inline constexpr const char *kRuleAtomic = "inline-ptx.atomic";
inline constexpr const char *kRuleBitManipulation =
    "inline-ptx.bit-manipulation";
inline constexpr const char *kRuleDotProduct = "inline-ptx.dot-product";

} // namespace hipwright::ptx
