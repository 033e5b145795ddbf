//===- Version.cpp - what judged the code ---------------------------------===//
#include "support/Version.h"

#include "llvm/Config/llvm-config.h"

// HIPWRIGHT_GIT_COMMIT, regenerated at every build by cmake/WriteVersion.cmake.
#include "GitCommit.inc"

#ifndef HIPWRIGHT_VERSION
#define HIPWRIGHT_VERSION "unknown"
#endif

namespace hipwright {

const char *toolVersion() { return HIPWRIGHT_VERSION; }
const char *gitCommit() { return HIPWRIGHT_GIT_COMMIT; }
const char *llvmVersion() { return LLVM_VERSION_STRING; }

} // namespace hipwright
