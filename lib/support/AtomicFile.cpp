//===- AtomicFile.cpp - writing a file so it is never half-written --------===//
#include "support/AtomicFile.h"
#include "support/SignalCleanup.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <fcntl.h>
#include <map>
#include <set>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace llvm;

namespace hipwright {

static constexpr StringLiteral kTempInfix = ".hipwright-";
static constexpr size_t kTempRandomChars = 6; // the %%%%%% below

FileAttributes FileAttributes::of(const sys::fs::file_status &St) {
  return {St.getUser(), St.getGroup(), St.permissions()};
}

/// Writes to something that cannot be replaced by a rename (a device, a
/// FIFO): straight through, reporting the error the last byte met.
static Error writeDirectly(StringRef Path, StringRef Bytes) {
  std::error_code EC;
  raw_fd_ostream OS(Path, EC);
  if (EC)
    return createStringError(EC, "%s: %s", Path.str().c_str(),
                             EC.message().c_str());
  OS << Bytes;
  OS.close();
  if (OS.has_error()) {
    EC = OS.error();
    OS.clear_error();
    return createStringError(EC, "%s: write failed: %s", Path.str().c_str(),
                             EC.message().c_str());
  }
  return Error::success();
}

/// Gives the open temporary file its final owner and mode. The owner is
/// kept as far as the system allows: only root may give a file to another
/// user, so a non-root caller keeps at least the group where it can.
static void applyAttributes(int FD, const FileAttributes &A) {
  if (::fchown(FD, A.Uid, A.Gid) != 0)
    (void)::fchown(FD, static_cast<uid_t>(-1), A.Gid);
  (void)::fchmod(FD, static_cast<mode_t>(A.Mode));
}

/// Moves \p Temp to \p Target without ever replacing an existing file: a
/// hard link fails if the name is taken. Where the file system has no hard
/// links, a rename after a last check is the best there is.
static std::error_code linkNoReplace(StringRef Temp, StringRef Target) {
  SmallString<256> T(Temp), D(Target);
  if (::link(T.c_str(), D.c_str()) == 0) {
    sys::fs::remove(Temp);
    return {};
  }
  int Err = errno;
  if (Err == EEXIST)
    return std::make_error_code(std::errc::file_exists);
  if (Err != EPERM && Err != ENOTSUP && Err != EOPNOTSUPP && Err != EXDEV)
    return std::error_code(Err, std::generic_category());
  if (sys::fs::exists(Target))
    return std::make_error_code(std::errc::file_exists);
  return sys::fs::rename(Temp, Target);
}

Error writeFileAtomically(StringRef Path, StringRef Bytes,
                          const AtomicWriteOptions &Opts) {
  std::string Name = Path.str();
  SmallString<256> Target(Path);
  std::optional<FileAttributes> Attrs = Opts.Attributes;
  sys::fs::file_status St;
  if (!sys::fs::status(Path, St) && sys::fs::exists(St)) {
    if (Opts.NoReplace)
      return createStringError(std::errc::file_exists, "%s: already exists",
                               Name.c_str());
    if (sys::fs::is_directory(St))
      return createStringError(std::errc::is_a_directory, "%s: is a directory",
                               Name.c_str());
    if (!sys::fs::is_regular_file(St))
      return writeDirectly(Path, Bytes);
    // Through a symbolic link to the file it names: renaming over the link
    // would replace the link with a copy and leave the real file as it was.
    if (std::error_code EC = sys::fs::real_path(Path, Target))
      return createStringError(EC, "%s: %s", Name.c_str(),
                               EC.message().c_str());
    if (!Attrs)
      Attrs = FileAttributes::of(St);
  }
  if (!Attrs) {
    FileAttributes New;
    New.Uid = ::geteuid();
    New.Gid = ::getegid();
    New.Mode = static_cast<sys::fs::perms>(0666 & ~sys::fs::getUmask());
    Attrs = New;
  }

  SmallString<256> Dir(sys::path::parent_path(Target));
  if (Dir.empty())
    Dir = ".";
  if (Opts.CreateDirectories)
    if (std::error_code EC = sys::fs::create_directories(Dir))
      return createStringError(EC, "%s: cannot create directory: %s",
                               Dir.c_str(), EC.message().c_str());
  SmallString<256> Model(Dir);
  sys::path::append(Model, "." + sys::path::filename(Target) + kTempInfix +
                               std::string(kTempRandomChars, '%'));
  int FD;
  SmallString<256> Temp;
  // Readable by the owner alone until complete: a 0600 source must not be
  // world-readable for a moment through its temporary file.
  if (std::error_code EC =
          sys::fs::createUniqueFile(Model, FD, Temp, sys::fs::OF_None,
                                    sys::fs::owner_read | sys::fs::owner_write))
    return createStringError(EC, "%s: cannot create temporary file: %s",
                             Name.c_str(), EC.message().c_str());
  TempFileGuard Guard(Temp);
  // Held until after the rename (a duplicate descriptor keeps the lock when
  // the stream closes its own): a sweep of abandoned temporaries never
  // takes one that a live writer, however slow, is still filling.
  struct WriterLock {
    int FD;
    explicit WriterLock(int Of) : FD(::dup(Of)) {
      if (FD >= 0)
        (void)::flock(FD, LOCK_EX);
    }
    ~WriterLock() {
      if (FD >= 0)
        ::close(FD);
    }
  } Lock(FD);
  auto Discard = [&](std::error_code EC, const char *What) {
    sys::fs::remove(Temp);
    return createStringError(EC, "%s: %s: %s", Name.c_str(), What,
                             EC.message().c_str());
  };
  {
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Bytes;
    OS.flush();
    if (!OS.has_error())
      applyAttributes(FD, *Attrs);
    OS.close();
    if (OS.has_error()) {
      std::error_code EC = OS.error();
      OS.clear_error();
      return Discard(EC, "write failed");
    }
  }
  std::error_code EC = Opts.NoReplace ? linkNoReplace(Temp, Target)
                                      : sys::fs::rename(Temp, Target);
  if (EC) {
    if (EC == std::errc::file_exists) {
      sys::fs::remove(Temp);
      return createStringError(EC, "%s: already exists", Name.c_str());
    }
    return Discard(EC, "cannot replace");
  }
  return Error::success();
}

/// The file a temporary of writeFileAtomically was for, from the
/// temporary's name (".NAME.hipwright-XXXXXX"); nullopt for any other name.
static std::optional<StringRef> temporaryTarget(StringRef EntryName) {
  if (!EntryName.consume_front("."))
    return std::nullopt;
  if (EntryName.size() < kTempInfix.size() + kTempRandomChars)
    return std::nullopt;
  StringRef Random = EntryName.take_back(kTempRandomChars);
  EntryName = EntryName.drop_back(kTempRandomChars);
  if (!EntryName.consume_back(kTempInfix))
    return std::nullopt;
  // createUniqueFile fills the model with lowercase hex digits.
  if (!llvm::all_of(
          Random, [](char C) { return isDigit(C) || (C >= 'a' && C <= 'f'); }))
    return std::nullopt;
  return EntryName;
}

bool isTemporaryOf(StringRef EntryName, StringRef TargetName) {
  std::optional<StringRef> For = temporaryTarget(EntryName);
  if (!For)
    return false;
  return *For == TargetName ||
         (For->consume_front(TargetName) && For->starts_with(".orig"));
}

unsigned removeAbandonedTemporaries(StringRef Dir,
                                    std::chrono::seconds MinAge) {
  unsigned Removed = 0;
  auto Now = std::chrono::system_clock::now();
  std::error_code EC;
  for (sys::fs::recursive_directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC)) {
    if (!temporaryTarget(sys::path::filename(It->path())))
      continue;
    sys::fs::file_status St;
    if (sys::fs::status(It->path(), St) ||
        St.type() != sys::fs::file_type::regular_file ||
        Now - St.getLastModificationTime() < MinAge)
      continue;
    int FD = ::open(It->path().c_str(), O_RDONLY | O_CLOEXEC);
    if (FD < 0)
      continue;
    // A writer still alive holds its lock: leave its file alone.
    if (::flock(FD, LOCK_EX | LOCK_NB) == 0 && !sys::fs::remove(It->path()))
      ++Removed;
    ::close(FD);
  }
  return Removed;
}

std::vector<std::string> removeStaleTemporaries(ArrayRef<std::string> Targets) {
  std::map<std::string, std::set<std::string>> NamesByDir;
  for (const std::string &T : Targets)
    NamesByDir[sys::path::parent_path(T).str()].insert(
        sys::path::filename(T).str());
  std::vector<std::string> Removed;
  for (const auto &[Dir, Names] : NamesByDir) {
    std::error_code EC;
    for (sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
         It.increment(EC)) {
      StringRef Entry = sys::path::filename(It->path());
      if (!Entry.starts_with(".") || !Entry.contains(kTempInfix) ||
          It->type() != sys::fs::file_type::regular_file)
        continue;
      bool Ours = llvm::any_of(
          Names, [&](const std::string &N) { return isTemporaryOf(Entry, N); });
      if (Ours && !sys::fs::remove(It->path()))
        Removed.push_back(It->path());
    }
  }
  return Removed;
}

} // namespace hipwright
