//===- AnalyzerList.cpp - every analyzer hipwright runs -------------------===//
//
// The registry is an explicit list (not static registration), so linking
// from a static library cannot drop an analyzer. scripts/new-analyzer.sh
// adds a line here for each new analyzer.
//
//===----------------------------------------------------------------------===//
#include "AnalyzerList.h"

// BEGIN analyzer includes (scripts/new-analyzer.sh inserts above END)
#include "hopper-only/HopperOnlyAnalyzer.h"
#include "inline-ptx/InlinePtxAnalyzer.h"
#include "lane-mask/LaneMaskAnalyzer.h"
#include "lds-limit/LdsLimitAnalyzer.h"
#include "memory-model/MemoryModelAnalyzer.h"
#include "perf-portability/PerfPortabilityAnalyzer.h"
#include "tensor-core/TensorCoreAnalyzer.h"
#include "warp-size/WarpSizeAnalyzer.h"
// END analyzer includes

namespace hipwright {

const AnalyzerRegistry &builtinAnalyzers() {
  static const AnalyzerRegistry Registry({
      // BEGIN analyzer entries (scripts/new-analyzer.sh inserts above END)
      {"tensor-core", tensorCoreRules, createTensorCoreAnalyzer},
      {"hopper-only", hopperOnlyRules, createHopperOnlyAnalyzer},
      {"lds-limit", ldsLimitRules, createLdsLimitAnalyzer},
      {"lane-mask", laneMaskRules, createLaneMaskAnalyzer},
      {"warp-size", warpSizeRules, createWarpSizeAnalyzer},
      {"inline-ptx", inlinePtxRules, createInlinePtxAnalyzer},
      {"memory-model", memoryModelRules, createMemoryModelAnalyzer},
      {"perf-portability", perfPortabilityRules, createPerfPortabilityAnalyzer},
      // END analyzer entries
  });
  return Registry;
}

} // namespace hipwright
