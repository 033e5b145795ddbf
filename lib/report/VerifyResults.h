//===- VerifyResults.h - `hipwright verify` results in a report -*- C++ -*-===//
//
// `report --verify RESULTS.json` adds the verification matrix to the
// report. The file is what `hipwright verify` writes:
//
//   {"programs": [{"name": "...", "file": "...",
//                  "cells": {"gfx942-build": {"status": "pass",
//                                             "detail": "..."}, ...}}],
//    "summary": {...}}
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

namespace hipwright {

/// Reads and checks \p Path; returns the report's "verify" object:
/// {"source", "columns" (every cell name, first-seen order), "programs",
/// "summary"}. Errors name the file and what is wrong with it.
llvm::Expected<llvm::json::Object> readVerifyResults(llvm::StringRef Path);

/// The same for text already read (\p Name labels errors).
llvm::Expected<llvm::json::Object> parseVerifyResults(llvm::StringRef Name,
                                                      llvm::StringRef Text);

} // namespace hipwright
