//===- OutputSafety.cpp - outputs that must not land on inputs ------------===//
#include "port/OutputSafety.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace hipwright {

InputFiles::InputFiles(const InputTree &Tree) {
  for (const auto *List : {&Tree.Units, &Tree.Headers, &Tree.BuildFiles})
    for (const std::string &F : *List)
      add(F);
}

void InputFiles::add(StringRef Path) {
  sys::fs::UniqueID Id;
  if (!sys::fs::getUniqueID(Path, Id))
    ById.try_emplace(Id, Path.str());
}

std::optional<std::string> InputFiles::inputAt(StringRef Path) const {
  sys::fs::UniqueID Id;
  if (sys::fs::getUniqueID(Path, Id))
    return std::nullopt; // does not exist (yet): cannot be an input
  auto It = ById.find(Id);
  if (It == ById.end())
    return std::nullopt;
  return It->second;
}

Error checkNotAnInput(StringRef Path, StringRef Option,
                      const InputFiles &Inputs) {
  if (std::optional<std::string> In = Inputs.inputAt(Path))
    return createStringError(std::errc::file_exists,
                             "%s %s: that is the input %s; refusing to "
                             "overwrite a source",
                             Option.str().c_str(), Path.str().c_str(),
                             In->c_str());
  return Error::success();
}

/// \p Path with every symbolic link resolved, also when its last components
/// do not exist yet: the deepest existing ancestor is resolved and the rest
/// appended.
static std::string resolveAsFarAsExists(StringRef Path) {
  SmallString<256> Abs(Path);
  sys::fs::make_absolute(Abs);
  sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  SmallString<256> Existing(Abs);
  while (!Existing.empty() && !sys::fs::exists(Existing) &&
         Existing != sys::path::root_path(Existing))
    sys::path::remove_filename(Existing);
  SmallString<256> Real;
  if (sys::fs::real_path(Existing, Real))
    return std::string(Abs);
  Real.append(StringRef(Abs).drop_front(Existing.size()));
  return std::string(Real);
}

static bool isSameOrInside(StringRef Path, StringRef Dir) {
  if (!Path.starts_with(Dir))
    return false;
  return Path.size() == Dir.size() || Dir.ends_with("/") ||
         Path[Dir.size()] == '/';
}

Error checkOutRootOutsideInputs(StringRef OutRoot,
                                ArrayRef<std::string> InputPaths,
                                StringRef Option) {
  std::string Out = resolveAsFarAsExists(OutRoot);
  for (const std::string &In : InputPaths) {
    if (!sys::fs::is_directory(In))
      continue;
    std::string Dir = resolveAsFarAsExists(In);
    if (isSameOrInside(Out, Dir))
      return createStringError(
          std::errc::invalid_argument,
          "%s %s is inside the input directory %s: it would write "
          "over the sources and the next run would port its own output; "
          "choose a directory outside the inputs",
          Option.str().c_str(), OutRoot.str().c_str(), In.c_str());
  }
  return Error::success();
}

Error checkDirHoldsNoInput(StringRef Dir, StringRef Option,
                           const InputTree &Tree) {
  std::string Out = resolveAsFarAsExists(Dir);
  for (const auto *List : {&Tree.Units, &Tree.Headers, &Tree.BuildFiles})
    for (const std::string &F : *List)
      if (isSameOrInside(resolveAsFarAsExists(F), Out))
        return createStringError(
            std::errc::invalid_argument,
            "%s %s holds the input %s: what is written there would land "
            "among the sources; choose a directory that holds no input",
            Option.str().c_str(), Dir.str().c_str(), F.c_str());
  return Error::success();
}

} // namespace hipwright
