//===- OutputWriter.cpp - where a port's results go -----------------------===//
#include "port/OutputWriter.h"
#include "port/UnifiedDiff.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace hipwright {

Error writeFileAtomically(StringRef Path, StringRef Bytes) {
  SmallString<256> Dir(sys::path::parent_path(Path));
  if (Dir.empty())
    Dir = ".";
  if (std::error_code EC = sys::fs::create_directories(Dir))
    return createStringError(EC, "%s: cannot create directory: %s",
                             Dir.c_str(), EC.message().c_str());
  // Permissions to keep when overwriting.
  std::optional<sys::fs::perms> Perms;
  sys::fs::file_status St;
  if (!sys::fs::status(Path, St) && sys::fs::exists(St))
    Perms = St.permissions();

  SmallString<256> Model(Dir);
  sys::path::append(Model, "." + sys::path::filename(Path) + ".hipwright-%%%%%%");
  int FD;
  SmallString<256> Temp;
  if (std::error_code EC = sys::fs::createUniqueFile(Model, FD, Temp))
    return createStringError(EC, "%s: cannot create temporary file: %s",
                             Path.str().c_str(), EC.message().c_str());
  {
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Bytes;
    OS.flush();
    if (OS.has_error()) {
      std::error_code EC = OS.error();
      OS.clear_error();
      sys::fs::remove(Temp);
      return createStringError(EC, "%s: write failed: %s", Path.str().c_str(),
                               EC.message().c_str());
    }
  }
  if (Perms)
    sys::fs::setPermissions(Temp, *Perms);
  if (std::error_code EC = sys::fs::rename(Temp, Path)) {
    sys::fs::remove(Temp);
    return createStringError(EC, "%s: cannot replace: %s", Path.str().c_str(),
                             EC.message().c_str());
  }
  return Error::success();
}

static bool written(const FileOutcome &F) {
  return F.Status == FileStatus::Translated || F.Status == FileStatus::Partial;
}

Error writeOutputs(const PortResult &Result, const OutputOptions &Opts,
                   raw_ostream &OS) {
  const InputTree &Tree = Result.Inputs;
  switch (Opts.Mode) {
  case OutputMode::Stdout:
    for (const FileOutcome &F : Result.Files)
      if (F.Status != FileStatus::Failed)
        OS << F.Translated;
    return Error::success();
  case OutputMode::Diff:
    for (const FileOutcome &F : Result.Files) {
      std::string Rel = Tree.relative(F.Path);
      OS << unifiedDiff(F.Original, F.Translated, Rel, Rel);
    }
    return Error::success();
  case OutputMode::OutRoot:
    for (const FileOutcome &F : Result.Files) {
      if (!written(F) &&
          !(Opts.CopyUnchanged && F.Status == FileStatus::Unchanged))
        continue;
      SmallString<256> Target(Opts.OutRoot);
      sys::path::append(Target, Tree.relative(F.Path));
      if (sys::fs::equivalent(Target, F.Path))
        return createStringError(inconvertibleErrorCode(),
                                 "%s: --out-root would overwrite the input; "
                                 "use --in-place for that",
                                 F.Path.c_str());
      if (Error E = writeFileAtomically(Target, F.Translated))
        return E;
    }
    return Error::success();
  case OutputMode::InPlace:
    for (const FileOutcome &F : Result.Files) {
      if (!written(F) || F.Translated == F.Original)
        continue;
      if (Opts.Backup)
        if (Error E = writeFileAtomically(F.Path + ".orig", F.Original))
          return E;
      if (Error E = writeFileAtomically(F.Path, F.Translated))
        return E;
    }
    return Error::success();
  }
  return Error::success();
}

} // namespace hipwright
