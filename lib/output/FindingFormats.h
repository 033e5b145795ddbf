//===- FindingFormats.h - findings as JSON and SARIF ------------*- C++ -*-===//
#pragma once

#include "analysis/Analyzer.h"
#include "model/Finding.h"

#include "llvm/Support/JSON.h"

#include <functional>
#include <string>
#include <vector>

namespace hipwright {

/// How a path is written in machine output (repo-relative in practice).
using PathMapper = std::function<std::string(llvm::StringRef AbsolutePath)>;

/// hipwright's JSON findings document (docs/json-format.md).
llvm::json::Value findingsJson(const std::vector<Finding> &Findings,
                               const PathMapper &Path);

/// \p Path as the path of a URI (RFC 3986): every byte but the unreserved
/// characters and '/' percent-encoded; a relative path stays relative.
std::string sarifUriPath(llvm::StringRef Path);

/// A SARIF 2.1.0 log with every rule declared and one result per finding;
/// suppressed findings carry an inSource suppression. artifactLocation.uri
/// is percent-encoded: relative to %SRCROOT%, or file:// when \p Path
/// gives an absolute path.
llvm::json::Value findingsSarif(const std::vector<Finding> &Findings,
                                const std::vector<RuleInfo> &Rules,
                                const PathMapper &Path);

} // namespace hipwright
