//===- ByteCodec.h - exact, binary-safe encoding of plain data --*- C++ -*-===//
//
// The cache entries and shard files hold translation results whose strings
// are source text: arbitrary bytes, not necessarily UTF-8, so JSON (which
// must be UTF-8) cannot carry them unchanged. This encoding writes a string
// as "<length>:<bytes>" and a number as "<decimal>;": decoding gives back
// exactly what was encoded, and the encoding of a value never changes
// between runs or machines.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>

namespace hipwright {

class ByteWriter {
public:
  void num(uint64_t V) {
    Out += std::to_string(V);
    Out += ';';
  }
  void str(llvm::StringRef S) {
    Out += std::to_string(S.size());
    Out += ':';
    Out.append(S.data(), S.size());
  }
  std::string take() { return std::move(Out); }

private:
  std::string Out;
};

/// Reads what ByteWriter wrote. Any malformed or truncated input makes
/// ok() false and every later read return an empty value, so a decoder
/// reads on and checks ok() once at the end.
class ByteReader {
public:
  explicit ByteReader(llvm::StringRef In) : In(In) {}

  uint64_t num() { return digitsUntil(';'); }
  std::string str() {
    uint64_t Len = digitsUntil(':');
    if (!Ok || Len > In.size()) {
      Ok = false;
      return {};
    }
    std::string S = In.take_front(Len).str();
    In = In.drop_front(Len);
    return S;
  }
  /// A count of items still to read: each item takes at least two bytes,
  /// so a count larger than that is corrupt (and must not size a vector).
  uint64_t count() {
    uint64_t N = num();
    if (N > In.size() / 2)
      Ok = false;
    return Ok ? N : 0;
  }
  /// For a decoder that finds a value out of range.
  void fail() { Ok = false; }
  bool ok() const { return Ok; }
  bool atEnd() const { return In.empty(); }

private:
  llvm::StringRef In;
  bool Ok = true;

  uint64_t digitsUntil(char End) {
    if (!Ok)
      return 0;
    size_t Stop = In.find(End);
    uint64_t V = 0;
    if (Stop == llvm::StringRef::npos || Stop == 0 || Stop > 19 ||
        In.take_front(Stop).getAsInteger(10, V)) {
      Ok = false;
      return 0;
    }
    In = In.drop_front(Stop + 1);
    return V;
  }
};

} // namespace hipwright
