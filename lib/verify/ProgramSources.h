//===- ProgramSources.h - the sources one test program is built from -*- C++
//-*-===//
//
// A real test program is rarely one file: cuda-samples' simpleAtomicIntrinsics
// keeps its reference in simpleAtomicIntrinsics_cpu.cpp, HeCBench programs
// list several .cu files in their Makefile. verify builds and links a
// program from every source its build names: the add_executable() of the
// CMakeLists.txt beside its main that names the main, else the Makefile
// variable that lists the main's file (source = main.cu kernels.cu), else,
// when the main is the only source with a main in its folder, every C, C++
// and CUDA source there. Otherwise the main alone, as before.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace hipwright::verify {

struct ProgramSources {
  /// Absolute; the main's file first, the rest sorted.
  std::vector<std::string> Files;
  /// How they were found: "CMakeLists.txt:12: add_executable(app)",
  /// "Makefile:14: source", "every source in its folder", "its file".
  std::string From;
};

/// The sources of the program whose main is in \p Main (absolute).
ProgramSources programSources(llvm::StringRef Main);

/// Whether the file \p Path defines a main function (a test program's).
bool definesMain(llvm::StringRef Path);

/// Whether \p Path is a C, C++ or CUDA source (not a header).
bool isProgramSource(llvm::StringRef Path);

} // namespace hipwright::verify
