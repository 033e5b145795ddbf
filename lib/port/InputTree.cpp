//===- InputTree.cpp - the files a port reads -----------------------------===//
#include "port/InputTree.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <set>

using namespace llvm;

namespace hipwright {

bool isHeader(StringRef Path) {
  return StringSwitch<bool>(sys::path::extension(Path))
      .Cases(".cuh", ".h", ".hh", ".hpp", ".hxx", ".inl", ".inc", true)
      .Default(false);
}

bool isPortableSource(StringRef Path) {
  return isHeader(Path) ||
         StringSwitch<bool>(sys::path::extension(Path))
             .Cases(".cu", ".c", ".cc", ".cpp", ".cxx", true)
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

Expected<InputTree> collectInputs(const std::vector<std::string> &Paths) {
  std::set<std::string> Files;
  std::vector<std::string> Roots;
  for (const std::string &Raw : Paths) {
    std::string P = normalizePath(Raw);
    sys::fs::file_status St;
    if (std::error_code EC = sys::fs::status(P, St))
      return createStringError(EC, "%s: %s", Raw.c_str(),
                               EC.message().c_str());
    if (sys::fs::is_directory(St)) {
      Roots.push_back(P);
      std::error_code EC;
      for (sys::fs::recursive_directory_iterator It(P, EC), End;
           It != End && !EC; It.increment(EC)) {
        if (It->type() == sys::fs::file_type::regular_file &&
            isPortableSource(It->path()))
          Files.insert(normalizePath(It->path()));
      }
      if (EC)
        return createStringError(EC, "%s: %s", Raw.c_str(),
                                 EC.message().c_str());
    } else if (sys::fs::is_regular_file(St)) {
      Roots.push_back(P);
      Files.insert(P);
    } else {
      return createStringError(inconvertibleErrorCode(),
                               "%s: not a regular file or directory",
                               Raw.c_str());
    }
  }
  if (Roots.empty())
    return createStringError(inconvertibleErrorCode(), "no input paths");
  InputTree T;
  T.SingleFile = Paths.size() == 1 && !sys::fs::is_directory(Roots.front());
  // A directory is its own root; a file's root is its directory.
  std::vector<std::string> Dirs;
  for (const std::string &R : Roots)
    Dirs.push_back(sys::fs::is_directory(R) ? R + "/x" : R);
  T.Root = commonDirectory(Dirs);
  for (const std::string &F : Files)
    (isHeader(F) ? T.Headers : T.Units).push_back(F);
  return T;
}

} // namespace hipwright
