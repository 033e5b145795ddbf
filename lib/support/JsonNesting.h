//===- JsonNesting.h - JSON that cannot overflow the stack ------*- C++ -*-===//
//
// llvm::json::parse (and json::Value's destructor) recurse once per level of
// nesting: a file of 200,000 '[' overflows any thread's stack and kills the
// whole run. Files hipwright reads (baselines, verify results) are shallow,
// so a cheap scan that refuses deep nesting before parsing costs nothing
// and turns a crash into an error naming the file.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

namespace hipwright {

/// Far deeper than any file hipwright writes (they nest 4-5 levels), far
/// shallower than what the parser's recursion can take.
inline constexpr unsigned kMaxJsonNesting = 512;

/// An error ("line L: arrays and objects nested deeper than N levels") when
/// \p Text opens more than \p MaxDepth arrays/objects at once. Brackets in
/// strings do not count; anything malformed is left to the parser.
llvm::Error checkJsonNesting(llvm::StringRef Text,
                             unsigned MaxDepth = kMaxJsonNesting);

/// json::parse after checkJsonNesting.
llvm::Expected<llvm::json::Value>
parseJsonBounded(llvm::StringRef Text, unsigned MaxDepth = kMaxJsonNesting);

} // namespace hipwright
