//===- CappedOutput.h - a stream's head and tail, bounded -------*- C++ -*-===//
#pragma once

#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace hipwright::verify {

/// Collects a stream chunk by chunk, keeping its first \p HeadBytes and its
/// last \p TailBytes: memory stays bounded (under HeadBytes + 2 * TailBytes)
/// however much arrives, and the bytes in between are only counted.
class CappedOutput {
public:
  CappedOutput(size_t HeadBytes, size_t TailBytes)
      : HeadCap(HeadBytes), TailCap(TailBytes) {}

  void append(llvm::StringRef Chunk);

  /// Bytes dropped from the middle so far.
  uint64_t omitted() const;

  /// The head, then (when something was dropped) a line
  /// "[... output cut: N bytes omitted ...]", then the tail.
  std::string text() const;

private:
  size_t HeadCap, TailCap;
  std::string Head, Tail;
  uint64_t Dropped = 0; ///< bytes erased from the front of Tail
};

} // namespace hipwright::verify
