//===- TuResultCodec.h - one TU's result as bytes and back ------*- C++ -*-===//
//
// The one serialization of a translation unit's result: the result cache
// stores it and `--shard` writes it, so a result read back from either is
// exactly the one computed, and every output is rendered from it by the
// same code as in a plain run.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "port/TuResult.h"
#include "support/ByteCodec.h"

#include <optional>

namespace hipwright {

void encodeTuResult(const TuResult &R, ByteWriter &W);

/// Reads one result; nullopt when the bytes are not one (the reader's
/// ok() is then false too).
std::optional<TuResult> decodeTuResult(ByteReader &R);

} // namespace hipwright
