#include "port/OutputWriter.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <catch2/catch.hpp>

using namespace hipwright;

TEST_CASE("writeFileAtomically replaces a file and keeps its permissions",
          "[output]") {
  llvm::SmallString<128> Dir;
  REQUIRE(!llvm::sys::fs::createUniqueDirectory("hw-out", Dir));
  llvm::SmallString<128> F(Dir);
  llvm::sys::path::append(F, "k.cu");
  REQUIRE(!llvm::errorToBool(writeFileAtomically(F, "old\n")));
  REQUIRE(!llvm::sys::fs::setPermissions(F, llvm::sys::fs::perms(0750)));
  REQUIRE(!llvm::errorToBool(writeFileAtomically(F, "new\n")));
  auto Buf = llvm::MemoryBuffer::getFile(F);
  REQUIRE(Buf);
  CHECK((*Buf)->getBuffer() == "new\n");
  llvm::sys::fs::file_status St;
  REQUIRE(!llvm::sys::fs::status(F, St));
  CHECK(St.permissions() == llvm::sys::fs::perms(0750));
  // No temporary file is left behind.
  std::error_code EC;
  int Entries = 0;
  for (llvm::sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC))
    ++Entries;
  CHECK(Entries == 1);
  llvm::sys::fs::remove_directories(Dir);
}

TEST_CASE("writeFileAtomically names the file it cannot write", "[output]") {
  llvm::Error E = writeFileAtomically("/proc/hipwright/nope/k.cu", "x");
  bool Failed = static_cast<bool>(E);
  REQUIRE(Failed);
  CHECK(llvm::toString(std::move(E)).find("/proc/hipwright/nope") !=
        std::string::npos);
}
