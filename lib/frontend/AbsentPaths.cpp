//===- AbsentPaths.cpp - the paths a parse looked for and missed ----------===//
#include "frontend/AbsentPaths.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"

#include <algorithm>

using namespace llvm;

namespace hipwright {

AbsenceRecordingFileSystem::AbsenceRecordingFileSystem(
    IntrusiveRefCntPtr<vfs::FileSystem> Below)
    : ProxyFileSystem(std::move(Below)) {}

void AbsenceRecordingFileSystem::note(const Twine &Path) {
  // Absolute but not normalized, as the cache names the files a parse
  // read: "dir/.." under a symbolic link is another directory.
  SmallString<256> P;
  Path.toVector(P);
  if (P.empty())
    return;
  makeAbsolute(P);
  Absent.emplace(P.str());
}

ErrorOr<vfs::Status> AbsenceRecordingFileSystem::status(const Twine &Path) {
  ErrorOr<vfs::Status> S = ProxyFileSystem::status(Path);
  if (!S)
    note(Path);
  return S;
}

bool AbsenceRecordingFileSystem::exists(const Twine &Path) {
  bool There = ProxyFileSystem::exists(Path);
  if (!There)
    note(Path);
  return There;
}

ErrorOr<std::unique_ptr<vfs::File>>
AbsenceRecordingFileSystem::openFileForRead(const Twine &Path) {
  ErrorOr<std::unique_ptr<vfs::File>> F =
      ProxyFileSystem::openFileForRead(Path);
  if (!F)
    note(Path);
  return F;
}

vfs::directory_iterator
AbsenceRecordingFileSystem::dir_begin(const Twine &Dir, std::error_code &EC) {
  vfs::directory_iterator It = ProxyFileSystem::dir_begin(Dir, EC);
  if (EC)
    note(Dir);
  return It;
}

std::vector<std::string> AbsenceRecordingFileSystem::absentPaths() const {
  return std::vector<std::string>(Absent.begin(), Absent.end());
}

bool pathIsAbsent(StringRef Path) {
  sys::fs::file_status St;
  return bool(sys::fs::status(Path, St));
}

void mergeAbsentPaths(std::vector<std::string> &Paths,
                      const std::vector<std::string> &More) {
  std::vector<std::string> Merged;
  Merged.reserve(Paths.size() + More.size());
  std::set_union(Paths.begin(), Paths.end(), More.begin(), More.end(),
                 std::back_inserter(Merged));
  Paths = std::move(Merged);
}

} // namespace hipwright
