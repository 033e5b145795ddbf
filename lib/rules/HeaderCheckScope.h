//===- HeaderCheckScope.h - which rows the headers can vouch for -*- C++
//-*-===//
//
// The test suite checks every HIP name in rules/ against the headers of the
// ROCm release the compile checks use (tests/unit/RulesAgainstHeadersTest,
// RuleArityTest). Some rows cannot be checked there: their HIP name is from
// a newer or an older release, or from a library the ROCm prefix lacks, or
// it is hipwright's own equivalent. This is that decision, shared by the
// tests and docs/rules-coverage.md, so the page counts what the tests check.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "rules/RocmVersion.h"
#include "rules/RuleTable.h"

#include <string>

namespace hipwright {

/// The ROCm release scripts/fetch-rocm.sh installs for the compile checks.
inline constexpr RocmVersion kCheckedRocmRelease{7, 2};

enum class HeaderCheck {
  Checked,        ///< the name must be in that release's headers
  NoHipName,      ///< unsupported or erased: nothing to check
  Emulated,       ///< hipwright_cuda_compat.h defines it
  MissingLibrary, ///< a library the ROCm prefix does not have
  NewerRelease,   ///< first shipped after the checked release
  OlderRelease,   ///< a span of releases that ended before it
};

/// Whether \p R's HIP name can be checked against \p Release's headers,
/// and if not, why. \p Library receives the missing library's name.
HeaderCheck headerCheckOf(const Rule &R, const RocmVersion &Release,
                          std::string *Library = nullptr);

} // namespace hipwright
