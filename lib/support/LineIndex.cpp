//===- LineIndex.cpp - line and column of byte offsets --------------------===//
#include "support/LineIndex.h"

#include <algorithm>
#include <cstring>

namespace hipwright {

LineIndex::LineIndex(llvm::StringRef Buffer) : Buffer(Buffer) {
  LineStarts.push_back(0);
  const char *Begin = Buffer.data(), *End = Begin + Buffer.size();
  for (const char *P = Begin; P < End;) {
    const void *Nl = std::memchr(P, '\n', End - P);
    if (!Nl)
      break;
    P = static_cast<const char *>(Nl) + 1;
    LineStarts.push_back(P - Begin);
  }
}

std::pair<unsigned, unsigned> LineIndex::lineAndColumn(unsigned Offset) const {
  Offset = std::min<size_t>(Offset, Buffer.size());
  // The last line start at or before Offset.
  auto It = std::upper_bound(LineStarts.begin(), LineStarts.end(), Offset);
  unsigned Line = It - LineStarts.begin();
  return {Line, Offset - LineStarts[Line - 1] + 1};
}

llvm::StringRef LineIndex::lineText(unsigned Line) const {
  if (Line == 0 || Line > LineStarts.size())
    return {};
  size_t Start = LineStarts[Line - 1];
  size_t End = Line < LineStarts.size() ? LineStarts[Line] - 1 : Buffer.size();
  return Buffer.slice(Start, End);
}

} // namespace hipwright
