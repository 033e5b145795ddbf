//===- Porter.cpp - porting a tree of CUDA sources ------------------------===//
#include "port/Porter.h"
#include "analysis/AnalyzerRegistry.h"
#include "analysis/FoldedUses.h"
#include "buildfiles/BuildFiles.h"
#include "buildfiles/CMakeIncludeDirs.h"
#include "buildfiles/MakeIncludeDirs.h"
#include "findings/FindingsStage.h"
#include "port/CompatHeader.h"
#include "port/SourceDialect.h"
#include "port/TokenPass.h"
#include "port/TranslateUnit.h"
#include "rules/RuleTable.h"
#include "support/FramedRecord.h"
#include "support/LineIndex.h"
#include "support/Paths.h"

#include "clang/Basic/LangOptions.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <mutex>
#include <numeric>
#include <optional>
#include <set>
#include <tuple>

using namespace llvm;

namespace hipwright {

const char *toString(FileStatus S) {
  switch (S) {
  case FileStatus::Translated:
    return "translated";
  case FileStatus::Unchanged:
    return "unchanged";
  case FileStatus::Partial:
    return "partial";
  case FileStatus::Failed:
    return "failed";
  }
  return "?";
}

/// True when the file at \p Path is HIP already. An unreadable file is not:
/// the pass that reads it reports the error.
static bool fileIsAlreadyHip(const std::string &Path, const RuleTable &Rules) {
  auto Buf = MemoryBuffer::getFile(Path);
  return Buf && isAlreadyHip((*Buf)->getBuffer(), Rules);
}

/// A header that no TU includes is still the user's code: translate it with
/// the token pass alone (there is no parse to consult).
static TuResult translateOrphanHeader(const std::string &Path,
                                      const RuleTable &Rules,
                                      std::optional<RocmVersion> TargetRocm) {
  TuResult Out;
  Out.MainFile = Path;
  auto Buf = MemoryBuffer::getFile(Path);
  if (!Buf) {
    Out.Failed = true;
    Out.Errors.push_back({Path, 0, 0, Buf.getError().message()});
    return Out;
  }
  clang::LangOptions LO;
  LO.CPlusPlus = LO.CPlusPlus11 = LO.CPlusPlus14 = LO.CPlusPlus17 = true;
  LO.CUDA = true;
  TokenPassInput In;
  In.File = Path;
  In.Buffer = (*Buf)->getBuffer();
  In.LangOpts = &LO;
  In.Rules = &Rules;
  In.TargetRocm = TargetRocm;
  Out.FilesSeen.push_back(Path);
  runTokenPass(In, Out);
  return Out;
}

/// The order TUs are parsed in (their results keep the input order):
/// the first TU of each PCH, most shared first, then the rest as given. The
/// workers then build different PCHs at the start instead of all waiting
/// for the first one.
static std::vector<size_t> parseOrder(const std::vector<std::string> &ToParse,
                                      const CompileArgs &Args,
                                      PreludePchStore *Pch) {
  std::vector<size_t> Order(ToParse.size());
  std::iota(Order.begin(), Order.end(), 0);
  if (!Pch)
    return Order;
  std::map<std::string, std::vector<size_t>> Groups;
  for (size_t I = 0; I < ToParse.size(); ++I) {
    std::string Key = Pch->plannedKey(Args.argsFor(ToParse[I]), ToParse[I]);
    if (!Key.empty())
      Groups[Key].push_back(I);
  }
  std::vector<const std::vector<size_t> *> BySize;
  for (const auto &G : Groups)
    BySize.push_back(&G.second);
  std::stable_sort(BySize.begin(), BySize.end(),
                   [](auto *A, auto *B) { return A->size() > B->size(); });
  std::vector<size_t> Out;
  std::vector<bool> Taken(ToParse.size());
  for (const std::vector<size_t> *G : BySize) {
    Out.push_back(G->front());
    Taken[G->front()] = true;
  }
  for (size_t I : Order)
    if (!Taken[I])
      Out.push_back(I);
  return Out;
}

Expected<PortResult> runPort(const PortRequest &Req) {
  auto Start = std::chrono::steady_clock::now();
  // Patterns first: a typo in --rules must not cost a whole parse.
  std::optional<RuleCatalog> OwnCatalog;
  FindingsPolicy Policy = Req.Findings;
  if (!Policy.Catalog)
    Policy.Catalog = &OwnCatalog.emplace(RuleCatalog::of(
        Req.Options.Analyzers ? *Req.Options.Analyzers : AnalyzerRegistry({})));
  const RuleCatalog &Catalog = *Policy.Catalog;
  if (Error E = checkRulePatterns(Req.FixRules, Catalog, "--rules"))
    return std::move(E);
  if (Error E = checkRulePatterns(Req.Findings.OnlyRules, Catalog, "--rules"))
    return std::move(E);
  Expected<InputTree> Inputs = collectInputs(Req.Paths);
  if (!Inputs)
    return Inputs.takeError();
  Expected<CudaToolkit> Toolkit = findCudaToolkit(Req.CudaPath);
  if (!Toolkit)
    return Toolkit.takeError();
  CompileArgs Args(*Toolkit, HIPWRIGHT_CLANG_RESOURCE_DIR, Req.ExtraArgs);
  if (Req.BuildDir)
    if (Error E = Args.loadCompilationDatabase(*Req.BuildDir))
      return std::move(E);

  PortResult Result;
  Result.Inputs = std::move(*Inputs);
  const InputTree &Tree = Result.Inputs;
  const RuleTable &Rules = RuleTable::builtin();

  TranslateContext Ctx;
  Ctx.Args = &Args;
  Ctx.Rules = &Rules;
  Ctx.Options = Req.Options;
  if (!Ctx.Options.TargetRocm)
    Ctx.Options.TargetRocm = Rules.newestRocmVersion();
  Ctx.IsUserFile = [&Tree](StringRef Path) { return Tree.contains(Path); };

  // HIP sources are not parsed (a CUDA parse of HIP's headers fails) and
  // not edited: porting them again must change nothing.
  std::set<std::string> HipFiles;
  for (const std::string &U : Tree.Units)
    if (fileIsAlreadyHip(U, Rules))
      HipFiles.insert(U);
  std::vector<std::string> ToParse;
  for (const std::string &U : Tree.Units)
    if (!HipFiles.count(U))
      ToParse.push_back(U);
  // Without compile_commands.json, the include directories the tree's own
  // CMake files and Makefiles give a source (its `inc/` folder) join its
  // parse.
  if (!Req.BuildDir) {
    CMakeIncludeDirs FromCMake(Tree.Root);
    MakeIncludeDirs FromMake(Tree.Root);
    for (const std::string &U : ToParse) {
      std::vector<std::string> Dirs = FromCMake.dirsFor(U);
      for (std::string &D : FromMake.dirsFor(U))
        if (!is_contained(Dirs, D))
          Dirs.push_back(std::move(D));
      Args.setInferredIncludeDirs(U, std::move(Dirs));
    }
  }

  if (Req.Shard) {
    std::vector<std::string> Mine;
    for (const std::string &U : ToParse)
      if (shardOf(Tree.relative(U), Req.Shard->Count) == Req.Shard->Index)
        Mine.push_back(U);
    ToParse = std::move(Mine);
  }

  std::optional<UnitCache> Cache;
  if (Req.Cache && !Req.Precomputed) {
    Cache.emplace(*Req.Cache, runCacheKey(Ctx.Options), Ctx.IsUserFile);
    Cache->sweepAbandonedTemporaries();
    Ctx.RecordInputs = true;
  }
  // A shard's results are applied by a later merge, to files that may have
  // changed by then: the merge checks every file they were computed from
  // (port/ShardFreshness.h).
  if (Req.Shard)
    Ctx.RecordInputs = true;

  std::optional<PreludePchStore> Pch;
  std::optional<std::string> NoPch = sys::Process::GetEnv("HIPWRIGHT_NO_PCH");
  if (Req.PreludePch && !Req.Precomputed && !(NoPch && *NoPch == "1") &&
      !ToParse.empty()) {
    // --no-cache (no Req.Cache): a PCH for this run only, in memory.
    Pch.emplace(Req.Cache ? Req.Cache->Dir : std::string());
    for (const std::string &U : ToParse)
      Pch->expect(Args.argsFor(U), U);
    Ctx.Pch = &*Pch;
  }

  // One slot per TU, filled by workers, read in input order afterwards:
  // output does not depend on --jobs or on scheduling.
  std::vector<TuResult> Units(ToParse.size());
  if (Req.Precomputed) {
    for (size_t I = 0; I < ToParse.size(); ++I) {
      auto It = Req.Precomputed->find(ToParse[I]);
      if (It == Req.Precomputed->end())
        return createStringError(
            inconvertibleErrorCode(),
            ToParse[I] + ": no shard has a result for this file: merge must "
                         "run on the tree the shards read, from the same "
                         "directory");
      Units[I] = It->second;
    }
    if (Req.Precomputed->size() != ToParse.size()) {
      std::set<std::string> Wanted(ToParse.begin(), ToParse.end());
      for (const auto &[Path, _] : *Req.Precomputed)
        if (!Wanted.count(Path))
          return createStringError(
              inconvertibleErrorCode(),
              Path + ": a shard has a result for this file, but it is not a "
                     "source of the tree being merged");
    }
  } else {
    // Default: every CPU the process may run on (what nproc reports).
    unsigned Jobs =
        Req.Jobs
            ? Req.Jobs
            : std::max(1u, llvm::hardware_concurrency().compute_thread_count());
    DefaultThreadPool Pool(llvm::hardware_concurrency(Jobs));
    std::mutex ProgressMutex;
    size_t Done = 0;
    if (Req.OnUnitDone) // the line appears before the first, slowest TU
      Req.OnUnitDone(0, ToParse.size());
    for (size_t I : parseOrder(ToParse, *Ctx.Args, Pch ? &*Pch : nullptr))
      Pool.async([&, I] {
        std::vector<std::string> Args;
        std::optional<TuResult> Hit;
        if (Cache) {
          Args = Ctx.Args->argsFor(ToParse[I]);
          Hit = Cache->lookup(Args);
        }
        if (Hit) {
          Units[I] = std::move(*Hit);
        } else {
          // Own thread, big stack: one TU that crashes clang fails alone.
          Units[I] = translateUnitContained(ToParse[I], Ctx);
          if (Cache)
            Cache->store(Args, Units[I]);
        }
        if (Req.OnUnitDone) {
          std::lock_guard<std::mutex> Lock(ProgressMutex);
          Req.OnUnitDone(++Done, ToParse.size());
        }
      });
    Pool.wait();
  }
  if (Cache) {
    Cache->evictIfOverBound();
    Result.Cache = Cache->stats();
    Result.CacheWriteError = Cache->firstWriteError();
  }
  if (Pch)
    Result.Pch = Pch->stats();
  if (Req.Shard) {
    // A parse that failed outright records no inputs; its source is still
    // what its (error-only) result was computed from.
    for (TuResult &U : Units)
      if (U.Inputs.empty())
        if (std::optional<std::string> D = fileDigest(U.MainFile))
          U.Inputs.push_back({U.MainFile, *D});
    Result.ShardUnits = std::move(Units);
    return Result;
  }

  std::set<std::string> Covered;
  for (const TuResult &U : Units)
    Covered.insert(U.FilesSeen.begin(), U.FilesSeen.end());
  std::set<std::string> Orphans;
  for (const std::string &H : Tree.Headers)
    if (!Covered.count(H)) {
      Orphans.insert(H);
      if (fileIsAlreadyHip(H, Rules))
        HipFiles.insert(H);
      else
        Units.push_back(
            translateOrphanHeader(H, Rules, Ctx.Options.TargetRocm));
    }

  // Merge: edits per file, references and findings deduplicated by place
  // (a shared header is seen by every TU that includes it). The findings'
  // fix-its wait for the findings stage below.
  EditSet Edits;
  std::map<std::string, std::vector<std::string>> ErrorsByFile;
  std::set<std::string> FailedFiles;
  std::map<std::tuple<std::string, unsigned, std::string>, ApiReference> Refs;
  std::map<std::tuple<std::string, unsigned, unsigned, std::string>, Finding>
      Findings;
  std::map<std::tuple<std::string, unsigned, std::string>, KernelDef> Kernels;
  // A file's errors, each once however many TUs report it.
  auto AddError = [&](const std::string &File, std::string Text) {
    std::vector<std::string> &List = ErrorsByFile[File];
    if (!llvm::is_contained(List, Text))
      List.push_back(std::move(Text));
  };
  for (TuResult &U : Units) {
    Edits.addAll(U.Edits);
    for (ApiReference &R : U.References)
      Refs.try_emplace({R.File, R.Offset, R.Name}, R);
    for (Finding &F : U.Findings) {
      auto [It, New] =
          Findings.try_emplace({F.File, F.Line, F.Column, F.RuleId}, F);
      // A definition in a shared header: each TU lists the uses in its own
      // files; the finding lists them all.
      if (!New)
        mergeFoldedUses(It->second, F);
    }
    for (KernelDef &K : U.Kernels)
      Kernels.try_emplace({K.File, K.Line, K.Name}, K);
    for (const ParseError &E : U.Errors) {
      // Attribute an error to the user file it points into, else to the TU
      // (a system header, the command line).
      bool InUserFile = llvm::is_contained(U.FilesSeen, E.File);
      AddError(InUserFile ? E.File : U.MainFile, E.str());
      // A fatal error in a header the TU includes ends the TU's parse there:
      // the rest of the main file had no AST (no call rewrites, no
      // findings), only the token pass. Say so at the main file too, or it
      // would read as fully translated.
      if (E.Fatal && InUserFile && E.File != U.MainFile)
        AddError(U.MainFile,
                 U.MainFile + ": error: the parse stopped at " + E.File + ":" +
                     std::to_string(E.Line) + " (" + E.Message +
                     "); the rest of this file was translated by its tokens "
                     "only, without the parse's rewrites and findings");
    }
    if (U.Failed)
      FailedFiles.insert(U.MainFile);
  }
  for (auto &[_, R] : Refs)
    Result.References.push_back(std::move(R));
  for (auto &[_, F] : Findings)
    Result.Findings.push_back(std::move(F));
  for (auto &[_, K] : Kernels)
    Result.Kernels.push_back(std::move(K));

  std::vector<std::string> AllFiles = Tree.Units;
  AllFiles.insert(AllFiles.end(), Tree.Headers.begin(), Tree.Headers.end());
  std::sort(AllFiles.begin(), AllFiles.end());
  for (const std::string &Path : AllFiles) {
    FileOutcome O;
    O.Path = Path;
    O.AlreadyHip = HipFiles.count(Path);
    O.Parsed = !Orphans.count(Path) && !O.AlreadyHip;
    O.Errors = ErrorsByFile[Path];
    auto Buf = MemoryBuffer::getFile(Path, /*IsText=*/false,
                                     /*RequiresNullTerminator=*/false);
    if (!Buf || FailedFiles.count(Path)) {
      O.Status = FileStatus::Failed;
      if (!Buf)
        O.Errors.push_back(Path + ": error: " + Buf.getError().message());
    } else {
      O.Original = (*Buf)->getBuffer().str();
    }
    Result.Files.push_back(std::move(O));
  }

  // The findings stage, once, before anything reads the findings: only
  // fix-its of findings that survive it (configuration, --rules, NOLINT)
  // are applied.
  FindingsStageInput Stage;
  Stage.Findings = std::move(Result.Findings);
  for (const FileOutcome &O : Result.Files)
    Stage.Files.push_back({O.Path, O.Original});
  Stage.Root = Tree.Root;
  Stage.RelativePath = [&Tree](StringRef File) { return Tree.relative(File); };
  Expected<std::vector<Finding>> Judged =
      runFindingsStage(std::move(Stage), Policy);
  if (!Judged)
    return Judged.takeError();
  Result.Findings = std::move(*Judged);
  Edits.addAll(survivingFixes(Result.Findings, Req.ApplyFixes, Req.FixRules));

  for (FileOutcome &O : Result.Files) {
    if (O.Status == FileStatus::Failed)
      continue;
    const std::string &Path = O.Path;
    size_t ConflictsBefore = Edits.conflicts().size();
    std::vector<Replacement> FileEdits = Edits.editsFor(Path);
    alignLineContinuations(O.Original, FileEdits);
    O.Translated = applyEdits(O.Original, FileEdits);
    addCompatIncludeForFixes(O.Translated);
    std::optional<LineIndex> Lines; // only files with conflicts need one
    for (size_t I = ConflictsBefore; I < Edits.conflicts().size(); ++I) {
      const EditConflict &C = Edits.conflicts()[I];
      if (!Lines)
        Lines.emplace(O.Original);
      auto [Line, Col] = Lines->lineAndColumn(C.Dropped.Offset);
      O.Errors.push_back(Path + ":" + std::to_string(Line) + ":" +
                         std::to_string(Col) + ": error: conflicting edits: '" +
                         C.Kept.Text + "' kept, '" + C.Dropped.Text +
                         "' not applied");
    }
    if (!O.Errors.empty())
      O.Status = FileStatus::Partial;
    else if (O.Translated != O.Original)
      O.Status = FileStatus::Translated;
    else
      O.Status = FileStatus::Unchanged;
  }
  if (Req.MigrateBuildFiles && !Tree.BuildFiles.empty()) {
    BuildMigrationOptions BO;
    BO.Architectures = Req.BuildArchitectures;
    BO.Root = Tree.Root;
    for (BuildFileResult &B : migrateBuildFiles(Tree.BuildFiles, BO)) {
      FileOutcome O;
      O.Path = B.Path;
      O.BuildFile = true;
      O.Parsed = false;
      O.Original = std::move(B.Original);
      O.Translated = std::move(B.Translated);
      O.Errors = std::move(B.Errors);
      O.Notes = std::move(B.Notes);
      O.BuildNvccLeft = B.NvccLeft;
      O.BuildFlagsUnplaced = B.FlagsUnplaced;
      if (!O.Errors.empty())
        O.Status = O.Original.empty() && O.Translated.empty()
                       ? FileStatus::Failed
                       : FileStatus::Partial;
      else
        O.Status = O.Translated != O.Original ? FileStatus::Translated
                                              : FileStatus::Unchanged;
      Result.Files.push_back(std::move(O));
    }
    std::stable_sort(Result.Files.begin(), Result.Files.end(),
                     [](const FileOutcome &A, const FileOutcome &B) {
                       return A.Path < B.Path;
                     });
  }
  Result.Conflicts = Edits.conflicts();
  Result.Seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count();
  return Result;
}

} // namespace hipwright
