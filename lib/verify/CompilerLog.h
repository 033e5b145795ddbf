//===- CompilerLog.h - reading and writing compile logs ---------*- C++ -*-===//
//
// A compile's log holds everything the compiler and the object checks
// printed. From it the compile check takes the first error in file:line
// form (clang's and nvcc's spellings), the lines a reader needs to see
// first, and the number of warnings.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "verify/CompileCheck.h"
#include "verify/Subprocess.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace hipwright::verify {

/// The first "FILE:LINE:COL: [fatal ]error: MSG" (clang) or
/// "FILE(LINE): error: MSG" (nvcc) line of \p Log.
std::optional<CompileError> parseFirstError(llvm::StringRef Log);

/// The first lines (at most six) that report an error or a template
/// instantiation ("requested here"), or, when there are none, the last five
/// non-empty lines: what a reader of a failure needs first.
std::vector<std::string> firstErrorLines(llvm::StringRef Log);

/// Lines of \p Log that contain "warning:".
unsigned countWarningLines(llvm::StringRef Log);

/// Runs \p Argv (no timeout beyond \p TimeoutSeconds) and appends what it
/// printed (stdout, then stderr) to \p Log, in memory, and to the file
/// \p LogPath when given.
RunOutcome runLogged(std::vector<std::string> Argv, std::string &Log,
                     llvm::StringRef LogPath, unsigned TimeoutSeconds = 1800);

} // namespace hipwright::verify
