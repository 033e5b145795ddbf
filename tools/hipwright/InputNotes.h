//===- InputNotes.h - what a run could not or did not read ------*- C++ -*-===//
#pragma once

#include "port/Porter.h"

#include "llvm/Support/raw_ostream.h"

namespace hipwright {

/// Prints, for lint and report, one stderr line per input that was not
/// analyzed: unreadable directories (errors), links not followed, and HIP
/// sources left alone (notes). Returns true when something could not be
/// read, which the caller turns into exit status 2: a gate must not pass
/// over code it did not see.
bool printInputNotes(llvm::StringRef Tool, const PortResult &R,
                     llvm::raw_ostream &OS);

} // namespace hipwright
