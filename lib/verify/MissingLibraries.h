//===- MissingLibraries.h - HIP libraries this system lacks -----*- C++ -*-===//
//
// The ROCm in use may lack a library (the fetched 7.2 prefix has no MIOpen,
// rocBLAS, rocFFT or rocSOLVER headers; Debian's rocWMMA package lacks its
// internal/ headers). A port that includes one cannot build for an AMD
// target here, whatever its quality: the compile check reports such a file
// as skipped, naming the library and why, instead of failing it.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace hipwright::verify {

/// Why \p Source (a file's text) cannot be built: the first #include of a
/// known library's header that none of \p SearchDirs holds, as "needs
/// MIOpen, which the ROCm at R lacks (#include <miopen/miopen.h> not
/// found)", or one found in a package known to be incomplete. \p RocmRoot
/// is only named in the message. nullopt when nothing is missing.
std::optional<std::string>
missingLibraryReason(llvm::StringRef Source,
                     llvm::ArrayRef<std::string> SearchDirs,
                     llvm::StringRef RocmRoot);

} // namespace hipwright::verify
