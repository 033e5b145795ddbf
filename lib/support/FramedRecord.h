//===- FramedRecord.h - a file that proves it is whole ----------*- C++ -*-===//
//
// A record written to disk and read back by a later process (a cache entry,
// a shard's results) must never be trusted when it was cut short or
// damaged. The frame is: a magic line naming the kind and version, the
// payload's length and BLAKE3 digest, then the payload. Reading checks all
// three before it hands out a byte of the payload.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace hipwright {

/// \p Magic is one line without '\n', e.g. "hipwright-cache 1".
std::string frameRecord(llvm::StringRef Magic, llvm::StringRef Payload);

/// The payload of \p Bytes, or an error saying what is wrong (another kind
/// or version of record, truncated, checksum mismatch); \p What names the
/// file in the message.
llvm::Expected<llvm::StringRef> unframeRecord(llvm::StringRef Magic,
                                              llvm::StringRef Bytes,
                                              llvm::StringRef What);

/// Lowercase hex BLAKE3 of \p Bytes (64 digits).
std::string contentDigest(llvm::StringRef Bytes);

/// contentDigest of the file at \p Path as it is now; nullopt when it
/// cannot be read.
std::optional<std::string> fileDigest(llvm::StringRef Path);

} // namespace hipwright
