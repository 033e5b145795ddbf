//===- Version.h - what judged the code -------------------------*- C++ -*-===//
//
// hipwright's own version, the commit it was built from and the LLVM it
// links, so a CI log or a JSON/SARIF file says exactly which build ran.
// The rules tables' hash lives with the tables (rules/RulesHash.h).
//
//===----------------------------------------------------------------------===//
#pragma once

#include <string>

namespace hipwright {

/// The release version, e.g. "0.1.0" (CMake's project version).
const char *toolVersion();

/// The git commit the binary was built from ("1a2b3c4d5e6f", with "+dirty"
/// for a checkout with local changes); empty when not built from git.
const char *gitCommit();

/// The LLVM/Clang version hipwright was built against, e.g. "22.1.0".
const char *llvmVersion();

} // namespace hipwright
