//===- ApplyConfig.h - per-file .hipwright.yaml on findings -----*- C++ -*-===//
//
// `lint` and `report` judge the same findings the same way: a finding in an
// excluded path or of a disabled rule is dropped, and severity overrides
// apply, each by the configuration of the finding's own file.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "config/Config.h"
#include "findings/Finding.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <vector>

namespace hipwright {

/// Filters \p Findings by their files' configurations and applies severity
/// overrides. \p Root is where paths are relative to when a file has no
/// .hipwright.yaml of its own (the input tree's root). Fails on a malformed
/// configuration file (the error names it).
llvm::Expected<std::vector<Finding>>
applyConfig(std::vector<Finding> Findings, ConfigResolver &Configs,
            llvm::StringRef Root);

} // namespace hipwright
