//===- Fingerprint.h - finding ids that survive unrelated edits -*- C++ -*-===//
#pragma once

#include "model/Finding.h"

#include "llvm/ADT/StringRef.h"

#include <functional>
#include <vector>

namespace hipwright {

/// Gives every finding a fingerprint built from what it is about, not where
/// it is: its rule, its file (as \p RelativePath spells it), the text of its
/// source line with whitespace squeezed, and its rank among findings that
/// share all three. Lines added or removed elsewhere in the file leave it
/// unchanged, so baselines and SARIF partialFingerprints match across runs.
void assignFingerprints(
    std::vector<Finding> &Findings,
    const std::function<llvm::StringRef(llvm::StringRef File)> &Contents,
    const std::function<std::string(llvm::StringRef File)> &RelativePath);

} // namespace hipwright
