//===- AnalyzerList.h - every analyzer hipwright ships ----------*- C++ -*-===//
//
// The registry the commands pass down to the port, the findings stage and
// the outputs (analysis/AnalyzerRegistry.h).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "analysis/AnalyzerRegistry.h"

namespace hipwright {

/// Every analyzer hipwright ships, in a stable order, with the translator's
/// rules: one registry for the whole process.
const AnalyzerRegistry &builtinAnalyzers();

} // namespace hipwright
