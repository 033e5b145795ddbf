//===- VersionInfo.h - the build that judged the code -----------*- C++ -*-===//
//
// One description of this hipwright build (release, commit, LLVM, rules
// tables' hash) for `hipwright --version` and for every JSON/SARIF output, so
// a CI log or an archived report says exactly what produced it.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace hipwright {

/// {"hipwright": "0.1.0", "commit": "...", "llvm": "22.1.8",
///  "rules": "<hash>", "rocm": {"release": "7.2.4", "hip": "7.2.53211",
///  "path": "..."}}; "commit" is absent when not built from git, "rocm" is
///  null when no ROCm was found (support/RocmPrefix.h).
llvm::json::Object versionJson();

/// The `hipwright --version` text: one line per fact.
void printVersion(llvm::raw_ostream &OS);

} // namespace hipwright
