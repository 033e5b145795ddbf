//===- LocalHeaders.h - the headers a test program brings along -*- C++ -*-===//
//
// Real programs keep kernels in headers next to the .cu (the CUDA samples'
// *_kernel.cuh): those need the same lowering as the .cu itself before the
// CPU runtime's host compiler can take them, and the same runnability check.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace hipwright::verify {

/// The files \p Source reaches through `#include "..."`, transitively, that
/// lie in \p Source's directory or below it, each once, as paths relative
/// to that directory. Headers found elsewhere (a -I
/// directory, the system) are the user's environment and are left alone.
std::vector<std::string> localHeaders(llvm::StringRef Source);

} // namespace hipwright::verify
