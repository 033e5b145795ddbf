//===- MakeMigrator.h - a GNU Makefile of a CUDA build, for HIP -*- C++ -*-===//
//
// Rewrites the nvcc parts of a GNU Makefile: the nvcc program (in a
// variable or a recipe) becomes $(HIPCXX), clang++ of the ROCm install,
// defined once; compile commands get -x hip (CUDA sources keep their .cu
// names), link commands --hip-link; nvcc flags are translated (an NVIDIA
// architecture becomes --offload-arch= per AMD target) or dropped with a
// note; -l<CUDA library> becomes the ROCm library and $(CUDA_PATH) the ROCm
// root. Logical lines (with their \-newline continuations) are split into
// words with $(...) references kept whole; edits are byte ranges.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "buildfiles/CMakeMigrator.h" // BuildNote, the edit model

namespace hipwright {

struct MakeMigrationContext {
  std::vector<std::string> Architectures; ///< gfx942, gfx950
  const BuildRuleTable *Rules = nullptr;
};

/// The edits that port the Makefile \p Text (the file \p Path) to HIP.
CMakeMigration migrateMake(llvm::StringRef Path, llvm::StringRef Text,
                           const MakeMigrationContext &Ctx);

} // namespace hipwright
