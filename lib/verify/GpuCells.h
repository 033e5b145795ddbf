//===- GpuCells.h - runs on a real GPU, when there is one -------*- C++ -*-===//
#pragma once

#include "verify/CompileFlags.h"
#include "verify/Manifest.h"
#include "verify/Toolchain.h"
#include "verify/VerifyMatrix.h"

#include <optional>
#include <string>

namespace hipwright::verify {

struct GpuInventory {
  std::optional<std::string> Nvidia; ///< first GPU nvidia-smi lists
  std::optional<std::string> Amd;    ///< first gfx9 agent rocminfo lists
  std::string NvidiaWhyNot, AmdWhyNot;
};

/// Asks nvidia-smi and rocminfo (when installed) what is there.
GpuInventory detectGpus(const Toolchain &T);

struct GpuRunRequest {
  std::string Original; ///< the CUDA program
  std::string Port;     ///< its (fixed) HIP port
  /// The program's other sources and their ports, in the same order.
  std::vector<std::string> ExtraOriginals, ExtraPorts;
  std::string MappingHeader; ///< the HIP-on-CUDA mapping header
  std::string WorkDir;
  unsigned TimeoutSeconds = 300;
  CompileFlags Flags; ///< the user's -I and -D, for the original's build
  /// The same for the port's build, its -I directories the ported copies.
  CompileFlags PortFlags;
  /// Its arguments on a GPU (gpu-args), environment and verdict.
  ProgramSpec Spec;
};

/// gpu-run-nvidia: the original and the port built with nvcc (the port
/// through the mapping header) and run on the GPU; pass when both pass.
Cell runOnNvidiaGpu(const Toolchain &T, const GpuInventory &G,
                    const GpuRunRequest &Req);

/// gpu-run-amd.
Cell runOnAmdGpu(const Toolchain &T, const GpuInventory &G,
                 const GpuRunRequest &Req);

/// The -l flags a program's #includes call for (cublas_v2.h -> -lcublas...).
std::vector<std::string> cudaLibrariesFor(llvm::StringRef Source);

} // namespace hipwright::verify
