//===- Backup.h - the <file>.orig an in-place port keeps --------*- C++ -*-===//
//
// A backup is the one copy of what the user had before hipwright changed a
// file, so it is never replaced by anything else. The first in-place port
// of k.cu writes k.cu.orig (the CUDA original). A later in-place run that
// changes k.cu again (`--fix`, or CUDA code merged in since) finds k.cu.orig
// holding other content - the CUDA original - keeps it, and backs the
// current k.cu up as k.cu.orig.1 (then .2, ...). A k.cu.orig the user made
// is kept the same way.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "support/AtomicFile.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace hipwright {

/// How many numbered backups (k.cu.orig.1 ...) one file may collect before
/// a port refuses to add another.
constexpr unsigned kMaxNumberedBackups = 99;

struct BackupOutcome {
  std::string Path;    ///< where the original is kept
  bool Reused = false; ///< an existing backup already held exactly it
};

/// Keeps \p Original, the current content of \p File, as its backup: in
/// File.orig unless that name is taken by other content (or by something
/// that is not a regular file), then in the first free File.orig.N. An
/// existing candidate that holds exactly \p Original is reused as is. The
/// backup gets \p Attributes (the file's owner and mode). Never replaces or
/// removes an existing file; fails, naming the file, when every name up to
/// File.orig.<kMaxNumberedBackups> is taken.
llvm::Expected<BackupOutcome> backUpOriginal(llvm::StringRef File,
                                             llvm::StringRef Original,
                                             const FileAttributes &Attributes);

} // namespace hipwright
