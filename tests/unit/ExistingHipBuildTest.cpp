//===- ExistingHipBuildTest.cpp - a tree that already builds for HIP ------===//
#include "buildfiles/ExistingHipBuild.h"

#include <catch2/catch.hpp>

using namespace hipwright;

TEST_CASE("ggml's shape: a HIP backend next to the CUDA one, and its switch",
          "[existing-hip]") {
  std::vector<std::string> Paths = {"/t/CMakeLists.txt",
                                    "/t/src/ggml-cuda/CMakeLists.txt",
                                    "/t/src/ggml-hip/CMakeLists.txt"};
  std::vector<std::string> Texts = {
      "project(ggml C CXX)\n"
      "option(GGML_CUDA \"use CUDA\" OFF)\n"
      "option(GGML_HIP \"use HIP\" OFF)\n"
      "option(GGML_HIP_GRAPHS \"use HIP graphs\" OFF)\n"
      "option(GGML_MUSA_CHIP \"not HIP\" OFF)\n",
      "find_package(CUDAToolkit)\nenable_language(CUDA)\n",
      "cmake_minimum_required(VERSION 3.21)\n"
      "enable_language(HIP)\n"
      "find_package(hip REQUIRED)\n"};
  std::optional<ExistingHipBuild> B = findExistingHipBuild(Paths, Texts, "/t");
  REQUIRE(B);
  CHECK(B->Evidence == "src/ggml-hip/CMakeLists.txt:2: enable_language(HIP)");
  CHECK(B->Options ==
        std::vector<std::string>{"-DGGML_HIP=ON (CMakeLists.txt:3)"});
}

TEST_CASE("project(LANGUAGES ... HIP) and find_package(hip) count, CUDA alone "
          "does not",
          "[existing-hip]") {
  CHECK(findExistingHipBuild({"/t/a.cmake"}, {"project(p LANGUAGES CXX HIP)\n"},
                             "/t")
            ->Evidence == "a.cmake:1: project(... HIP)");
  CHECK(findExistingHipBuild({"/t/a.cmake"}, {"find_package(HIP)\n"}, "/t")
            ->Evidence == "a.cmake:1: find_package(HIP)");
  CHECK(!findExistingHipBuild({"/t/CMakeLists.txt"},
                              {"project(p LANGUAGES CXX CUDA)\n"
                               "# enable_language(HIP) is a comment\n"
                               "set(HIP_NOTE \"HIP\")\n"},
                              "/t"));
}
