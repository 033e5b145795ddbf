//===- AnalyzerRegistry.cpp - the analyzers and rules of a run ------------===//
#include "analysis/AnalyzerRegistry.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>

namespace hipwright {

std::vector<RuleInfo> translatorRules() {
  // The translator reports these itself (lib/port/TokenPass.cpp).
  std::vector<RuleInfo> Rules = {
      {"unsupported-api", Severity::Warning,
       "a CUDA API or header with no HIP equivalent, left in place",
       "hipwright translates CUDA names through its rules tables. A name "
       "whose row says HIP has no equivalent (or that the tables do not "
       "know) stays as written, so the port will not compile until a person "
       "replaces it; nothing is dropped silently."},
      {"unsupported-api.rocm-version", Severity::Warning,
       "a CUDA API whose HIP twin is newer than the target ROCm release",
       "Every HIP name in the rules tables records the ROCm release that "
       "first shipped it. With --rocm-version X.Y (or rocm-version in "
       ".hipwright.yaml) a name that needs a later release is not emitted: "
       "the CUDA spelling stays and this finding names the release it "
       "needs. Port for that release or replace the call by hand."},
      {"unsupported-api.call-signature", Severity::Warning,
       "a call whose HIP twin takes other arguments, left as CUDA wrote them",
       "Some CUDA calls need their arguments changed, not only their name "
       "(rules/calls.tsv): a default HIP lacks, a kernel HIP takes as const "
       "void *, a CUDA 13 signature. Where hipwright cannot do that safely "
       "(the CUDA 13 argument has no HIP equivalent, or the call is written "
       "partly inside a macro body) it translates the name, leaves the "
       "arguments and says why; a person finishes the call."},
      {"unsupported-api.case-label", Severity::Note,
       "a case label naming a CUDA enumerator HIP lacks, commented out",
       "A switch that decodes a CUDA library status (cuda-samples' "
       "helper_cuda.h turns every cuBLAS and cuFFT status into a string) "
       "names values such as CUBLAS_STATUS_LICENSE_ERROR that the HIP "
       "library's enum does not have. No HIP call can return them, so the "
       "label can never be taken; the port turns `case NAME:` into a "
       "comment so the switch compiles. Its statements stay."},
      {"unsupported-api.cuda-arch-check", Severity::Warning,
       "a numeric __CUDA_ARCH__ comparison",
       "__CUDA_ARCH__ names NVIDIA architectures and is undefined on AMD. "
       "The port renames it HIPWRIGHT_CUDA_ARCH, which AMD device code "
       "defines as 800, so the sm_80 branch is taken; check that branch "
       "suits the AMD targets."},
  };
  return Rules;
}

AnalyzerRegistry::AnalyzerRegistry(std::vector<AnalyzerEntry> List)
    : Entries(std::move(List)), Rules(translatorRules()) {
  for (const AnalyzerEntry &E : Entries)
    for (RuleInfo &R : E.Rules())
      Rules.push_back(std::move(R));
  llvm::stable_sort(
      Rules, [](const RuleInfo &A, const RuleInfo &B) { return A.Id < B.Id; });
}

const RuleInfo *AnalyzerRegistry::findRule(llvm::StringRef Id) const {
  auto It = llvm::lower_bound(
      Rules, Id, [](const RuleInfo &R, llvm::StringRef V) { return R.Id < V; });
  return It != Rules.end() && It->Id == Id ? &*It : nullptr;
}

std::vector<std::string> AnalyzerRegistry::ruleIds() const {
  std::vector<std::string> Ids;
  for (const RuleInfo &R : Rules)
    Ids.push_back(R.Id);
  return Ids;
}

} // namespace hipwright
