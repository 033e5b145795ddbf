//===- HipAlternatives.cpp - headers an #if chain swaps for HIP ones ------===//
#include "report/HipAlternatives.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

#include <optional>
#include <tuple>

using namespace llvm;

namespace hipwright {
namespace {

/// The tree file a quoted #include names: beside the including file first
/// (what the compiler tries first), else the one tree file whose path ends
/// in it (an include directory of the build); none when that is ambiguous.
std::optional<std::string> resolve(StringRef Includer, StringRef Spelled,
                                   const std::set<std::string> &All) {
  SmallString<256> P(sys::path::parent_path(Includer));
  sys::path::append(P, Spelled);
  sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  if (All.count(std::string(P)))
    return std::string(P);
  std::string Suffix = "/" + sys::path::convert_to_slash(Spelled);
  std::optional<std::string> Found;
  for (const std::string &A : All)
    if (StringRef(A).ends_with(Suffix)) {
      if (Found)
        return std::nullopt;
      Found = A;
    }
  return Found;
}

/// A branch condition that selects the HIP platform.
bool namesHip(StringRef Directive) {
  std::string L = Directive.lower();
  return StringRef(L).contains("hip") || StringRef(L).contains("rocm") ||
         StringRef(L).contains("amd");
}

struct Use {
  const IncludingFile *By;
  const ScannedInclude *Inc;
  std::string Target;
};

} // namespace

std::map<std::string, std::string>
hipAlternatives(const std::vector<IncludingFile> &Files,
                const std::set<std::string> &AllFiles,
                const std::set<std::string> &HipFiles,
                function_ref<std::string(StringRef)> Rel) {
  // Every quoted include that names a tree file, by target and by chain.
  std::map<std::string, std::vector<Use>> ByTarget;
  std::map<std::pair<std::string, unsigned>, std::vector<Use>> ByChain;
  for (const IncludingFile &F : Files)
    for (const ScannedInclude &Inc : *F.Includes) {
      if (!Inc.Quoted)
        continue;
      std::optional<std::string> T = resolve(F.Path, Inc.Path, AllFiles);
      if (!T)
        continue;
      Use U{&F, &Inc, *T};
      ByTarget[*T].push_back(U);
      if (Inc.ChainLine)
        ByChain[{F.Path, Inc.ChainLine}].push_back(U);
    }

  // The HIP header another branch of \p U's chain takes, or null. The
  // chain must switch on the platform: one of its branches names HIP
  // (`#if defined(USE_HIP)`, or `#ifndef USE_HIP` with HIP in its #else).
  auto HipInstead = [&](const Use &U) -> const Use * {
    if (!U.Inc->ChainLine)
      return nullptr;
    const std::vector<Use> &Chain = ByChain[{U.By->Path, U.Inc->ChainLine}];
    bool Platform = false;
    for (const Use &O : Chain)
      Platform |= namesHip(O.Inc->BranchDirective);
    if (!Platform)
      return nullptr;
    for (const Use &O : Chain)
      if (O.Inc->Branch != U.Inc->Branch && HipFiles.count(O.Target))
        return &O;
    return nullptr;
  };

  std::map<std::string, std::string> Out;
  for (const auto &[Target, Uses] : ByTarget) {
    if (HipFiles.count(Target))
      continue;
    // Every include of it must be swapped; the first one is the evidence.
    const Use &First = Uses.front();
    const Use *H = HipInstead(First);
    if (!H || !llvm::all_of(llvm::drop_begin(Uses), [&](const Use &U) {
          return HipInstead(U) != nullptr;
        }))
      continue;
    Out[Target] = Rel(First.By->Path) + ":" + std::to_string(First.Inc->Line) +
                  " includes it under `" + First.Inc->BranchDirective +
                  "`; on AMD the chain's `" + H->Inc->BranchDirective +
                  "` branch includes " + Rel(H->Target) +
                  " instead, which is HIP already";
  }
  return Out;
}

} // namespace hipwright
