//===- AtomicFile.h - a file never seen half-written ------------*- C++ -*-===//
//
// Every file hipwright writes (ported sources, backups, reports, -o, --stats,
// baselines) goes through writeFileAtomically: the bytes go to a temporary
// file beside the target, which replaces the target only once complete, so a
// crash, a full disk or Ctrl-C never leaves a truncated file behind.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

namespace hipwright {

/// Who owns a file and who may read it: what rewriting it must keep.
struct FileAttributes {
  uint32_t Uid = 0;
  uint32_t Gid = 0;
  llvm::sys::fs::perms Mode = llvm::sys::fs::perms::no_perms;

  static FileAttributes of(const llvm::sys::fs::file_status &St);
};

struct AtomicWriteOptions {
  /// Owner and mode the written file gets. Unset: those of the file it
  /// replaces; a new file is the caller's, with 0666 less the umask. An
  /// owner only root may give is kept as far as the system allows (the
  /// group when the caller is a member of it).
  std::optional<FileAttributes> Attributes;
  /// Fail with std::errc::file_exists instead of replacing an existing
  /// file (checked by the final link, so no race can make it replace one).
  bool NoReplace = false;
  /// Create missing parent directories (an output tree). Off for a single
  /// file the user named (-o, --stats), where a missing directory is more
  /// likely a typo than a wish.
  bool CreateDirectories = true;
};

/// The options for one output file the user named on the command line.
inline AtomicWriteOptions namedOutputFile() {
  AtomicWriteOptions O;
  O.CreateDirectories = false;
  return O;
}

/// Writes \p Bytes to \p Path. A symbolic link is written through: its
/// target is replaced and the link stays. A path that exists and is not a
/// regular file (/dev/null, /dev/stdout, a FIFO) is written directly,
/// since it cannot be replaced. Errors name \p Path.
llvm::Error writeFileAtomically(llvm::StringRef Path, llvm::StringRef Bytes,
                                const AtomicWriteOptions &Opts = {});

/// True if \p EntryName is a temporary file writeFileAtomically made for a
/// file named \p TargetName (or its backups, TargetName.orig...), one that
/// a run killed before it could rename or remove it left behind.
bool isTemporaryOf(llvm::StringRef EntryName, llvm::StringRef TargetName);

/// Removes, anywhere under \p Dir, the temporary files of writes killed
/// before their rename (kill -9, a power cut): those older than \p MinAge
/// whose writer no longer holds them locked (writeFileAtomically keeps an
/// flock on its temporary until the rename). Returns how many it removed.
unsigned removeAbandonedTemporaries(llvm::StringRef Dir,
                                    std::chrono::seconds MinAge);

/// Removes the temporary files an earlier, killed run left beside any of
/// \p Targets (absolute paths); each directory is read once. Returns the
/// paths removed.
std::vector<std::string>
removeStaleTemporaries(llvm::ArrayRef<std::string> Targets);

} // namespace hipwright
