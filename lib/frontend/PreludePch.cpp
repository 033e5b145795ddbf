//===- PreludePch.cpp - the headers every CUDA parse shares, precompiled --===//
#include "frontend/PreludePch.h"
#include "frontend/AbsentPaths.h"
#include "frontend/ParseEconomy.h"
#include "frontend/ParsePrelude.h"
#include "support/ByteCodec.h"
#include "support/FramedRecord.h"
#include "support/PhaseTimes.h"
#include "support/Version.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Serialization/ASTWriter.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <algorithm>

using namespace clang;
using namespace llvm;

namespace hipwright {

/// The PCH file format; bump it when encodePreludePch changes.
static constexpr const char *kPchMagic = "hipwright-prelude-pch 3";

/// The file name a prefix PCH's main file gets in the TU's directory.
static constexpr const char *kPrefixMainStem = ".hipwright-prefix-";

bool isVirtualParseFile(StringRef Path) {
  return Path.starts_with("/hipwright-virtual/") ||
         sys::path::filename(Path).starts_with(kPrefixMainStem);
}

/// -include FILE in any of the spellings clang accepts; the number of
/// arguments it takes, 0 if \p I is not one.
static unsigned includeFlagWidth(ArrayRef<std::string> Args, size_t I) {
  StringRef A = Args[I];
  if ((A == "-include" || A == "--include") && I + 1 < Args.size())
    return 2;
  if ((A.starts_with("-include") && A.size() > strlen("-include") &&
       !A.starts_with("-include-pch")) ||
      A.starts_with("--include="))
    return 1;
  return 0;
}

std::optional<PchPlan> planPreludePch(ArrayRef<std::string> TuArgs) {
  if (TuArgs.size() < 2)
    return std::nullopt;
  bool Cuda = false;
  for (size_t I = 0; I + 1 < TuArgs.size(); ++I) {
    StringRef A = TuArgs[I];
    if (A == "-x" && TuArgs[I + 1] == "cuda")
      Cuda = true;
    // Flags that bring PCHs, modules or cc1 options of their own: clang
    // would have to reconcile two of them; a plain parse is always right.
    if (A.starts_with("-include-pch") || A.starts_with("-Xclang") ||
        A.contains("-emit-") || A.starts_with("-fmodule") ||
        A.starts_with("-fpch") || A == "-cc1")
      return std::nullopt;
  }
  if (!Cuda)
    return std::nullopt;

  PchPlan Plan;
  bool AfterPrelude = false;
  for (size_t I = 0; I + 1 < TuArgs.size(); ++I) {
    unsigned Width = includeFlagWidth(TuArgs, I);
    if (Width == 2 && TuArgs[I + 1] == kParsePreludePath) {
      AfterPrelude = true;
    } else if (Width && AfterPrelude) {
      // The user's own forced include: parsed with the TU, after the PCH.
      I += Width - 1;
      continue;
    }
    Plan.BuildArgs.push_back(TuArgs[I]);
  }
  if (!AfterPrelude) // not a command line CompileArgs made
    return std::nullopt;
  Plan.BuildArgs.push_back(kPreludePchMainPath);

  ByteWriter W;
  W.str(kPchMagic);
  W.str(toolVersion());
  W.str(gitCommit());
  W.str(llvmVersion());
  W.str(contentDigest(parsePreludeText()));
  W.str(parseEconomyMode());
  SmallString<256> Cwd;
  if (!sys::fs::current_path(Cwd))
    W.str(Cwd);
  for (const char *Name : {"CPATH", "C_INCLUDE_PATH", "CPLUS_INCLUDE_PATH",
                           "CUDA_PATH", "CUDA_HOME"}) {
    std::optional<std::string> V = sys::Process::GetEnv(Name);
    W.num(V.has_value());
    W.str(V ? *V : "");
  }
  W.num(Plan.BuildArgs.size());
  for (const std::string &A : Plan.BuildArgs)
    W.str(A);
  Plan.Key = contentDigest(W.take());
  return Plan;
}

std::optional<PchPlan> planPrefixPch(ArrayRef<std::string> TuArgs,
                                     const PrefixCandidate &C) {
  std::optional<PchPlan> Prelude = planPreludePch(TuArgs);
  // The prelude plan drops only the user's -include files and the file.
  if (!Prelude || Prelude->BuildArgs.size() != TuArgs.size() || C.Text.empty())
    return std::nullopt;
  PchPlan Plan;
  Plan.Prefix = true;
  Plan.MainText = C.Text;
  ByteWriter W;
  W.str("prefix");
  W.str(Prelude->Key);
  W.str(C.Dir);
  W.str(C.Text);
  Plan.Key = contentDigest(W.take());
  std::string Name = kPrefixMainStem + Plan.Key.substr(0, 16) + ".cu";
  SmallString<256> Main(C.Dir.empty() ? StringRef("/hipwright-virtual")
                                      : StringRef(C.Dir));
  sys::path::append(Main, Name);
  Plan.MainPath = std::string(Main);
  Plan.BuildArgs = std::move(Prelude->BuildArgs);
  Plan.BuildArgs.back() = Plan.MainPath;
  return Plan;
}

namespace {

/// Counts the errors of the prelude's parse: a PCH of a prelude that does
/// not parse is not built.
class ErrorCounter : public DiagnosticConsumer {
public:
  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level >= DiagnosticsEngine::Error && First.empty()) {
      SmallString<256> Msg;
      Info.FormatDiagnostic(Msg);
      First = std::string(Msg);
    }
  }
  std::string First;
};

/// The headers the main file itself includes.
class DirectIncludes : public PPCallbacks {
public:
  DirectIncludes(const SourceManager &SM, std::vector<FileEntryRef> &Out)
      : SM(SM), Out(Out) {}
  void InclusionDirective(SourceLocation HashLoc, const Token &, StringRef,
                          bool, CharSourceRange, OptionalFileEntryRef File,
                          StringRef, StringRef, const Module *, bool,
                          SrcMgr::CharacteristicKind) override {
    if (File && SM.getFileID(HashLoc) == SM.getMainFileID())
      Out.push_back(*File);
  }

private:
  const SourceManager &SM;
  std::vector<FileEntryRef> &Out;
};

/// The PCH holds the same AST a TU's own parse of the prelude would make:
/// system headers' function bodies skipped as ParseEconomy says.
class BodySkippingPchGenerator : public PCHGenerator {
public:
  template <typename... Args>
  BodySkippingPchGenerator(const SourceManager &SM, Args &&...A)
      : PCHGenerator(std::forward<Args>(A)...), Skipper(SM) {}
  bool shouldSkipFunctionBody(Decl *D) override {
    return Skipper.shouldSkipFunctionBody(D);
  }

private:
  SystemBodySkipper Skipper;
};

/// clang's GeneratePCHAction writes to a file; this one keeps the bytes
/// in memory, so that they can go to the cache through an atomic write
/// (or nowhere, with --no-cache).
class PchAction : public ASTFrontendAction {
public:
  PchAction(PreludePch &Out, std::shared_ptr<PCHBuffer> Buffer,
            std::string &Problem, bool Prefix)
      : Out(Out), Buffer(std::move(Buffer)), Problem(Problem), Prefix(Prefix) {}

  TranslationUnitKind getTranslationUnitKind() override { return TU_Prefix; }

  bool BeginSourceFileAction(CompilerInstance &CI) override {
    CI.getLangOpts().CompilingPCH = true;
    if (Prefix) {
      CI.getPreprocessor().addPPCallbacks(
          std::make_unique<PpEventRecorder>(CI.getSourceManager(), Out.Events));
      CI.getPreprocessor().addPPCallbacks(
          std::make_unique<DirectIncludes>(CI.getSourceManager(), Included));
    }
    return true;
  }

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    // No timestamps: the same inputs give the same bytes, whichever
    // process built them; freshness is checked by content (the inputs'
    // digests) instead.
    return std::make_unique<BodySkippingPchGenerator>(
        CI.getSourceManager(), CI.getPreprocessor(), CI.getModuleCache(),
        kPreludePchPath,
        /*isysroot=*/"", Buffer, CI.getCodeGenOpts(),
        ArrayRef<std::shared_ptr<ModuleFileExtension>>(),
        /*AllowASTWithErrors=*/false, /*IncludeTimestamps=*/false);
  }

  void EndSourceFileAction() override {
    SourceManager &SM = getCompilerInstance().getSourceManager();
    // A TU that loads the PCH reads its own #include lines again and skips
    // each header once (port/TranslateUnit.cpp): a header its first lines
    // include twice would be read twice there, so no PCH for them.
    for (size_t I = 0; I < Included.size(); ++I) {
      for (size_t J = 0; J < I; ++J)
        if (Included[J] == Included[I] && Problem.empty())
          Problem = (Included[I].getName() + " is included twice").str();
      Out.DirectIncludes.push_back(Included[I].getName().str());
    }
    for (auto It = SM.fileinfo_begin(); It != SM.fileinfo_end(); ++It) {
      FileEntryRef FE = It->first;
      if (isVirtualParseFile(FE.getName()))
        continue;
      std::optional<MemoryBufferRef> Buf = SM.getMemoryBufferForFileOrNone(FE);
      if (!Buf) {
        Problem = (FE.getName() + " could not be read back").str();
        continue;
      }
      // The spelling TranslateUnit's recordInputs uses for the same file.
      SmallString<256> Path(FE.getName());
      sys::fs::make_absolute(Path);
      Out.Inputs.push_back(
          {std::string(Path), contentDigest(Buf->getBuffer())});
    }
  }

private:
  PreludePch &Out;
  std::shared_ptr<PCHBuffer> Buffer;
  std::string &Problem;
  bool Prefix;
  std::vector<FileEntryRef> Included;
};

/// Holds what the action leaves behind: the invocation destroys the
/// action itself before run() returns.
class PchActionFactory : public tooling::FrontendActionFactory {
public:
  PchActionFactory(PreludePch &Out, bool Prefix) : Out(Out), Prefix(Prefix) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<PchAction>(Out, Buffer, Problem, Prefix);
  }
  bool runInvocation(std::shared_ptr<CompilerInvocation> Invocation,
                     FileManager *Files,
                     std::shared_ptr<PCHContainerOperations> PCHContainerOps,
                     DiagnosticConsumer *Diags) override {
    skipSystemFunctionBodies(*Invocation);
    return FrontendActionFactory::runInvocation(
        std::move(Invocation), Files, std::move(PCHContainerOps), Diags);
  }
  std::shared_ptr<PCHBuffer> Buffer = std::make_shared<PCHBuffer>();
  std::string Problem;

private:
  PreludePch &Out;
  bool Prefix;
};

} // namespace

Expected<PreludePch> buildPreludePch(const PchPlan &Plan) {
  PhaseTimer Timer(Phase::PchBuild);
  PreludePch Out;
  Out.Key = Plan.Key;
  auto Disk =
      makeIntrusiveRefCnt<AbsenceRecordingFileSystem>(vfs::getRealFileSystem());
  auto Overlay = makeIntrusiveRefCnt<vfs::OverlayFileSystem>(Disk);
  auto Memory = makeIntrusiveRefCnt<vfs::InMemoryFileSystem>();
  Memory->addFile(kParsePreludePath, 0,
                  MemoryBuffer::getMemBuffer(parsePreludeText()));
  Memory->addFile(Plan.MainPath, 0, MemoryBuffer::getMemBuffer(Plan.MainText));
  Overlay->pushOverlay(Memory);
  IntrusiveRefCntPtr<FileManager> Files(
      new FileManager(FileSystemOptions(), Overlay));
  Out.MainPath = Plan.MainPath;
  Out.MainText = Plan.MainText;
  PchActionFactory Factory(Out, Plan.Prefix);
  tooling::ToolInvocation Invocation(
      Plan.BuildArgs, &Factory, Files.get(),
      std::make_shared<PCHContainerOperations>());
  ErrorCounter Errors;
  Invocation.setDiagnosticConsumer(&Errors);
  bool Ok = Invocation.run();
  auto Fail = [](const Twine &Why) {
    return createStringError(inconvertibleErrorCode(),
                             "prelude PCH not built: " + Why);
  };
  if (!Ok || !Errors.First.empty())
    return Fail(Errors.First.empty() ? "the parse failed" : Errors.First);
  if (!Factory.Buffer->IsComplete || Factory.Buffer->Data.empty())
    return Fail("clang wrote no PCH");
  if (!Factory.Problem.empty())
    return Fail(Factory.Problem);
  Out.Absent = Disk->absentPaths();
  SmallVector<char, 0> &Data = Factory.Buffer->Data;
  Out.Bytes = MemoryBuffer::getMemBufferCopy(
      StringRef(Data.data(), Data.size()), kPreludePchPath);
  std::sort(
      Out.Inputs.begin(), Out.Inputs.end(),
      [](const PchInput &A, const PchInput &B) { return A.Path < B.Path; });
  Out.Inputs.erase(std::unique(Out.Inputs.begin(), Out.Inputs.end(),
                               [](const PchInput &A, const PchInput &B) {
                                 return A.Path == B.Path;
                               }),
                   Out.Inputs.end());
  return Out;
}

std::string encodePreludePch(const PreludePch &Pch) {
  ByteWriter W;
  W.str(Pch.Key);
  W.num(Pch.Inputs.size());
  for (const PchInput &In : Pch.Inputs) {
    W.str(In.Path);
    W.str(In.Digest);
  }
  W.num(Pch.Absent.size());
  for (const std::string &P : Pch.Absent)
    W.str(P);
  W.str(Pch.MainPath);
  W.str(Pch.MainText);
  writePpEvents(W, Pch.Events);
  W.num(Pch.DirectIncludes.size());
  for (const std::string &P : Pch.DirectIncludes)
    W.str(P);
  W.str(Pch.Bytes->getBuffer());
  return frameRecord(kPchMagic, W.take());
}

Expected<PreludePch> decodePreludePch(StringRef Bytes, StringRef What) {
  Expected<StringRef> Payload = unframeRecord(kPchMagic, Bytes, What);
  if (!Payload)
    return Payload.takeError();
  ByteReader R(*Payload);
  PreludePch Out;
  Out.Key = R.str();
  uint64_t N = R.count();
  for (uint64_t I = 0; I < N && R.ok(); ++I) {
    PchInput In;
    In.Path = R.str();
    In.Digest = R.str();
    Out.Inputs.push_back(std::move(In));
  }
  uint64_t NAbsent = R.count();
  for (uint64_t I = 0; I < NAbsent && R.ok(); ++I)
    Out.Absent.push_back(R.str());
  Out.MainPath = R.str();
  Out.MainText = R.str();
  Out.Events = readPpEvents(R);
  uint64_t NDirect = R.count();
  for (uint64_t I = 0; I < NDirect && R.ok(); ++I)
    Out.DirectIncludes.push_back(R.str());
  std::string Pch = R.str();
  if (!R.ok() || !R.atEnd() || Pch.empty() || Out.Inputs.empty())
    return createStringError(inconvertibleErrorCode(),
                             What + ": malformed prelude PCH record");
  Out.Bytes = MemoryBuffer::getMemBufferCopy(Pch, kPreludePchPath);
  return Out;
}

} // namespace hipwright
