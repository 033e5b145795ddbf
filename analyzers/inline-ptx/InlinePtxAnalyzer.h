//===- InlinePtxAnalyzer.h - the inline-ptx rules ---------------*- C++ -*-===//
#pragma once

#include "analysis/Analyzer.h"

namespace hipwright {

std::vector<RuleInfo> inlinePtxRules();
std::unique_ptr<Analyzer> createInlinePtxAnalyzer(AnalysisContext &Ctx);

} // namespace hipwright
