//===- PerfPortabilityAnalyzer.h - the perf-portability rules --*- C++ -*-===//
#pragma once

#include "analysis/Analyzer.h"

namespace hipwright {

std::vector<RuleInfo> perfPortabilityRules();
std::unique_ptr<Analyzer> createPerfPortabilityAnalyzer(AnalysisContext &Ctx);

} // namespace hipwright
