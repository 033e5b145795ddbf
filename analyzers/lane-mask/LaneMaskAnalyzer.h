//===- LaneMaskAnalyzer.h - the lane-mask rules ----------------*- C++ -*-===//
#pragma once

#include "analysis/Analyzer.h"

namespace hipwright {

std::vector<RuleInfo> laneMaskRules();
std::unique_ptr<Analyzer> createLaneMaskAnalyzer(AnalysisContext &Ctx);

} // namespace hipwright
