//===- OutputWriter.cpp - where a port's results go -----------------------===//
#include "port/OutputWriter.h"
#include "port/Backup.h"
#include "port/CompatHeader.h"
#include "port/OutputSafety.h"
#include "port/UnifiedDiff.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <set>
#include <unistd.h>

using namespace llvm;

namespace hipwright {

static bool written(const FileOutcome &F) {
  return F.Status == FileStatus::Translated || F.Status == FileStatus::Partial;
}

static void note(const OutputOptions &Opts, const std::string &Line) {
  if (Opts.OnNote)
    Opts.OnNote(Line);
}

static void cleanStaleTemporaries(const std::vector<std::string> &Targets,
                                  const OutputOptions &Opts) {
  for (const std::string &P : removeStaleTemporaries(Targets))
    note(Opts, P + ": removed, a temporary file an interrupted run left");
}

/// The directories (as input paths) of the files whose port includes
/// hipwright_cuda_compat.h, each once, sorted.
static std::vector<std::string> compatHeaderDirs(const PortResult &Result) {
  std::set<std::string> Dirs;
  for (const FileOutcome &F : Result.Files)
    if (written(F) && includesCompatHeader(F.Translated))
      Dirs.insert(sys::path::parent_path(F.Path).str());
  return {Dirs.begin(), Dirs.end()};
}

/// Writes hipwright_cuda_compat.h to \p Target unless it holds that text
/// already. A file of that name that is not a copy some hipwright wrote is
/// the user's: it is kept, and the port stops before writing anything
/// (callers check every target first, with \p DryRun).
static Error placeCompatHeader(StringRef Target, bool DryRun) {
  auto Old = MemoryBuffer::getFile(Target, /*IsText=*/false,
                                   /*RequiresNullTerminator=*/false);
  if (Old) {
    if ((*Old)->getBuffer() == compatHeaderText())
      return Error::success();
    if (!isCompatHeaderCopy((*Old)->getBuffer()))
      return createStringError(
          std::errc::file_exists,
          "%s exists and is not hipwright's: the port needs that name for "
          "its equivalents of CUDA-only functions; rename the file "
          "(nothing was written)",
          Target.str().c_str());
  }
  if (DryRun)
    return Error::success();
  return writeFileAtomically(Target, compatHeaderText());
}

/// Stdout and --diff write nothing to disk, the header included: say where
/// it belongs and how to get it.
static void noteUnwrittenCompatHeaders(const PortResult &Result,
                                       const OutputOptions &Opts) {
  for (const std::string &Dir : compatHeaderDirs(Result))
    note(Opts, Dir + ": the port includes " + kCompatHeaderName.str() +
                   " here; --out-root and --in-place write it, `hipwright "
                   "query --compat-header` prints it");
}

static Error writeOutRoot(const PortResult &Result, const OutputOptions &Opts) {
  const InputTree &Tree = Result.Inputs;
  InputFiles Inputs(Tree);
  std::vector<std::pair<const FileOutcome *, std::string>> Plan;
  for (const FileOutcome &F : Result.Files) {
    if (!written(F) &&
        !(Opts.CopyUnchanged && F.Status == FileStatus::Unchanged))
      continue;
    SmallString<256> Target(Opts.OutRoot);
    sys::path::append(Target, Tree.relative(F.Path));
    if (std::optional<std::string> In = Inputs.inputAt(Target))
      return createStringError(std::errc::file_exists,
                               "--out-root would write %s over the input "
                               "%s; choose an output directory outside the "
                               "inputs (or --in-place)",
                               Target.c_str(), In->c_str());
    Plan.emplace_back(&F, normalizePath(Target));
  }
  std::vector<std::string> Headers;
  for (const std::string &Dir : compatHeaderDirs(Result)) {
    SmallString<256> Target(Opts.OutRoot);
    sys::path::append(Target, Tree.relative(Dir), kCompatHeaderName);
    // The tree's own file of that name (copied by --copy-unchanged, or
    // not) would be replaced by ours in the ported tree: unless it is a
    // copy of the header, that is the user's file and the port stops. A
    // copy is written below, over whatever --copy-unchanged put there.
    SmallString<256> Beside(Dir);
    sys::path::append(Beside, kCompatHeaderName);
    if (Error E = placeCompatHeader(Beside, /*DryRun=*/true))
      return E;
    if (Error E = placeCompatHeader(Target, /*DryRun=*/true))
      return E;
    Headers.push_back(normalizePath(Target));
  }
  std::vector<std::string> Targets;
  for (const auto &[_, T] : Plan)
    Targets.push_back(T);
  Targets.insert(Targets.end(), Headers.begin(), Headers.end());
  cleanStaleTemporaries(Targets, Opts);
  for (const auto &[F, Target] : Plan)
    if (!llvm::is_contained(Headers, Target))
      if (Error E = writeFileAtomically(Target, F->Translated))
        return E;
  for (const std::string &Target : Headers)
    if (Error E = placeCompatHeader(Target, /*DryRun=*/false))
      return E;
  return Error::success();
}

/// One source to rewrite in place: the file itself (a symbolic link
/// resolved to the file it names) and what the port made of it.
struct InPlaceTarget {
  const FileOutcome *F;
  std::string Real;
};

static Error writeInPlace(const PortResult &Result, const OutputOptions &Opts) {
  std::vector<InPlaceTarget> Plan;
  std::set<std::string> Seen; // a file reached through two links
  for (const FileOutcome &F : Result.Files) {
    if (!written(F) || F.Translated == F.Original)
      continue;
    SmallString<256> Real;
    if (std::error_code EC = sys::fs::real_path(F.Path, Real))
      return createStringError(EC, "%s: %s", F.Path.c_str(),
                               EC.message().c_str());
    if (Seen.insert(std::string(Real)).second)
      Plan.push_back({&F, std::string(Real)});
  }
  // A source edited since the port read it would lose that edit: check
  // every file before writing any.
  for (const InPlaceTarget &T : Plan) {
    auto Now = MemoryBuffer::getFile(T.Real, /*IsText=*/false,
                                     /*RequiresNullTerminator=*/false);
    if (!Now)
      return createStringError(Now.getError(), "%s: %s", T.F->Path.c_str(),
                               Now.getError().message().c_str());
    if ((*Now)->getBuffer() != T.F->Original)
      return createStringError(std::errc::resource_unavailable_try_again,
                               "%s: changed while it was being ported; "
                               "nothing was written (port again)",
                               T.F->Path.c_str());
  }
  std::vector<std::string> Headers;
  for (const std::string &Dir : compatHeaderDirs(Result)) {
    SmallString<256> Target(Dir);
    sys::path::append(Target, kCompatHeaderName);
    if (Error E = placeCompatHeader(Target, /*DryRun=*/true))
      return E;
    Headers.push_back(std::string(Target));
  }
  std::vector<std::string> Targets;
  for (const InPlaceTarget &T : Plan)
    Targets.push_back(T.Real);
  Targets.insert(Targets.end(), Headers.begin(), Headers.end());
  cleanStaleTemporaries(Targets, Opts);

  for (const InPlaceTarget &T : Plan) {
    const FileOutcome &F = *T.F;
    sys::fs::file_status St;
    if (std::error_code EC = sys::fs::status(T.Real, St))
      return createStringError(EC, "%s: %s", F.Path.c_str(),
                               EC.message().c_str());
    FileAttributes Attrs = FileAttributes::of(St);
    if (Opts.Backup) {
      Expected<BackupOutcome> B = backUpOriginal(T.Real, F.Original, Attrs);
      if (!B)
        return B.takeError();
      if (B->Path != T.Real + ".orig")
        note(Opts, T.Real +
                       ".orig holds other content and was kept; the "
                       "backup of " +
                       F.Path + " is " + B->Path);
    }
    // The new file is a new inode: other hard links keep the old content.
    if (St.getLinkCount() > 1)
      note(Opts, F.Path + ": had " + std::to_string(St.getLinkCount() - 1) +
                     " other hard link(s); they still hold the original");
    if (::geteuid() != 0 && St.getUser() != ::geteuid())
      note(Opts, F.Path + ": owned by user " + std::to_string(St.getUser()) +
                     "; the rewritten file is yours (only root can keep "
                     "another user's ownership)");
    AtomicWriteOptions Keep;
    Keep.Attributes = Attrs;
    if (Error E = writeFileAtomically(T.Real, F.Translated, Keep))
      return E;
  }
  for (const std::string &Target : Headers)
    if (Error E = placeCompatHeader(Target, /*DryRun=*/false))
      return E;
  return Error::success();
}

Error writeOutputs(const PortResult &Result, const OutputOptions &Opts,
                   raw_ostream &OS) {
  const InputTree &Tree = Result.Inputs;
  switch (Opts.Mode) {
  case OutputMode::Stdout:
    for (const FileOutcome &F : Result.Files)
      if (F.Status != FileStatus::Failed)
        OS << F.Translated;
    noteUnwrittenCompatHeaders(Result, Opts);
    return Error::success();
  case OutputMode::Diff:
    for (const FileOutcome &F : Result.Files) {
      std::string Rel = Tree.relative(F.Path);
      OS << unifiedDiff(F.Original, F.Translated, Rel, Rel);
    }
    noteUnwrittenCompatHeaders(Result, Opts);
    return Error::success();
  case OutputMode::OutRoot:
    return writeOutRoot(Result, Opts);
  case OutputMode::InPlace:
    return writeInPlace(Result, Opts);
  }
  return Error::success();
}

} // namespace hipwright
