//===- Baseline.h - adopting the lint gate on existing code -----*- C++ -*-===//
#pragma once

#include "model/Finding.h"

#include "llvm/Support/Error.h"

#include <functional>
#include <set>
#include <string>
#include <vector>

namespace hipwright {

/// Today's findings, recorded so that only new ones fail the gate. Entries
/// are matched by rule and fingerprint, never by line number.
struct Baseline {
  std::set<std::pair<std::string, std::string>> Known; ///< (rule, fingerprint)

  bool contains(const Finding &F) const {
    return Known.count({F.RuleId, F.Fingerprint}) != 0;
  }
};

llvm::Error
writeBaseline(llvm::StringRef Path, const std::vector<Finding> &Findings,
              const std::function<std::string(llvm::StringRef)> &RelativePath);
/// Errors name the file (and what is wrong with it).
llvm::Expected<Baseline> readBaseline(llvm::StringRef Path);

} // namespace hipwright
