//===- GpuTarget.h - AMD targets the analyzers judge against ----*- C++ -*-===//
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace hipwright {

/// What a verdict depends on: wavefront width and LDS per workgroup.
struct GpuTarget {
  std::string Name;    ///< e.g. "gfx942"
  std::string Product; ///< e.g. "MI300"
  unsigned WaveSize;   ///< 64 on CDNA/GCN, 32 on RDNA (HIP's default there)
  unsigned LdsBytes;   ///< LDS one workgroup may allocate
  bool HasMfma;        ///< matrix cores (MFMA instructions)
};

/// The default of --targets: MI300 and MI350.
inline constexpr const char *kDefaultTargets = "gfx942,gfx950";

/// Parses a comma-separated target list ("gfx942,gfx950"); an unknown name
/// is an error listing the known ones.
llvm::Expected<std::vector<GpuTarget>> parseTargets(llvm::StringRef List);

/// Every target hipwright knows, in a stable order.
const std::vector<GpuTarget> &knownTargets();

} // namespace hipwright
