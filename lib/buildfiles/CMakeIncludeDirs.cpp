//===- CMakeIncludeDirs.cpp - include paths a tree's CMake files give -----===//
#include "buildfiles/CMakeIncludeDirs.h"
#include "buildfiles/CMakeSyntax.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <optional>

using namespace llvm;

namespace hipwright {

namespace {

/// \p Arg as an absolute path, or nothing when it is not a literal path
/// (another variable, a generator expression, a keyword).
std::optional<std::string> literalPath(StringRef Arg, StringRef Dir) {
  std::string Text = Arg.str();
  for (StringRef Var :
       {"${CMAKE_CURRENT_SOURCE_DIR}", "${CMAKE_CURRENT_LIST_DIR}"})
    if (StringRef(Text).starts_with(Var))
      Text = Dir.str() + Text.substr(Var.size());
  if (Text.empty() || StringRef(Text).contains("${") ||
      StringRef(Text).contains("$<") || StringRef(Text).contains(';'))
    return std::nullopt;
  SmallString<256> Path;
  if (sys::path::is_absolute(Text))
    Path = Text;
  else {
    Path = Dir;
    sys::path::append(Path, Text);
  }
  sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  return std::string(Path);
}

bool isKeyword(StringRef A) {
  return is_contained(
      {"SYSTEM", "BEFORE", "AFTER", "PRIVATE", "PUBLIC", "INTERFACE"}, A);
}

/// Existing directories named by \p Args (keywords skipped).
std::vector<std::string> directories(ArrayRef<CMakeArg> Args, StringRef Dir) {
  std::vector<std::string> Out;
  for (const CMakeArg &A : Args) {
    if (!A.isValue() || isKeyword(A.Content))
      continue;
    if (std::optional<std::string> P = literalPath(A.Content, Dir))
      if (sys::fs::is_directory(*P))
        Out.push_back(std::move(*P));
  }
  return Out;
}

bool definesTarget(StringRef LowerName) {
  return is_contained({"add_executable", "add_library", "cuda_add_executable",
                       "cuda_add_library"},
                      LowerName);
}

} // namespace

CMakeIncludeDirs::CMakeIncludeDirs(std::string Root) : Root(std::move(Root)) {}

const CMakeIncludeDirs::FileInfo &
CMakeIncludeDirs::infoFor(const std::string &Dir) {
  auto [It, New] = Cache.try_emplace(Dir);
  if (!New)
    return It->second;
  FileInfo &Info = It->second;
  SmallString<256> Path(Dir);
  sys::path::append(Path, "CMakeLists.txt");
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(Path);
  if (!Buf)
    return Info;
  Expected<std::vector<CMakeCommand>> Commands =
      parseCMake((*Buf)->getBuffer(), Path);
  if (!Commands) {
    consumeError(Commands.takeError());
    return Info;
  }
  // Target name -> its sources; then target_include_directories by name.
  std::map<std::string, std::vector<std::string>> Sources;
  for (const CMakeCommand &C : *Commands) {
    if (!definesTarget(C.LowerName) || C.Args.empty() || !C.Args[0].isValue())
      continue;
    std::vector<std::string> &List = Sources[C.Args[0].Content.str()];
    for (const CMakeArg &A : ArrayRef(C.Args).drop_front())
      if (A.isValue())
        if (std::optional<std::string> P = literalPath(A.Content, Dir))
          List.push_back(std::move(*P));
  }
  for (const CMakeCommand &C : *Commands) {
    if (C.LowerName == "include_directories") {
      for (std::string &D : directories(C.Args, Dir))
        Info.DirectoryWide.push_back(std::move(D));
      continue;
    }
    if (C.LowerName != "target_include_directories" || C.Args.empty())
      continue;
    auto Target = Sources.find(C.Args[0].Content.str());
    if (Target == Sources.end())
      continue;
    std::vector<std::string> Dirs =
        directories(ArrayRef(C.Args).drop_front(), Dir);
    for (const std::string &S : Target->second)
      llvm::append_range(Info.BySource[S], Dirs);
  }
  return Info;
}

std::vector<std::string> CMakeIncludeDirs::dirsFor(StringRef Source) {
  std::vector<std::string> Out;
  StringSet<> Seen;
  auto Add = [&](const std::string &D) {
    if (Seen.insert(D).second)
      Out.push_back(D);
  };
  SmallString<256> Dir(sys::path::parent_path(Source));
  std::vector<std::string> Folders;
  while (true) {
    Folders.push_back(std::string(Dir));
    if (StringRef(Dir) == Root || !StringRef(Dir).starts_with(Root) ||
        !sys::path::has_parent_path(Dir))
      break;
    Dir = sys::path::parent_path(Dir);
  }
  // A target's own directories first: CMake puts them before the folder's.
  for (const std::string &F : Folders) {
    const FileInfo &Info = infoFor(F);
    auto It = Info.BySource.find(Source.str());
    if (It != Info.BySource.end())
      for (const std::string &D : It->second)
        Add(D);
  }
  for (const std::string &F : Folders)
    for (const std::string &D : infoFor(F).DirectoryWide)
      Add(D);
  return Out;
}

} // namespace hipwright
