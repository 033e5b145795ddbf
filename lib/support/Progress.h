//===- Progress.h - a progress line on a terminal ---------------*- C++ -*-===//
//
// Long runs (a 500-file tree) show "files done / total, elapsed, estimate"
// on one redrawn stderr line, and only when stderr is a terminal: a script
// or CI log that captures stderr sees nothing of it.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <functional>
#include <string>

namespace hipwright {

using ProgressCallback = std::function<void(size_t Done, size_t Total)>;

/// "LABEL: 12/40 files, 0:05 elapsed, about 0:12 left" (no estimate before
/// the first file is done).
std::string formatProgress(llvm::StringRef Label, size_t Done, size_t Total,
                           double ElapsedSeconds);

/// A callback for PortRequest::OnUnitDone that redraws the line on stderr
/// (at most ten times a second) and erases it after the last unit; an empty
/// function when stderr is not a terminal, so callers can assign it
/// unconditionally.
ProgressCallback terminalProgress(llvm::StringRef Label);

/// The same, drawn whatever stderr is; for tests.
ProgressCallback alwaysProgress(llvm::StringRef Label);

} // namespace hipwright
