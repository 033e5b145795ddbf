//===- TextFindings.h - findings as compiler diagnostics --------*- C++ -*-===//
#pragma once

#include "model/Finding.h"

#include "llvm/Support/raw_ostream.h"

#include <vector>

namespace hipwright {

/// Sorts findings by file, line, column and rule id: the order every sink
/// prints them in.
void sortFindings(std::vector<Finding> &Findings);

/// `file:line:col: warning: message [rule-id]`, the source line with a
/// caret, and a note line with the suggestion. Paths under the current
/// directory print relative to it so editors and terminals can open them.
void printFindingsText(const std::vector<Finding> &Findings,
                       llvm::raw_ostream &OS, bool Color = false);

/// Path as shown to the user: relative to the working directory when under
/// it, else absolute.
std::string displayPath(llvm::StringRef AbsolutePath);

} // namespace hipwright
