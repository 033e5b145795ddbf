//===- CompileArgs.h - clang command lines for CUDA sources ----*- C++ -*-===//
//
// Builds the clang-22 command line used to parse one source file: CUDA mode
// with the toolkit found by findCudaToolkit, plus the file's own include
// paths and macros from compile_commands.json when one is given. nvcc
// command lines in a compilation database are not clang's, so only the flags
// that change what the preprocessor sees are carried over.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/CudaToolkit.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/Error.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace hipwright {

enum class SourceLanguage { Cuda, Cxx, C };

/// Language a file is parsed as, from its extension (.cu/.cuh -> CUDA).
SourceLanguage languageOf(llvm::StringRef Path);

class CompileArgs {
public:
  CompileArgs(CudaToolkit Toolkit, std::string ResourceDir,
              std::vector<std::string> ExtraArgs);

  /// Reads BuildDir/compile_commands.json.
  llvm::Error loadCompilationDatabase(llvm::StringRef BuildDir);

  /// The full command line (argv[0] first, file last) to parse \p File.
  std::vector<std::string> argsFor(llvm::StringRef File) const;

  /// Include directories for \p File that no compilation database gave
  /// (the tree's CMake files name them; buildfiles/CMakeIncludeDirs.h):
  /// searched after the user's own -I. Set before any parse starts.
  void setInferredIncludeDirs(const std::string &File,
                              std::vector<std::string> Dirs);

  const CudaToolkit &toolkit() const { return Toolkit; }

private:
  CudaToolkit Toolkit;
  std::string ResourceDir;
  std::vector<std::string> ExtraArgs;
  std::unique_ptr<clang::tooling::CompilationDatabase> Database;
  std::map<std::string, std::vector<std::string>> InferredIncludeDirs;
};

/// Keeps the preprocessor-relevant flags (-I, -D, -U, -isystem, -include,
/// -std, ...) of a compiler command line; relative include paths are made
/// absolute against \p Directory.
std::vector<std::string>
filterDatabaseFlags(const std::vector<std::string> &CommandLine,
                    llvm::StringRef Directory);

} // namespace hipwright
