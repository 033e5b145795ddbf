//===- MemoryModelAnalyzer.h - the memory-model rules ----------*- C++ -*-===//
#pragma once

#include "analysis/Analyzer.h"

namespace hipwright {

std::vector<RuleInfo> memoryModelRules();
std::unique_ptr<Analyzer> createMemoryModelAnalyzer(AnalysisContext &Ctx);

} // namespace hipwright
