//===- TranslateUnit.cpp - one parse, all passes, one TU ------------------===//
#include "port/TranslateUnit.h"
#include "analysis/AnalyzerRegistry.h"
#include "frontend/AbsentPaths.h"
#include "frontend/ParseEconomy.h"
#include "frontend/ParsePrelude.h"
#include "frontend/PpEvents.h"
#include "frontend/PreludePch.h"
#include "port/InputTree.h"
#include "port/TokenPass.h"
#include "support/ContainedThread.h"
#include "support/FramedRecord.h"
#include "support/PhaseTimes.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/Stack.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/HeaderSearch.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Serialization/ASTReader.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <cstring>

using namespace clang;

namespace hipwright {
namespace {

/// Keeps the parse's errors as "file:line:col: error: message" lines.
class ErrorCollector : public DiagnosticConsumer {
public:
  explicit ErrorCollector(std::vector<ParseError> &Errors) : Errors(Errors) {}

  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level < DiagnosticsEngine::Error)
      return;
    SmallString<256> Msg;
    Info.FormatDiagnostic(Msg);
    ParseError E;
    E.Message = std::string(Msg);
    E.Fatal = Level == DiagnosticsEngine::Fatal;
    if (Info.hasSourceManager() && Info.getLocation().isValid()) {
      PresumedLoc P =
          Info.getSourceManager().getPresumedLoc(Info.getLocation());
      if (P.isValid()) {
        E.File = P.getFilename();
        E.Line = P.getLine();
        E.Column = P.getColumn();
      }
    }
    Errors.push_back(std::move(E));
  }

private:
  std::vector<ParseError> &Errors;
};

/// Records names the user #defines: they are the user's, not CUDA's.
class MacroCollector : public PPCallbacks {
public:
  MacroCollector(SourceManager &SM, const UserFilePredicate &IsUserFile,
                 AstFacts &Facts)
      : SM(SM), IsUserFile(IsUserFile), Facts(Facts) {}

  void MacroDefined(const Token &Name, const MacroDirective *) override {
    SourceLocation L = Name.getLocation();
    if (L.isInvalid() || !L.isFileID())
      return;
    OptionalFileEntryRef FE = SM.getFileEntryRefForID(SM.getFileID(L));
    if (FE && IsUserFile(FE->getName()))
      Facts.UserNames.insert(Name.getIdentifierInfo()->getName());
  }

private:
  SourceManager &SM;
  const UserFilePredicate &IsUserFile;
  AstFacts &Facts;
};

/// HIPWRIGHT_ANALYZERS=family,family limits which analyzers run at all;
/// bench/ uses it to measure each family's cost. Unset: all of them.
bool analyzerWanted(StringRef Family) {
  const char *Env = std::getenv("HIPWRIGHT_ANALYZERS");
  if (!Env)
    return true;
  SmallVector<StringRef, 8> Names;
  StringRef(Env).split(Names, ',', -1, false);
  return llvm::is_contained(Names, Family);
}

/// Sorted by path, each path once (the first of equal paths is kept: the
/// parse's own reading of a file before the PCH's record of it).
void sortInputsByPath(std::vector<ParseInput> &Inputs) {
  std::stable_sort(
      Inputs.begin(), Inputs.end(),
      [](const ParseInput &A, const ParseInput &B) { return A.Path < B.Path; });
  Inputs.erase(std::unique(Inputs.begin(), Inputs.end(),
                           [](const ParseInput &A, const ParseInput &B) {
                             return A.Path == B.Path;
                           }),
               Inputs.end());
}

/// A prefix PCH holds what the TU's first lines read. When the preprocessor
/// first enters a file (the main file, before the predefines and the
/// -include files), the PCH is loaded and nothing else has reached the
/// callbacks: the events of those lines are replayed there, in their order.
/// Each file on the way to the lines must still start as planned (it could
/// have changed since); if not, or if an event cannot be placed, the parse
/// is not used.
///
/// The TU's lines then include the same headers again. One with an include
/// guard or #pragma once is skipped as in any parse; one without would be
/// read a second time, so it is marked include-once until that one #include
/// has skipped it, and a later #include of it reads it as a plain parse
/// would.
class PrefixReplayer : public PPCallbacks {
public:
  PrefixReplayer(CompilerInstance &CI, const PreludePch &Pch,
                 const std::vector<PrefixLink> &Chain, bool &Failed)
      : CI(CI), Pch(Pch), Chain(Chain), Failed(Failed) {}

  void FileChanged(SourceLocation Loc, FileChangeReason Reason,
                   SrcMgr::CharacteristicKind, FileID) override {
    SourceManager &SM = CI.getSourceManager();
    if (!Started) {
      Started = true;
      Failed = !replayPpEvents(CI, Pch.Events) || !skipUnguardedOnce();
    }
    if (Reason != EnterFile || Checked == Chain.size())
      return;
    FileID FID = SM.getFileID(Loc);
    OptionalFileEntryRef Entered = SM.getFileEntryRefForID(FID);
    OptionalFileEntryRef Next =
        CI.getFileManager().getOptionalFileRef(Chain[Checked].Path);
    if (!Entered || !Next || *Entered != *Next)
      return;
    std::optional<llvm::MemoryBufferRef> Buf = SM.getBufferOrNone(FID);
    if (!Buf || !startsAsPlanned(Buf->getBuffer(), Chain[Checked]))
      Failed = true;
    ++Checked;
  }

  void FileSkipped(const FileEntryRef &File, const Token &,
                   SrcMgr::CharacteristicKind) override {
    auto It = llvm::find(OnceOnly, File);
    if (It == OnceOnly.end())
      return;
    CI.getPreprocessor().getHeaderSearchInfo().getFileInfo(File).isPragmaOnce =
        false;
    OnceOnly.erase(It);
  }

  /// Every file on the way was entered as planned, and every header marked
  /// include-once was skipped by the lines.
  bool finished() const { return Checked == Chain.size() && OnceOnly.empty(); }

private:
  CompilerInstance &CI;
  const PreludePch &Pch;
  const std::vector<PrefixLink> &Chain;
  bool &Failed;
  bool Started = false;
  size_t Checked = 0;
  std::vector<FileEntryRef> OnceOnly;

  static bool startsAsPlanned(StringRef Text, const PrefixLink &L) {
    LeadingIncludes Got = leadingIncludes(Text);
    return Got.PragmaOnce == L.PragmaOnce &&
           Got.Lines.size() >= L.Lines.size() &&
           std::equal(L.Lines.begin(), L.Lines.end(), Got.Lines.begin());
  }

  bool skipUnguardedOnce() {
    Preprocessor &PP = CI.getPreprocessor();
    HeaderSearch &HS = PP.getHeaderSearchInfo();
    for (const std::string &Name : Pch.DirectIncludes) {
      OptionalFileEntryRef FE = CI.getFileManager().getOptionalFileRef(Name);
      if (!FE)
        return false;
      PP.markIncluded(*FE);
      if (HS.isFileMultipleIncludeGuarded(*FE))
        continue;
      HS.getFileInfo(*FE).isPragmaOnce = true;
      OnceOnly.push_back(*FE);
    }
    return true;
  }
};

class TranslateAction : public ASTFrontendAction {
public:
  TranslateAction(const TranslateContext &Ctx, TuResult &Out, bool &Reached,
                  const PchChoice *Choice)
      : Ctx(Ctx), Out(Out), Reached(Reached),
        Pch(Choice ? Choice->Pch.get() : nullptr),
        Chain(Choice ? &Choice->Chain : nullptr) {}

  bool BeginSourceFileAction(CompilerInstance &CI) override {
    ParseTimer.emplace(Phase::Parse);
    CI.getPreprocessor().addPPCallbacks(std::make_unique<MacroCollector>(
        CI.getSourceManager(), Ctx.IsUserFile, Facts));
    if (Ctx.Options.AnalyzeFor) {
      // The analyzers ride on this same parse: one parse per TU.
      Analysis = std::make_unique<AnalysisContext>(
          CI, *Ctx.Options.AnalyzeFor, Ctx.IsUserFile, Out.Findings);
      Analysis->setNativeRewrite(Ctx.Options.NativeWave);
      Analysis->registerPPCallbacks(CI.getPreprocessor());
      static const std::vector<AnalyzerEntry> None;
      const std::vector<AnalyzerEntry> &Entries =
          Ctx.Options.Analyzers ? Ctx.Options.Analyzers->analyzers() : None;
      for (const AnalyzerEntry &E : Entries) {
        if (!analyzerWanted(E.Family))
          continue;
        Analyzers.push_back(E.Create(*Analysis));
        Analyzers.back()->registerPPCallbacks(CI.getPreprocessor());
        Analyzers.back()->registerMatchers(Finder);
      }
    }
    if (Pch && Chain && !Chain->empty()) {
      auto R = std::make_unique<PrefixReplayer>(CI, *Pch, *Chain,
                                                PrefixReplayFailed);
      Replayer = R.get();
      CI.getPreprocessor().addPPCallbacks(std::move(R));
    }
    return true;
  }

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    return std::make_unique<SystemBodySkipper>(CI.getSourceManager());
  }

  void EndSourceFileAction() override {
    CompilerInstance &CI = getCompilerInstance();
    if (ParseTimer)
      ParseTimer->stop();
    if (PrefixReplayFailed || (Replayer && !Replayer->finished()))
      return; // not Reached: the TU is parsed again without the PCH
    Reached = true;
    if (Pch)
      enterPchUserFiles(CI);
    if (Ctx.RecordInputs) {
      PhaseTimer T(Phase::Inputs);
      recordInputs(CI.getSourceManager());
    }
    if (!CI.hasASTContext())
      return;
    ASTContext &AST = CI.getASTContext();
    limitTraversalToNonSystemCode(AST);
    {
      PhaseTimer T(Phase::AstPass);
      runAstPass(AST, Ctx.Options, *Ctx.Rules, Ctx.IsUserFile,
                 Ctx.Args->toolkit().Root, Facts, Out);
    }
    if (Analysis) {
      PhaseTimer T(Phase::Analyzers);
      Finder.matchAST(AST);
      for (auto &A : Analyzers)
        A->planTranslationUnit();
      for (auto &A : Analyzers)
        A->finishTranslationUnit();
    }
    PhaseTimer T(Phase::TokenPass);
    tokenPassOverUserFiles(CI);
  }

private:
  const TranslateContext &Ctx;
  TuResult &Out;
  /// The parse got past loading the PCH (clang gives up on a TU whose
  /// PCH does not load before this action sees its end).
  bool &Reached;
  const PreludePch *Pch;
  /// The files on the way to a prefix PCH's lines (empty for the prelude's).
  const std::vector<PrefixLink> *Chain;
  bool PrefixReplayFailed = false;
  /// Owned by the preprocessor, which outlives the action's last use.
  PrefixReplayer *Replayer = nullptr;
  AstFacts Facts;
  std::optional<PhaseTimer> ParseTimer;
  std::unique_ptr<AnalysisContext> Analysis;
  // Analyzers judge the user's code only; not walking the CUDA toolkit's
  // and the standard library's (system) headers halves their cost.
  clang::ast_matchers::MatchFinder Finder{[] {
    clang::ast_matchers::MatchFinder::MatchFinderOptions O;
    O.IgnoreSystemHeaders = true;
    return O;
  }()};
  std::vector<std::unique_ptr<Analyzer>> Analyzers;

  /// The user's headers a prefix PCH holds are only known to the source
  /// manager once a location in them is read; the token pass, the inputs
  /// and the analyzers' raw scans walk the files it knows.
  void enterPchUserFiles(CompilerInstance &CI) {
    if (!Chain || Chain->empty())
      return;
    SourceManager &SM = CI.getSourceManager();
    for (const PchInput &In : Pch->Inputs)
      if (Ctx.IsUserFile(In.Path))
        if (auto FE = CI.getFileManager().getOptionalFileRef(In.Path))
          SM.translateFile(*FE);
  }

  /// The digest of every file as the parse read it (not as it is on disk
  /// now: a file edited during the parse must not be cached under its new
  /// bytes). The prelude is compiled in; the cache key covers it. With a
  /// PCH, the headers it holds are mostly not read here: translateUnit
  /// adds the PCH's own inputs.
  void recordInputs(SourceManager &SM) {
    for (auto It = SM.fileinfo_begin(); It != SM.fileinfo_end(); ++It) {
      FileEntryRef FE = It->first;
      if (isVirtualParseFile(FE.getName()))
        continue;
      std::optional<llvm::MemoryBufferRef> Buf =
          SM.getMemoryBufferForFileOrNone(FE);
      if (!Buf) {
        // A file clang could not read leaves nothing to check later: no
        // inputs means the result is not cacheable.
        Out.Inputs.clear();
        return;
      }
      // Absolute but not normalized: removing "dir/.." from a path whose
      // dir is a symbolic link names another file (GCC's include paths
      // are full of them), and the cache must read back this very file.
      SmallString<256> Path(FE.getName());
      llvm::sys::fs::make_absolute(Path);
      Out.Inputs.push_back(
          {std::string(Path), contentDigest(Buf->getBuffer())});
    }
    sortInputsByPath(Out.Inputs);
  }

  void tokenPassOverUserFiles(CompilerInstance &CI) {
    SourceManager &SM = CI.getSourceManager();
    // Files in the order they were entered, main file first, so the result
    // is the same on every run.
    std::vector<std::pair<std::string, FileID>> Files;
    FileID Main = SM.getMainFileID();
    if (auto FE = SM.getFileEntryRefForID(Main))
      Files.push_back({normalizePath(FE->getName()), Main});
    // Named first, looked up after: translateFile can add to the map
    // (reading the prelude PCH's source locations) while it is walked.
    std::vector<std::pair<std::string, FileEntryRef>> UserFiles;
    for (auto It = SM.fileinfo_begin(); It != SM.fileinfo_end(); ++It) {
      std::string Path = normalizePath(It->first.getName());
      // A prefix PCH's in-memory main file sits in the user's folder.
      if (Path != Files.front().first && Ctx.IsUserFile(Path) &&
          !isVirtualParseFile(Path))
        UserFiles.push_back({std::move(Path), It->first});
    }
    for (auto &[Path, FE] : UserFiles) {
      FileID FID = SM.translateFile(FE);
      if (FID.isValid())
        Files.push_back({Path, FID});
    }
    std::sort(Files.begin() + 1, Files.end());
    Files.erase(
        std::unique(Files.begin(), Files.end(),
                    [](auto &A, auto &B) { return A.first == B.first; }),
        Files.end());
    for (auto &[Path, FID] : Files) {
      if (!Ctx.IsUserFile(Path))
        continue;
      Out.FilesSeen.push_back(Path);
      std::optional<llvm::MemoryBufferRef> Buf = SM.getBufferOrNone(FID);
      if (!Buf)
        continue;
      TokenPassInput In;
      In.File = Path;
      In.Buffer = Buf->getBuffer();
      In.LangOpts = &CI.getLangOpts();
      In.Rules = Ctx.Rules;
      In.TargetRocm = Ctx.Options.TargetRocm;
      In.UserNames = &Facts.UserNames;
      auto Refs = Facts.Refs.find(Path);
      if (Refs != Facts.Refs.end())
        In.AstRefs = &Refs->second;
      auto Calls = Facts.Calls.find(Path);
      if (Calls != Facts.Calls.end())
        In.Calls = &Calls->second;
      In.ToolkitRoot = Ctx.Args->toolkit().Root;
      In.NeedsImplicitRuntimeInclude =
          FID == Main && llvm::sys::path::extension(Path) == ".cu";
      runTokenPass(In, Out);
    }
  }
};

class ActionFactory : public tooling::FrontendActionFactory {
public:
  ActionFactory(const TranslateContext &Ctx, TuResult &Out,
                const PchChoice *Choice)
      : Ctx(Ctx), Out(Out), Choice(Choice) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<TranslateAction>(Ctx, Out, Reached, Choice);
  }
  bool runInvocation(std::shared_ptr<CompilerInvocation> Invocation,
                     FileManager *Files,
                     std::shared_ptr<PCHContainerOperations> PCHContainerOps,
                     DiagnosticConsumer *Diags) override {
    // Set on the invocation, not the command line: the TU's arguments
    // (and the result cache's key over them) stay what they are.
    if (Choice)
      Invocation->getPreprocessorOpts().ImplicitPCHInclude = kPreludePchPath;
    skipSystemFunctionBodies(*Invocation);
    return FrontendActionFactory::runInvocation(
        std::move(Invocation), Files, std::move(PCHContainerOps), Diags);
  }
  /// Set by the action, which the invocation destroys before run() ends.
  bool Reached = false;

private:
  const TranslateContext &Ctx;
  TuResult &Out;
  const PchChoice *Choice;
};

/// One parse of \p MainFile, with \p Choice's PCH loaded in place of the
/// headers it holds when given. Sets \p Reached when the parse got to its end;
/// with a PCH, a parse that did not is worthless (clang stops at a PCH it
/// cannot load).
TuResult parseUnit(StringRef MainFile, const TranslateContext &Ctx,
                   const std::vector<std::string> &Args,
                   const PchChoice *Choice, bool &Reached) {
  const PreludePch *Pch = Choice ? Choice->Pch.get() : nullptr;
  TuResult Out;
  Out.MainFile = MainFile.str();
  // The real file system, with the parse prelude (and the PCH) laid over
  // it in memory. What the parse looked for on disk and did not find is
  // noted below the overlay: the in-memory files are never missing.
  auto Disk = llvm::makeIntrusiveRefCnt<AbsenceRecordingFileSystem>(
      llvm::vfs::getRealFileSystem());
  auto Overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(Disk);
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  Memory->addFile(kParsePreludePath, 0,
                  llvm::MemoryBuffer::getMemBuffer(parsePreludeText()));
  if (Pch) {
    Memory->addFile(
        kPreludePchPath, 0,
        llvm::MemoryBuffer::getMemBuffer(Pch->Bytes->getMemBufferRef(),
                                         /*RequiresNullTerminator=*/false));
    Memory->addFile(Pch->MainPath, 0,
                    llvm::MemoryBuffer::getMemBuffer(Pch->MainText));
  }
  Overlay->pushOverlay(Memory);
  llvm::IntrusiveRefCntPtr<FileManager> Files(
      new FileManager(FileSystemOptions(), Overlay));
  ActionFactory Factory(Ctx, Out, Pch ? Choice : nullptr);
  tooling::ToolInvocation Invocation(
      Args, &Factory, Files.get(), std::make_shared<PCHContainerOperations>());
  ErrorCollector Errors(Out.Errors);
  Invocation.setDiagnosticConsumer(&Errors);
  bool Ok = Invocation.run();
  Reached = Factory.Reached;
  if (Pch && !Reached)
    return Out;
  if (!Ok && Out.FilesSeen.empty()) {
    Out.Failed = true;
    if (Out.Errors.empty())
      Out.Errors.push_back({MainFile.str(), 0, 0, "could not be parsed"});
  }
  if (Ctx.RecordInputs && !Out.Inputs.empty())
    Out.Absent = Disk->absentPaths();
  if (Pch && Ctx.RecordInputs && !Out.Inputs.empty()) {
    // The headers the PCH holds were read to build it, and its build's
    // lookups decided which: the result depends on them as much as on the
    // files this parse opened and the paths it found missing.
    for (const PchInput &In : Pch->Inputs)
      Out.Inputs.push_back({In.Path, In.Digest});
    sortInputsByPath(Out.Inputs);
    mergeAbsentPaths(Out.Absent, Pch->Absent);
  }
  return Out;
}

} // namespace

TuResult translateUnit(StringRef MainFile, const TranslateContext &Ctx) {
  std::vector<std::string> Args = Ctx.Args->argsFor(MainFile);
  PchChoice Choice = Ctx.Pch ? Ctx.Pch->get(Args, MainFile) : PchChoice();
  const std::shared_ptr<const PreludePch> &Pch = Choice.Pch;
  bool Reached = false;
  if (Pch) {
    TuResult Out = parseUnit(MainFile, Ctx, Args, &Choice, Reached);
    if (Reached) {
      Ctx.Pch->countUse();
      return Out;
    }
  }
  // Without the PCH (none, or it did not load: never the user's problem,
  // the plain parse gives the result the PCH would have).
  bool PlainReached = false;
  TuResult Out = parseUnit(MainFile, Ctx, Args, nullptr, PlainReached);
  // Only a PCH that failed where the plain parse went through is to blame
  // (an unreadable main file fails both ways).
  if (Pch && PlainReached)
    Ctx.Pch->markUnusable(*Pch);
  return Out;
}

TuResult translateUnitContained(StringRef MainFile,
                                const TranslateContext &Ctx) {
  TuResult Out;
  int Signal = runContained(kParseStackBytes, [&] {
    // What clang's driver does first: with the bottom of the stack known,
    // the parser moves a recursion that nears 8 MiB onto a fresh stack
    // instead of running off this one.
    clang::noteBottomOfStack(/*ForceSet=*/true);
    Out = translateUnit(MainFile, Ctx);
  });
  if (!Signal)
    return Out;
  TuResult Crashed;
  Crashed.MainFile = MainFile.str();
  Crashed.Failed = true;
  Crashed.Errors.push_back(
      {MainFile.str(), 0, 0,
       std::string("hipwright crashed translating this file (") +
           ::strsignal(Signal) +
           "; a stack overflow on extremely deep nesting, or a bug); it was "
           "not translated"});
  return Crashed;
}

} // namespace hipwright
