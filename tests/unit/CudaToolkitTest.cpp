#include "frontend/CudaToolkit.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <catch2/catch.hpp>
#include <cstdlib>

using namespace hipwright;

TEST_CASE("an explicit --cuda-path that is not a toolkit is an error",
          "[frontend]") {
  auto T = findCudaToolkit(std::string("/nonexistent/cuda"));
  REQUIRE(!static_cast<bool>(T));
  std::string Msg = llvm::toString(T.takeError());
  CHECK(Msg.find("/nonexistent/cuda") != std::string::npos);
}

TEST_CASE("$CUDA_PATH is used when it holds a toolkit", "[frontend]") {
  llvm::SmallString<128> Dir;
  REQUIRE(!llvm::sys::fs::createUniqueDirectory("hw-cuda", Dir));
  llvm::SmallString<128> Inc(Dir);
  llvm::sys::path::append(Inc, "include");
  REQUIRE(!llvm::sys::fs::create_directories(Inc));
  llvm::sys::path::append(Inc, "cuda_runtime.h");
  {
    std::error_code EC;
    llvm::raw_fd_ostream(Inc, EC) << "\n";
  }
  setenv("CUDA_PATH", Dir.c_str(), 1);
  auto T = findCudaToolkit();
  unsetenv("CUDA_PATH");
  REQUIRE(static_cast<bool>(T));
  CHECK(T->Root == std::string(Dir));
  CHECK(T->Origin == "$CUDA_PATH");
  llvm::sys::fs::remove_directories(Dir);
}
