//===- LdsLimitAnalyzer.h - the lds-limit rules ----------------*- C++ -*-===//
#pragma once

#include "analysis/Analyzer.h"

namespace hipwright {

std::vector<RuleInfo> ldsLimitRules();
std::unique_ptr<Analyzer> createLdsLimitAnalyzer(AnalysisContext &Ctx);

} // namespace hipwright
