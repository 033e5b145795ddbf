//===- TempDir.h - a scratch directory for one test case --------*- C++ -*-===//
#pragma once

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <catch2/catch.hpp>

#include <optional>
#include <string>

namespace hipwright::testing {

/// A fresh directory, removed with everything in it when the test ends.
class TempDir {
public:
  TempDir() {
    llvm::SmallString<128> Prefix;
    llvm::sys::path::system_temp_directory(/*ErasedOnReboot=*/true, Prefix);
    llvm::sys::path::append(Prefix, "hw-test");
    REQUIRE(!llvm::sys::fs::createUniqueDirectory(Prefix, Dir));
    // Resolved, so paths compare equal to the real_path of what is in it.
    llvm::SmallString<128> Real;
    REQUIRE(!llvm::sys::fs::real_path(Dir, Real));
    Dir = Real;
  }
  ~TempDir() { llvm::sys::fs::remove_directories(Dir); }

  std::string path(const llvm::Twine &Rel) const {
    llvm::SmallString<128> P(Dir);
    llvm::sys::path::append(P, Rel);
    return std::string(P);
  }
  /// Creates Rel (and its directories) holding Bytes; returns its path.
  std::string write(const llvm::Twine &Rel, llvm::StringRef Bytes) const {
    std::string P = path(Rel);
    REQUIRE(
        !llvm::sys::fs::create_directories(llvm::sys::path::parent_path(P)));
    std::error_code EC;
    llvm::raw_fd_ostream OS(P, EC);
    REQUIRE(!EC);
    OS << Bytes;
    return P;
  }
  std::string str() const { return std::string(Dir); }

private:
  llvm::SmallString<128> Dir;
};

/// The bytes of \p Path, or nothing if it cannot be read.
inline std::optional<std::string> readFile(const llvm::Twine &Path) {
  auto Buf = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false);
  if (!Buf)
    return std::nullopt;
  return (*Buf)->getBuffer().str();
}

/// Mode bits of \p Path (following links).
inline unsigned modeOf(const llvm::Twine &Path) {
  llvm::sys::fs::file_status St;
  REQUIRE(!llvm::sys::fs::status(Path, St));
  return static_cast<unsigned>(St.permissions());
}

/// Entries directly in \p Dir.
inline int countEntries(const llvm::Twine &Dir) {
  std::error_code EC;
  int N = 0;
  for (llvm::sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC))
    ++N;
  return N;
}

} // namespace hipwright::testing
