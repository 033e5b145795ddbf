//===- EditSet.h - translation edits merged across TUs ---------*- C++ -*-===//
//
// Each translation unit proposes edits to the files it saw. A header shared
// by many TUs receives the same edits many times; they are merged here so it
// is written once. Two different edits to the same bytes are a conflict:
// kept out of the output and reported, never resolved silently.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "model/Finding.h"

#include "llvm/ADT/StringRef.h"

#include <map>
#include <string>
#include <vector>

namespace hipwright {

struct EditConflict {
  std::string File;
  Replacement Kept;
  Replacement Dropped;
};

class EditSet {
public:
  void add(Replacement R);
  void addAll(const std::vector<Replacement> &Rs);

  /// Sorted, deduplicated edits of one file; conflicting edits are moved to
  /// conflicts() (the first in (offset, length, text) order is kept, so the
  /// result does not depend on the order TUs finished in).
  std::vector<Replacement> editsFor(llvm::StringRef File);
  std::vector<std::string> files() const;
  const std::vector<EditConflict> &conflicts() const { return Conflicts; }

private:
  std::map<std::string, std::vector<Replacement>, std::less<>> ByFile;
  std::vector<EditConflict> Conflicts;
};

/// Keeps the `\` of macro continuation lines in the column they were
/// aligned to: for each line ending in spaces + `\` whose other edits change
/// its length, adds an edit that resizes that run of spaces (to at least one
/// space). \p Edits must be sorted and non-overlapping; they stay so.
void alignLineContinuations(llvm::StringRef Original,
                            std::vector<Replacement> &Edits);

/// Applies sorted, non-overlapping edits to \p Original. Edit texts spell
/// line breaks as '\n'; where the line they land in ends in CRLF, their
/// line breaks are written as CRLF too.
std::string applyEdits(llvm::StringRef Original,
                       const std::vector<Replacement> &Edits);

} // namespace hipwright
