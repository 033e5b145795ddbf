//===- TensorCoreAnalyzer.h - the tensor-core rules -------------*- C++ -*-===//
#pragma once

#include "analysis/Analyzer.h"

namespace hipwright {

std::vector<RuleInfo> tensorCoreRules();
std::unique_ptr<Analyzer> createTensorCoreAnalyzer(AnalysisContext &Ctx);

} // namespace hipwright
