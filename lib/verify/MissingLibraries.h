//===- MissingLibraries.h - HIP libraries this system lacks -----*- C++ -*-===//
//
// Debian's HIP 5.2.3 ships no hipBLAS, rocBLAS, hipFFT, hipCUB, rocThrust,
// ... A port that includes one of their headers cannot build for an AMD
// target here, whatever its quality: the compile check reports such a file
// as skipped, naming the library, instead of failing it.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace hipwright::verify {

/// Why \p Source (a file's text) cannot be built: the first #include of a
/// known library's header that none of \p SearchDirs holds, as
/// "needs hipBLAS, which Debian's HIP 5.2.3 lacks (#include <hipblas.h> not
/// found)". nullopt when nothing is missing.
std::optional<std::string>
missingLibraryReason(llvm::StringRef Source,
                     llvm::ArrayRef<std::string> SearchDirs);

} // namespace hipwright::verify
