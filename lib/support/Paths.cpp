//===- Paths.cpp - one spelling per file ----------------------------------===//
#include "support/Paths.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace hipwright {

std::string normalizePath(llvm::StringRef Path) {
  llvm::SmallString<256> P(Path);
  llvm::sys::fs::make_absolute(P);
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P);
}

std::string resolvePath(llvm::StringRef Dir, llvm::StringRef Path) {
  llvm::SmallString<256> P;
  if (llvm::sys::path::is_absolute(Path)) {
    P = Path;
  } else {
    P = Dir;
    llvm::sys::path::append(P, Path);
  }
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P);
}

} // namespace hipwright
