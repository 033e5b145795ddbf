//===- NvccFlags.h - nvcc flags and their clang twins -----------*- C++ -*-===//
//
// A build that compiles with nvcc carries flags clang does not know. Each
// one is translated to the clang/HIP flags with the same effect, or dropped
// with the reason (a flag that only tunes NVIDIA's toolchain), never left
// for clang to reject.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace hipwright {

struct NvccFlagTranslation {
  /// The flags to write instead; empty: the flag is dropped.
  std::vector<std::string> Hip;
  /// 2 when the flag took the next word as its value (-Xcompiler -fPIC).
  unsigned Words = 1;
  /// Why (always set when dropped; set when the translation is not exact).
  std::string Note;
};

/// Translates the nvcc flag \p Flag; \p Next is the word after it (empty at
/// the end). \p OffloadArchs: the --offload-arch flags that replace an
/// architecture flag (-arch=sm_80, -gencode ...); null where architectures
/// are set elsewhere (CMake's HIP_ARCHITECTURES), so the flag is dropped.
/// nullopt: not an nvcc-only flag (clang takes it as it is).
std::optional<NvccFlagTranslation>
translateNvccFlag(llvm::StringRef Flag, llvm::StringRef Next,
                  const std::vector<std::string> *OffloadArchs);

} // namespace hipwright
