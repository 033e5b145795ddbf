//===- Analyzer.h - one portability hazard family ---------------*- C++ -*-===//
//
// An analyzer is hipwright's clang-tidy check: it registers AST matchers
// and/or preprocessor callbacks, runs inside the translator's one parse of a
// TU, and reports Findings through its AnalysisContext. Each analyzer owns a
// family of rules (`warp-size`, `warp-size.shuffle-width`, ...) listed by
// rules(), so `explain`, SARIF and the docs can describe them.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "analysis/BranchCondition.h"
#include "analysis/GpuTarget.h"
#include "analysis/SkippedCode.h"
#include "model/Finding.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringRef.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class FunctionDecl;
class Preprocessor;
class CompilerInstance;
} // namespace clang

namespace hipwright {

/// A rule's catalog entry.
struct RuleInfo {
  std::string Id; ///< stable: category or category.subrule
  Severity DefaultLevel = Severity::Warning;
  std::string Summary; ///< one line
  std::string Details; ///< why it breaks on AMD; a paragraph
};

/// What an analyzer sees of the TU and how it reports.
class AnalysisContext {
public:
  AnalysisContext(clang::CompilerInstance &CI,
                  const std::vector<GpuTarget> &Targets,
                  std::function<bool(llvm::StringRef)> IsUserFile,
                  std::vector<Finding> &Out);

  const std::vector<GpuTarget> &targets() const { return Targets; }
  /// The narrowest wavefront among the targets, and the widest.
  unsigned minWaveSize() const;
  unsigned maxWaveSize() const;
  /// "gfx942, gfx950": the targets with 64-lane wavefronts, for messages;
  /// empty when every target runs 32 lanes.
  std::string wave64TargetNames() const;

  /// `port --fix=native`: code built on 32-lane warps is rewritten for the
  /// whole wavefront where every use of the width is understood
  /// (analyzers/warp-size/NativeRewrite.h).
  bool nativeRewrite() const { return NativeRewrite; }
  void setNativeRewrite(bool On) { NativeRewrite = On; }
  /// The functions that rewrite changes, decided after matching (see
  /// Analyzer::planTranslationUnit): other analyzers withhold the fix-its that
  /// would keep those functions in 32-lane groups.
  void markNativeRewritten(const clang::FunctionDecl *FD) {
    NativeRewritten.insert(FD);
  }
  bool nativeRewritten(const clang::FunctionDecl *FD) const {
    return NativeRewritten.contains(FD);
  }

  clang::CompilerInstance &compiler() { return CI; }
  clang::SourceManager &sourceManager();
  const clang::LangOptions &langOpts() const;

  /// True when \p Loc (after macro expansion to where it is spelled in
  /// source) lies in one of the user's files: only those are judged.
  bool isUserLocation(clang::SourceLocation Loc) const;
  /// True if \p Path (as the SourceManager names it) is a user file.
  bool isUserFile(llvm::StringRef Path) const { return IsUserFile(Path); }

  /// Starts a finding at \p Loc (the file location the user sees: for a
  /// macro argument its spelling, for a macro body its expansion). Add a
  /// suggestion or fixes on the returned object, which stays valid until
  /// the next report(). Returns nullptr (and records nothing) when the
  /// location is not in a user file.
  Finding *report(clang::SourceLocation Loc, llvm::StringRef RuleId,
                  Severity Level, std::string Message);

  /// A replacement of \p Range (a token range unless it is a char range)
  /// by \p Text; std::nullopt when the range is not editable as written
  /// (crosses macro boundaries, lies outside user files).
  std::optional<Replacement> replacement(clang::CharSourceRange Range,
                                         std::string Text) const;
  /// Source text of \p Range as written.
  std::string sourceText(clang::CharSourceRange Range) const;

  /// The context's own preprocessor callbacks, registered before the
  /// analyzers': the #if branches the host-side parse skips are recorded
  /// once here for every analyzer that scans them.
  void registerPPCallbacks(clang::Preprocessor &PP);

  /// A skipped #if branch in a user file, its raw tokens and the #if it
  /// belongs to.
  struct SkippedBranch {
    clang::SourceRange Range;
    RawFileTokens Raw;
    BranchCondition Condition;
  };
  /// The skipped branches that lie in user files, in source order of
  /// skipping, each raw-lexed once (on the first call, after the parse).
  const std::vector<SkippedBranch> &skippedUserBranches();
  /// The label (BranchCondition::Label) of the skipped branch holding
  /// \p Loc when no part of the real build compiles it.
  std::optional<std::string> inactiveBranchAt(clang::SourceLocation Loc);

private:
  clang::CompilerInstance &CI;
  const std::vector<GpuTarget> &Targets;
  std::function<bool(llvm::StringRef)> IsUserFile;
  std::vector<Finding> &Out;
  bool NativeRewrite = false;
  llvm::SmallPtrSet<const clang::FunctionDecl *, 8> NativeRewritten;
  std::vector<clang::SourceRange> Skipped;
  std::optional<std::vector<SkippedBranch>> SkippedInUserFiles;
  /// Macros a user file #defines in a branch only the device pass (or
  /// nvcc) compiles, learnt from the first DeviceMacroRanges of Skipped.
  std::set<std::string, std::less<>> DeviceMacros;
  size_t DeviceMacroRanges = 0;
  void learnDeviceMacros();
  /// Whether the real build compiles the skipped branch \p C describes.
  bool compiledByBuild(const BranchCondition &C) const {
    return C.CompiledByBuild || C.mentionsAny(DeviceMacros);
  }
};

class Analyzer : public clang::ast_matchers::MatchFinder::MatchCallback {
public:
  explicit Analyzer(AnalysisContext &Ctx) : Ctx(Ctx) {}
  ~Analyzer() override;

  /// Registers AST matchers; matches arrive in run().
  virtual void registerMatchers(clang::ast_matchers::MatchFinder &Finder) {}
  /// Registers preprocessor callbacks before the parse starts.
  virtual void registerPPCallbacks(clang::Preprocessor &PP) {}
  /// Called for each match of registerMatchers().
  void run(const clang::ast_matchers::MatchFinder::MatchResult &R) override {}
  /// Called once after matching, before any analyzer's
  /// finishTranslationUnit: for decisions the others read there (which
  /// functions port --fix=native rewrites).
  virtual void planTranslationUnit() {}
  /// Called once after matching, for analyses that need the whole TU. Not
  /// MatchCallback::onEndOfTranslationUnit: MatchFinder calls that itself
  /// inside matchAST, in no fixed order among the analyzers.
  virtual void finishTranslationUnit() {}

protected:
  AnalysisContext &Ctx;
};

/// A registered analyzer family.
struct AnalyzerEntry {
  std::string Family; ///< e.g. "warp-size"
  std::function<std::vector<RuleInfo>()> Rules;
  std::function<std::unique_ptr<Analyzer>(AnalysisContext &)> Create;
};

} // namespace hipwright
