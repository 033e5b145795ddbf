//===- PublishedDirectory.h - build a work directory once -------*- C++ -*-===//
//
// Generated directories the compile checks share (the NVIDIA stand-in
// headers) are filled in a private temporary directory, marked with a
// `.complete` file and renamed into place, so that concurrent checks never
// see half of one and a crash never leaves one that looks finished. A directory
// already published is reused as it is.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace hipwright::verify {

/// Returns \p WorkDir/\p Name, first filling it with \p Fill (given a fresh
/// directory next to it) unless it is already published. Errors name what
/// could not be created or written.
llvm::Expected<std::string>
publishDirectory(llvm::StringRef WorkDir, llvm::StringRef Name,
                 llvm::function_ref<llvm::Error(llvm::StringRef Dir)> Fill);

} // namespace hipwright::verify
