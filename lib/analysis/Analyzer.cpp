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

std::string AnalysisContext::wave64TargetNames() const {
  std::string Names;
  for (const GpuTarget &T : Targets)
    if (T.WaveSize == 64)
      Names += (Names.empty() ? "" : ", ") + T.Name;
  return Names;
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
    learnDeviceMacros();
    SourceManager &SM = CI.getSourceManager();
    for (SourceRange R : Skipped) {
      if (!isUserLocation(R.getBegin()))
        continue;
      SourceLocation Begin = SM.getFileLoc(R.getBegin());
      bool Invalid = false;
      StringRef Buffer = SM.getBufferData(SM.getFileID(Begin), &Invalid);
      BranchCondition C = Invalid
                              ? BranchCondition()
                              : describeBranch(Buffer, SM.getFileOffset(Begin));
      // A guard on a device-defined macro is device code too: one answer
      // for the analyzers and for inactiveBranchAt.
      C.CompiledByBuild = compiledByBuild(C);
      SkippedInUserFiles->push_back(
          {R, lexRaw(SM, CI.getLangOpts(), R), std::move(C)});
    }
  }
  return *SkippedInUserFiles;
}

void AnalysisContext::learnDeviceMacros() {
  SourceManager &SM = CI.getSourceManager();
  for (; DeviceMacroRanges < Skipped.size(); ++DeviceMacroRanges) {
    SourceRange R = Skipped[DeviceMacroRanges];
    if (!isUserLocation(R.getBegin()))
      continue;
    auto [FID, Offset] = SM.getDecomposedLoc(SM.getFileLoc(R.getBegin()));
    bool Invalid = false;
    StringRef Buffer = SM.getBufferData(FID, &Invalid);
    if (Invalid || !compiledByBuild(describeBranch(Buffer, Offset)))
      continue;
    RawFileTokens Raw = lexRaw(SM, CI.getLangOpts(), R);
    const std::vector<RawToken> &T = Raw.Tokens;
    for (size_t I = 0; I + 2 < T.size(); ++I)
      if (T[I].is(tok::hash) && T[I].StartOfLine &&
          T[I + 1].isIdent("define") && T[I + 2].Kind == tok::raw_identifier)
        DeviceMacros.insert(T[I + 2].Text.str());
  }
}

std::optional<std::string>
AnalysisContext::inactiveBranchAt(SourceLocation Loc) {
  // Not skippedUserBranches(): a finding reported while the preprocessor
  // runs (a #define read by a callback) would freeze that list before the
  // rest of the file is skipped. The ranges recorded so far hold every
  // branch before the finding.
  SourceManager &SM = CI.getSourceManager();
  auto [FID, Offset] = SM.getDecomposedLoc(SM.getFileLoc(Loc));
  for (SourceRange R : Skipped) {
    // Offsets within the finding's own file: cheap, unlike ordering
    // locations across the include tree.
    auto [BeginFID, BeginOffset] =
        SM.getDecomposedLoc(SM.getFileLoc(R.getBegin()));
    auto [EndFID, EndOffset] = SM.getDecomposedLoc(SM.getFileLoc(R.getEnd()));
    if (BeginFID != FID || EndFID != FID || Offset < BeginOffset ||
        Offset > EndOffset)
      continue;
    bool Invalid = false;
    StringRef Buffer = SM.getBufferData(FID, &Invalid);
    if (Invalid)
      return std::nullopt;
    size_t RangeBegin = BeginOffset;
    learnDeviceMacros();
    if (compiledByBuild(describeBranch(Buffer, RangeBegin)))
      return std::nullopt;
    // The branch of the chain that holds the finding: one skipped range
    // may cover an #ifdef and its #elif.
    return describeBranch(Buffer,
                          governingDirective(Buffer, RangeBegin, Offset))
        .Label;
  }
  return std::nullopt;
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
  if (std::optional<std::string> Branch = inactiveBranchAt(Loc)) {
    F.InactiveBranch = std::move(*Branch);
    F.Message +=
        " (in a branch this build does not compile: " + F.InactiveBranch + ")";
  }
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

} // namespace hipwright
