#include "port/InputTree.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <catch2/catch.hpp>

using namespace hipwright;

static void touch(llvm::StringRef Path) {
  llvm::sys::fs::create_directories(llvm::sys::path::parent_path(Path));
  std::error_code EC;
  llvm::raw_fd_ostream(Path, EC) << "\n";
}

TEST_CASE("collectInputs walks directories for CUDA and C/C++ files",
          "[inputs]") {
  llvm::SmallString<128> Dir;
  REQUIRE(!llvm::sys::fs::createUniqueDirectory("hw-in", Dir));
  std::string D(Dir);
  touch(D + "/a/k.cu");
  touch(D + "/a/k.cuh");
  touch(D + "/b/host.cpp");
  touch(D + "/b/notes.txt");
  touch(D + "/b/x.c");
  auto T = collectInputs({D + "/a", D + "/b"});
  REQUIRE(static_cast<bool>(T));
  CHECK(T->Root == D);
  CHECK(T->Units ==
        std::vector<std::string>{D + "/a/k.cu", D + "/b/host.cpp", D + "/b/x.c"});
  CHECK(T->Headers == std::vector<std::string>{D + "/a/k.cuh"});
  CHECK(T->contains(D + "/a/../a/k.cuh"));
  CHECK(!T->contains("/usr/local/cuda/include/cuda_runtime.h"));
  CHECK(T->relative(D + "/a/k.cu") == "a/k.cu");
  llvm::sys::fs::remove_directories(D);
}

TEST_CASE("collectInputs names a missing path", "[inputs]") {
  auto T = collectInputs({"/no/such/dir"});
  REQUIRE(!static_cast<bool>(T));
  CHECK(llvm::toString(T.takeError()).find("/no/such/dir") !=
        std::string::npos);
}

TEST_CASE("a single file is its own tree", "[inputs]") {
  llvm::SmallString<128> Dir;
  REQUIRE(!llvm::sys::fs::createUniqueDirectory("hw-one", Dir));
  std::string D(Dir);
  touch(D + "/k.cu");
  touch(D + "/side.cuh");
  auto T = collectInputs({D + "/k.cu"});
  REQUIRE(static_cast<bool>(T));
  CHECK(T->SingleFile);
  CHECK(T->relative(D + "/k.cu") == "k.cu");
  CHECK(!T->contains(D + "/side.cuh"));
  llvm::sys::fs::remove_directories(D);
}
