//===- HopperOnlyAnalyzer.h - the hopper-only rules -------------*- C++ -*-===//
#pragma once

#include "analysis/Analyzer.h"

namespace hipwright {

std::vector<RuleInfo> hopperOnlyRules();
std::unique_ptr<Analyzer> createHopperOnlyAnalyzer(AnalysisContext &Ctx);

} // namespace hipwright
