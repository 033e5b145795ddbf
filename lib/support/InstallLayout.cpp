//===- InstallLayout.cpp - where hipwright's own files live ---------------===//
#include "support/InstallLayout.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace hipwright {

namespace path = llvm::sys::path;

// path::append would add a trailing separator for an empty component, and
// "script.sh/" names no file.
static std::string join(llvm::StringRef Base,
                        std::initializer_list<llvm::StringRef> Parts) {
  llvm::SmallString<256> P(Base);
  for (llvm::StringRef Part : Parts)
    path::append(P, Part);
  return std::string(P);
}

std::string InstallLayout::dataDir() const {
  return join(Prefix, {"share", "hipwright"});
}
std::string InstallLayout::includeDir() const {
  return join(dataDir(), {"include"});
}
std::string InstallLayout::simLibrary() const {
  return join(Prefix, {"lib", "hipwright", "libhipwright_simrt.a"});
}

std::optional<InstallLayout> currentInstallLayout() {
  // Any address inside this program will do: LLVM reads /proc/self/exe on
  // Linux and only falls back to argv[0] lookups elsewhere.
  static int Anchor;
  std::string Exe = llvm::sys::fs::getMainExecutable("hipwright", &Anchor);
  if (Exe.empty())
    return std::nullopt;
  // A symlink to the binary (e.g. /usr/local/bin/hipwright -> the prefix's
  // bin/hipwright) must lead to the prefix the binary was installed with.
  llvm::SmallString<256> Real;
  if (!llvm::sys::fs::real_path(Exe, Real))
    Exe = std::string(Real);
  llvm::StringRef Bin = path::parent_path(Exe);
  if (Bin.empty())
    return std::nullopt;
  return InstallLayout{path::parent_path(Bin).str()};
}

} // namespace hipwright
