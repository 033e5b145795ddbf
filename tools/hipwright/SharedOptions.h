//===- SharedOptions.h - options every source command takes -----*- C++ -*-===//
#pragma once

#include "ArgCursor.h"

#include "port/Porter.h"

#include <string>

namespace hipwright {

enum class SharedOption { NotMine, Taken, Bad };

/// Consumes one option port, lint and report all take: `-p BUILD_DIR`,
/// `--cuda-path DIR`, `--rocm-version X.Y`, `-j N` / `--jobs N` / `-jN`, and
/// `--` (every argument after it goes to clang). On Bad, \p Error says what
/// is wrong.
SharedOption takeSharedOption(ArgCursor &C, PortRequest &Req,
                              std::string &Error);

} // namespace hipwright
