//===- OutputCompare.h - is the port's output the original's? ---*- C++ -*-===//
//
// The verdict that makes a port provably equivalent: the port, run at 64
// lanes, prints what the CUDA original printed at 32. Line by line, after
// masking what varies from run to run (timings: the manifest's `ignore`
// patterns); numbers compare within a relative or absolute tolerance (a
// reduction summed in another order differs in its last bits), everything
// else exactly.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace hipwright::verify {

struct CompareRules {
  double Relative = 1e-6, Absolute = 1e-9;
  llvm::ArrayRef<std::string> Ignore; ///< regexes; matches are masked
};

/// nullopt when \p Port's output is \p Reference's under \p Rules; else the
/// first difference ("output line 3: 'x = 2.5' where the original printed
/// 'x = 2.7'", "output has 2 lines where the original printed 3; ...").
std::optional<std::string> compareOutputs(llvm::StringRef Reference,
                                          llvm::StringRef Port,
                                          const CompareRules &Rules);

} // namespace hipwright::verify
