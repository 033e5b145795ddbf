//===- HopperFeatures.h - sm_90+ features AMD does not have -----*- C++ -*-===//
//
// One table: how each Hopper/Blackwell-only feature is recognized (PTX
// opcode, libcu++ cuda::ptx / cuda::device function, CUDA API name) and
// what a port must redesign it into. The analyzer only looks things up.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace hipwright {

enum class HopperKind {
  Wgmma,
  Tma,
  MbarrierTx,
  Cluster,
  SetMaxNReg,
  Tcgen05,
  Other
};

struct HopperFeature {
  const char *Rule;     ///< rule id
  const char *Name;     ///< what the feature is, for messages
  const char *Redesign; ///< what to build on AMD instead
};

const HopperFeature &hopperFeature(HopperKind K);

/// Each Hopper-only instruction in an asm template (one per kind), with the
/// opcode or register that gave it away.
std::vector<std::pair<HopperKind, std::string>>
classifyHopperPtx(llvm::StringRef AsmText);

/// A libcu++ wrapper of Hopper-only PTX: \p Name is the function's name in
/// cuda::ptx (\p InPtx) or cuda::device[::experimental].
std::optional<HopperKind> classifyLibcuxxFunction(llvm::StringRef Name,
                                                  bool InPtx);

/// A CUDA runtime/driver name (function or enumerator) that only exists for
/// a Hopper feature: cuTensorMapEncodeTiled,
/// cudaLaunchAttributeClusterDimension.
std::optional<HopperKind> classifyCudaApiName(llvm::StringRef Name);

} // namespace hipwright
