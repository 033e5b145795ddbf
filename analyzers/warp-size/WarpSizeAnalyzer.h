//===- WarpSizeAnalyzer.h - the warp-size rules ----------------*- C++ -*-===//
#pragma once

#include "analysis/Analyzer.h"

namespace hipwright {

std::vector<RuleInfo> warpSizeRules();
std::unique_ptr<Analyzer> createWarpSizeAnalyzer(AnalysisContext &Ctx);

} // namespace hipwright
