//===- ExistingHipBuild.h - a tree that already builds for HIP --*- C++ -*-===//
//
// Some CUDA trees already have a HIP build of their own: llama.cpp's ggml
// compiles its ggml-cuda sources for AMD through src/ggml-hip/CMakeLists.txt
// when configured with -DGGML_HIP=ON. Migrating the CUDA build files of such
// a tree would put a second HIP build on top of the one its authors
// maintain. This finds the evidence (enable_language(HIP), HIP in project()
// languages, find_package(hip), CMAKE_HIP_ARCHITECTURES) and the option
// that turns it on, so the migration can point at it instead.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace hipwright {

struct ExistingHipBuild {
  /// "PATH:LINE: enable_language(HIP)": where the tree builds for HIP.
  std::string Evidence;
  /// "-DGGML_HIP=ON (PATH:LINE)" for each option() whose name says HIP or
  /// ROCm; empty when none does.
  std::vector<std::string> Options;
};

/// The HIP build among the CMake files \p Paths (absolute) with their
/// contents \p Texts, if any; \p Root makes the paths it names relative.
std::optional<ExistingHipBuild>
findExistingHipBuild(const std::vector<std::string> &Paths,
                     const std::vector<std::string> &Texts,
                     llvm::StringRef Root);

} // namespace hipwright
