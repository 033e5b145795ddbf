//===- LineIndex.h - line and column of byte offsets ------------*- C++ -*-===//
//
// A file's line starts, found once, so each offset -> (line, column) lookup
// is a binary search instead of a scan from the start of the file. Callers
// that locate many places in one buffer (every API reference, every finding)
// stay linear in the file's size.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"

#include <utility>
#include <vector>

namespace hipwright {

class LineIndex {
public:
  /// \p Buffer must outlive the index.
  explicit LineIndex(llvm::StringRef Buffer);

  /// 1-based line and column (in bytes) of \p Offset; offsets past the end
  /// count as the end of the buffer.
  std::pair<unsigned, unsigned> lineAndColumn(unsigned Offset) const;

  /// The text of 1-based line \p Line without its '\n'; empty past the end.
  llvm::StringRef lineText(unsigned Line) const;

private:
  llvm::StringRef Buffer;
  std::vector<unsigned> LineStarts; ///< offset of each line's first byte
};

} // namespace hipwright
