//===- BranchCondition.h - which #if a skipped branch belongs to -*- C++
//-*-===//
//
// The host-side parse skips two kinds of #if branches. Some the real build
// compiles elsewhere: `#if __CUDA_ARCH__ >= 800` is device code nvcc's
// device pass sees, `#ifdef __NVCC__` code nvcc sees and clang does not.
// Others no one compiles in this configuration: `#ifdef VERIFY` with VERIFY
// off, the `#else` of an option that is on. A finding in the second kind is
// real once someone turns the option on, but it does not break today's
// build, so it is labelled with the condition and its line and counted
// apart. Branches that choose HIP/ROCm code hold AMD code already and are
// not scanned for CUDA hazards.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"

#include <set>
#include <string>
#include <vector>

namespace hipwright {

struct BranchCondition {
  /// "`#ifdef VERIFY`, line 23"; for an #else or #elif, also the #if it
  /// belongs to: "`#else` (line 30) of `#if USE_FAST`, line 12".
  std::string Label;
  /// The chain tests __CUDA_ARCH__ or __NVCC__: the real build compiles
  /// the branch, in its device pass or with nvcc.
  bool CompiledByBuild = false;
  /// The chain tests a HIP, ROCm or AMD (or MUSA) name: one of its
  /// branches is another vendor's code.
  bool VendorSwitch = false;
  /// The chain's directives as written, this branch's first, its #if last.
  std::vector<std::string> Directives;

  /// Whether a directive of the chain names one of \p Macros (a macro the
  /// device pass defines, such as `#define AMPERE_MMA_AVAILABLE` under
  /// `#if __CUDA_ARCH__ >= 800`: the branch it guards is device code too).
  bool mentionsAny(const std::set<std::string, std::less<>> &Macros) const;
};

/// Describes the branch whose directive (#if, #ifdef, #ifndef, #elif,
/// #else) starts on the line holding \p Offset of \p Buffer, a whole file:
/// its #if is found by walking back over nested #if/#endif pairs.
BranchCondition describeBranch(llvm::StringRef Buffer, size_t Offset);

/// The offset of the directive whose branch holds \p Offset, for a skipped
/// range of \p Buffer that starts at \p RangeBegin: one range may cover
/// several branches of a chain (`#ifdef A` ... `#elif B` ... `#endif` with
/// both off), so the last #elif or #else at the range's own nesting level
/// before \p Offset wins.
size_t governingDirective(llvm::StringRef Buffer, size_t RangeBegin,
                          size_t Offset);

} // namespace hipwright
