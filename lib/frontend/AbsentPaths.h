//===- AbsentPaths.h - the paths a parse looked for and missed --*- C++ -*-===//
//
// A parse depends on the files it did not find as much as on those it read:
// a missing #include, a __has_include that said no, a header found only in
// the third -I directory after the first two had none, a -I directory that
// does not exist, a toolchain the driver probed for. Create any of those
// paths and the same command line parses differently, while every file the
// parse read keeps its bytes. The result cache (port/UnitCache.h) and the
// stored prelude PCHs (PreludePchStore.h) therefore keep these paths too
// and trust a stored result only while each is still absent.
//
// What is not seen: a new entry in a directory the driver listed (a second
// GCC version installed next to the one in use) changes the parse through
// a directory listing, not through a lookup that failed.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <set>
#include <string>
#include <vector>

namespace hipwright {

/// Passes every call to the file system below it and notes each path that
/// a lookup (status, exists, open, a directory listing) found missing, as
/// an absolute path. One per parse: not thread-safe, as a parse is not.
class AbsenceRecordingFileSystem : public llvm::vfs::ProxyFileSystem {
public:
  explicit AbsenceRecordingFileSystem(
      llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Below);

  llvm::ErrorOr<llvm::vfs::Status> status(const llvm::Twine &Path) override;
  bool exists(const llvm::Twine &Path) override;
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &Path) override;
  llvm::vfs::directory_iterator dir_begin(const llvm::Twine &Dir,
                                          std::error_code &EC) override;

  /// The paths found missing so far, sorted, each once.
  std::vector<std::string> absentPaths() const;

private:
  std::set<std::string> Absent;
  void note(const llvm::Twine &Path);
};

/// True while nothing is at \p Path (any error of stat counts: clang could
/// not have used what it cannot stat). What a stored result is checked with.
bool pathIsAbsent(llvm::StringRef Path);

/// Adds \p More to the sorted, duplicate-free \p Paths, keeping it so.
void mergeAbsentPaths(std::vector<std::string> &Paths,
                      const std::vector<std::string> &More);

} // namespace hipwright
