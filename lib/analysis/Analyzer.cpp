//===- Analyzer.cpp - analyzer framework ----------------------------------===//
#include "analysis/Analyzer.h"
#include "support/Paths.h"

#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"

#include <algorithm>

using namespace clang;

namespace hipwright {

Analyzer::~Analyzer() = default;

AnalysisContext::AnalysisContext(
    CompilerInstance &CI, const std::vector<GpuTarget> &Targets,
    std::function<bool(llvm::StringRef)> IsUserFile, std::vector<Finding> &Out)
    : CI(CI), Targets(Targets), IsUserFile(std::move(IsUserFile)), Out(Out) {}

unsigned AnalysisContext::minWaveSize() const {
  unsigned W = 64;
  for (const GpuTarget &T : Targets)
    W = std::min(W, T.WaveSize);
  return W;
}

unsigned AnalysisContext::maxWaveSize() const {
  unsigned W = 32;
  for (const GpuTarget &T : Targets)
    W = std::max(W, T.WaveSize);
  return W;
}

SourceManager &AnalysisContext::sourceManager() {
  return CI.getSourceManager();
}

const LangOptions &AnalysisContext::langOpts() const {
  return CI.getLangOpts();
}

void AnalysisContext::registerPPCallbacks(Preprocessor &PP) {
  recordSkippedRanges(PP, Skipped);
}

const std::vector<AnalysisContext::SkippedBranch> &
AnalysisContext::skippedUserBranches() {
  if (!SkippedInUserFiles) {
    SkippedInUserFiles.emplace();
    for (SourceRange R : Skipped)
      if (isUserLocation(R.getBegin()))
        SkippedInUserFiles->push_back(
            {R, lexRaw(CI.getSourceManager(), CI.getLangOpts(), R)});
  }
  return *SkippedInUserFiles;
}

bool AnalysisContext::isUserLocation(SourceLocation Loc) const {
  if (Loc.isInvalid())
    return false;
  SourceManager &SM = CI.getSourceManager();
  SourceLocation File = SM.getFileLoc(Loc);
  OptionalFileEntryRef FE = SM.getFileEntryRefForID(SM.getFileID(File));
  return FE && IsUserFile(FE->getName());
}

Finding *AnalysisContext::report(SourceLocation Loc, llvm::StringRef RuleId,
                                 Severity Level, std::string Message) {
  if (!isUserLocation(Loc))
    return nullptr;
  SourceManager &SM = CI.getSourceManager();
  SourceLocation File = SM.getFileLoc(Loc);
  OptionalFileEntryRef FE = SM.getFileEntryRefForID(SM.getFileID(File));
  Finding F;
  F.RuleId = RuleId.str();
  F.Level = Level;
  F.File = normalizePath(FE->getName());
  F.Line = SM.getSpellingLineNumber(File);
  F.Column = SM.getSpellingColumnNumber(File);
  F.Message = std::move(Message);
  Out.push_back(std::move(F));
  return &Out.back();
}

std::optional<Replacement>
AnalysisContext::replacement(CharSourceRange Range, std::string Text) const {
  SourceManager &SM = CI.getSourceManager();
  CharSourceRange R = Lexer::makeFileCharRange(Range, SM, CI.getLangOpts());
  if (R.isInvalid())
    return std::nullopt;
  auto [FID, Begin] = SM.getDecomposedLoc(R.getBegin());
  auto [EndFID, End] = SM.getDecomposedLoc(R.getEnd());
  if (FID != EndFID || End < Begin)
    return std::nullopt;
  OptionalFileEntryRef FE = SM.getFileEntryRefForID(FID);
  if (!FE || !IsUserFile(FE->getName()))
    return std::nullopt;
  return Replacement{normalizePath(FE->getName()), Begin, End - Begin,
                     std::move(Text)};
}

std::string AnalysisContext::sourceText(CharSourceRange Range) const {
  return Lexer::getSourceText(Range, CI.getSourceManager(), CI.getLangOpts())
      .str();
}

std::vector<RuleInfo> allRules() {
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
      {"unsupported-api.cuda-arch-check", Severity::Warning,
       "a numeric __CUDA_ARCH__ comparison",
       "__CUDA_ARCH__ names NVIDIA architectures and is undefined on AMD. "
       "The port renames it HIPWRIGHT_CUDA_ARCH, which AMD device code "
       "defines as 800, so the sm_80 branch is taken; check that branch "
       "suits the AMD targets."},
  };
  for (const AnalyzerEntry &E : allAnalyzers())
    for (RuleInfo &R : E.Rules())
      Rules.push_back(std::move(R));
  std::sort(Rules.begin(), Rules.end(),
            [](const RuleInfo &A, const RuleInfo &B) { return A.Id < B.Id; });
  return Rules;
}

const RuleInfo *findRule(llvm::StringRef Id) {
  static const std::vector<RuleInfo> Rules = allRules();
  for (const RuleInfo &R : Rules)
    if (R.Id == Id)
      return &R;
  return nullptr;
}

} // namespace hipwright
