//===- CudaToolkit.h - locating the CUDA toolkit ---------------*- C++ -*-===//
#pragma once

#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace hipwright {

/// Where the CUDA toolkit's headers come from.
struct CudaToolkit {
  std::string Root;   ///< e.g. /usr/local/cuda
  std::string Origin; ///< how it was found: "--cuda-path", "$CUDA_PATH", ...
};

/// Finds the toolkit in the documented order: the explicit \p CliPath, then
/// $CUDA_PATH, then the directory above `nvcc` on PATH, then /usr/local/cuda.
/// A candidate counts only if it has include/cuda_runtime.h.
llvm::Expected<CudaToolkit>
findCudaToolkit(std::optional<std::string> CliPath = std::nullopt);

} // namespace hipwright
