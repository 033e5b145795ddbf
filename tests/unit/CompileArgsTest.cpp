#include "frontend/CompileArgs.h"

#include <catch2/catch.hpp>

using namespace hipwright;

TEST_CASE("filterDatabaseFlags keeps what the preprocessor sees",
          "[frontend]") {
  std::vector<std::string> Cmd = {"/usr/local/cuda/bin/nvcc",
                                  "-DUSE_FAST=1",
                                  "-I",
                                  "include",
                                  "-Isrc",
                                  "-isystem",
                                  "/opt/x/include",
                                  "-gencode",
                                  "arch=compute_90,code=sm_90",
                                  "--expt-relaxed-constexpr",
                                  "-std=c++17",
                                  "-O3",
                                  "-U",
                                  "NDEBUG",
                                  "-c",
                                  "k.cu",
                                  "-o",
                                  "k.o"};
  auto F = filterDatabaseFlags(Cmd, "/proj/build");
  std::vector<std::string> Want = {
      "-DUSE_FAST=1",    "-I",       "/proj/build/include", "-I",
      "/proj/build/src", "-isystem", "/opt/x/include",      "-std=c++17",
      "-UNDEBUG"};
  CHECK(F == Want);
}

TEST_CASE("filterDatabaseFlags tells -include and -isystem from -I",
          "[frontend]") {
  auto F =
      filterDatabaseFlags({"cc", "-includeconfig.h", "-isystem/sys"}, "/d");
  std::vector<std::string> Want = {"-include", "/d/config.h", "-isystem",
                                   "/sys"};
  CHECK(F == Want);
}

TEST_CASE("argsFor parses .cu as CUDA host side and .c as C", "[frontend]") {
  CompileArgs A({"/usr/local/cuda", "test"}, "/res", {"-DEXTRA"});
  auto Cu = A.argsFor("/p/k.cu");
  CHECK(std::find(Cu.begin(), Cu.end(), "--cuda-host-only") != Cu.end());
  CHECK(std::find(Cu.begin(), Cu.end(), "--cuda-path=/usr/local/cuda") !=
        Cu.end());
  CHECK(std::find(Cu.begin(), Cu.end(), "-std=c++17") != Cu.end());
  CHECK(Cu.back() == "/p/k.cu");
  CHECK(Cu[Cu.size() - 2] == "-DEXTRA");
  auto C = A.argsFor("/p/x.c");
  CHECK(std::find(C.begin(), C.end(), "c") != C.end());
  CHECK(std::find(C.begin(), C.end(), "-std=c++17") == C.end());
}
