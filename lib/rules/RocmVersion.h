//===- RocmVersion.h - a ROCm release, major.minor -------------*- C++ -*-===//
//
// The rules record the ROCm release each HIP name first shipped in; a port
// aimed at an older ROCm must not emit names that release lacks. Releases
// are compared by major and minor only: HIP adds API in minor releases.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"

#include <compare>
#include <optional>
#include <string>

namespace hipwright {

struct RocmVersion {
  unsigned Major = 0;
  unsigned Minor = 0;

  /// Accepts "6", "6.2" and "6.2.1" (the patch level is ignored); nullopt
  /// for anything else.
  static std::optional<RocmVersion> parse(llvm::StringRef Text);
  /// "6.2".
  std::string str() const;

  auto operator<=>(const RocmVersion &) const = default;
};

} // namespace hipwright
