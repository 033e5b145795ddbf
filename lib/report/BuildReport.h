//===- BuildReport.h - the migration-effort report as JSON ------*- C++ -*-===//
//
// The report is one JSON object (schema: docs/report-format.md). It is
// built from what one `port` run already produced (files, API references,
// kernels, findings after .hipwright.yaml) and every format prints from it,
// so HTML, Markdown and CSV show nothing the JSON does not hold.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "config/Config.h"
#include "port/Porter.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <optional>
#include <string>
#include <vector>

namespace hipwright {

class AnalyzerRegistry;

struct ReportInput {
  const PortResult *Result = nullptr;
  /// Result's findings, as the findings stage left them (excludes,
  /// disabled rules, severities, NOLINT).
  std::vector<Finding> Findings;
  std::vector<std::string> Targets;
  /// Supplies each file's effort overrides.
  ConfigResolver *Configs = nullptr;
  /// readVerifyResults' object, when --verify was given.
  std::optional<llvm::json::Object> Verify;
  /// Where each rule's one-line summary comes from (the run's registry).
  /// Null: rules are listed without one.
  const AnalyzerRegistry *Analyzers = nullptr;
};

/// Fails when a configuration's effort section names an unknown bucket.
llvm::Expected<llvm::json::Object> buildReport(const ReportInput &In);

/// "0.25", "4", "1.5": hours without trailing zeros.
std::string formatHours(double H);

} // namespace hipwright
