//===- InputTree.cpp - the files a port reads -----------------------------===//
#include "port/InputTree.h"
#include "buildfiles/BuildFiles.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <map>
#include <set>

using namespace llvm;

namespace hipwright {

bool isHeader(StringRef Path) {
  return StringSwitch<bool>(sys::path::extension(Path))
      .Cases({".cuh", ".h", ".hh", ".hpp", ".hxx", ".inl", ".inc"}, true)
      .Default(false);
}

bool isPortableSource(StringRef Path) {
  return isHeader(Path) ||
         StringSwitch<bool>(sys::path::extension(Path))
             .Cases({".cu", ".c", ".cc", ".cpp", ".cxx"}, true)
             .Default(false);
}

bool InputTree::contains(StringRef Path) const {
  std::string P = normalizePath(Path);
  if (SingleFile)
    return P == (Units.empty() ? Headers.front() : Units.front());
  StringRef R(Root);
  return StringRef(P).starts_with(R) &&
         (P.size() == R.size() || P[R.size()] == '/' || R.ends_with("/"));
}

std::string InputTree::relative(StringRef Path) const {
  std::string P = normalizePath(Path);
  StringRef Rel(P);
  if (Rel.consume_front(Root))
    Rel = Rel.ltrim('/');
  return Rel.str();
}

/// The longest directory prefix shared by all paths.
static std::string commonDirectory(const std::vector<std::string> &Paths) {
  std::string Common = sys::path::parent_path(Paths.front()).str();
  for (const std::string &P : Paths) {
    while (!Common.empty() &&
           !(StringRef(P).starts_with(Common) &&
             (P.size() == Common.size() || P[Common.size()] == '/')))
      Common = sys::path::parent_path(Common).str();
  }
  return Common.empty() ? "/" : Common;
}

namespace {

/// Walks the inputs so that each real directory and file is taken once.
/// Real directories are walked first and symbolic links afterwards, in the
/// order found: a file is then listed under its own path rather than under
/// a link that happens to sort before it, and a link back into the tree
/// (a cycle) finds its target already walked and is skipped with a note.
class TreeWalker {
public:
  explicit TreeWalker(InputTree &T) : T(T) {}

  std::set<std::string> Files;
  std::set<std::string> BuildFiles;

  /// A command-line directory: walked even when it is a link itself (the
  /// user named it), unless it was already walked.
  void root(const std::string &Dir, const sys::fs::file_status &St) {
    if (FirstDir.try_emplace(St.getUniqueID(), Dir).second)
      walk(Dir);
  }

  /// A command-line file: taken whatever its extension.
  void rootFile(const std::string &File, const sys::fs::file_status &St) {
    if (FirstFile.try_emplace(St.getUniqueID(), File).second)
      (buildFileKind(File) ? BuildFiles : Files).insert(File);
  }

  /// Follows the links found so far (and those found behind them).
  void followLinks() {
    for (size_t I = 0; I < Links.size(); ++I)
      link(Links[I]);
  }

private:
  InputTree &T;
  std::map<sys::fs::UniqueID, std::string> FirstDir, FirstFile;
  std::vector<std::string> Links;
  std::vector<std::string> BuildTrees; ///< directories with a CMakeCache.txt

  bool inBuildTree(StringRef Path) const {
    return any_of(BuildTrees, [&](const std::string &D) {
      return Path.starts_with(D) && Path.size() > D.size() &&
             Path[D.size()] == '/';
    });
  }

  void unreadable(const std::string &Path, std::error_code EC) {
    T.Unreadable.push_back({Path, "cannot be read: " + EC.message()});
  }

  void walk(const std::string &Dir) {
    std::error_code EC;
    std::vector<std::pair<std::string, sys::fs::file_type>> Entries;
    sys::fs::directory_iterator It(Dir, EC, /*follow_symlinks=*/false), End;
    for (; !EC && It != End; It.increment(EC))
      Entries.push_back({normalizePath(It->path()), It->type()});
    // An error part way keeps what was listed; the directory is still
    // reported, so nothing is dropped without a word.
    if (EC)
      unreadable(Dir, EC);
    std::sort(Entries.begin(), Entries.end());
    if (any_of(Entries, [](const auto &E) {
          return sys::path::filename(E.first) == "CMakeCache.txt";
        }))
      BuildTrees.push_back(Dir);
    for (auto &[Path, Type] : Entries) {
      if (Type == sys::fs::file_type::status_error ||
          Type == sys::fs::file_type::type_unknown) {
        // Some file systems do not say the type while listing.
        sys::fs::file_status St;
        if (std::error_code SEC = sys::fs::status(Path, St, /*follow=*/false)) {
          if (isPortableSource(Path))
            unreadable(Path, SEC);
          continue;
        }
        Type = St.type();
      }
      if (Type == sys::fs::file_type::symlink_file)
        Links.push_back(Path);
      else if (Type == sys::fs::file_type::directory_file)
        directory(Path);
      else if (Type == sys::fs::file_type::regular_file)
        file(Path);
    }
  }

  /// \p Path as the walk reached it: through a link, or its own path.
  void directory(const std::string &Path) {
    sys::fs::file_status St;
    if (std::error_code EC = sys::fs::status(Path, St)) {
      unreadable(Path, EC);
      return;
    }
    auto [It, New] = FirstDir.try_emplace(St.getUniqueID(), Path);
    if (New)
      walk(Path);
    else
      T.Skipped.push_back(
          {Path, "links to " + It->second +
                     ", which is already walked; not followed"});
  }

  void file(const std::string &Path) {
    bool Build = buildFileKind(Path) && !inBuildTree(Path);
    if (!isPortableSource(Path) && !Build)
      return;
    sys::fs::file_status St;
    if (std::error_code EC = sys::fs::status(Path, St)) {
      unreadable(Path, EC);
      return;
    }
    auto [It, New] = FirstFile.try_emplace(St.getUniqueID(), Path);
    if (New)
      (Build ? BuildFiles : Files).insert(Path);
    else
      T.Skipped.push_back(
          {Path, "is the same file as " + It->second + "; taken once"});
  }

  void link(const std::string &Link) {
    sys::fs::file_status St;
    if (std::error_code EC = sys::fs::status(Link, St, /*follow=*/true)) {
      // A dangling link named like a source is a source we cannot read.
      if (isPortableSource(Link))
        T.Unreadable.push_back(
            {Link,
             "is a symbolic link that cannot be followed: " + EC.message()});
      else
        T.Skipped.push_back(
            {Link, "is a symbolic link that cannot be followed (" +
                       EC.message() + ")"});
      return;
    }
    if (sys::fs::is_directory(St))
      directory(Link);
    else if (sys::fs::is_regular_file(St))
      file(Link);
  }
};

} // namespace

Expected<InputTree> collectInputs(const std::vector<std::string> &Paths) {
  InputTree T;
  TreeWalker Walker(T);
  std::vector<std::string> Roots;
  unsigned DirRoots = 0;
  for (const std::string &Raw : Paths) {
    std::string P = normalizePath(Raw);
    sys::fs::file_status St;
    if (std::error_code EC = sys::fs::status(P, St))
      return createStringError(EC, "%s: %s", Raw.c_str(), EC.message().c_str());
    if (sys::fs::is_directory(St)) {
      ++DirRoots;
      Roots.push_back(P);
      Walker.root(P, St);
    } else if (sys::fs::is_regular_file(St)) {
      Roots.push_back(P);
      Walker.rootFile(P, St);
    } else {
      return createStringError(inconvertibleErrorCode(),
                               "%s: not a regular file or directory",
                               Raw.c_str());
    }
  }
  if (Roots.empty())
    return createStringError(inconvertibleErrorCode(), "no input paths");
  Walker.followLinks();
  auto ByPath = [](const InputNote &A, const InputNote &B) {
    return A.Path < B.Path;
  };
  std::sort(T.Unreadable.begin(), T.Unreadable.end(), ByPath);
  std::sort(T.Skipped.begin(), T.Skipped.end(), ByPath);
  if (Walker.Files.empty()) {
    // Nothing to do is not success: a gate pointed at the wrong directory
    // must not pass.
    if (!T.Unreadable.empty())
      return createStringError(inconvertibleErrorCode(), "%s %s",
                               T.Unreadable.front().Path.c_str(),
                               T.Unreadable.front().Message.c_str());
    return createStringError(
        inconvertibleErrorCode(),
        "%s: no CUDA, C or C++ sources found (looked for .cu, .cuh, .c, .cc, "
        ".cpp, .cxx, .h, .hh, .hpp, .hxx, .inl, .inc)",
        Paths.size() == 1 ? Paths.front().c_str() : "the inputs");
  }
  // The same file named twice is still one file, written to stdout.
  T.SingleFile = DirRoots == 0 && Walker.Files.size() == 1;
  // A directory is its own root; a file's root is its directory.
  std::vector<std::string> Dirs;
  for (const std::string &R : Roots)
    Dirs.push_back(sys::fs::is_directory(R) ? R + "/x" : R);
  T.Root = commonDirectory(Dirs);
  for (const std::string &F : Walker.Files)
    (isHeader(F) ? T.Headers : T.Units).push_back(F);
  T.BuildFiles.assign(Walker.BuildFiles.begin(), Walker.BuildFiles.end());
  return T;
}

} // namespace hipwright
