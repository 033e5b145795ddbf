//===- TuResult.h - what translating one TU produced ------------*- C++ -*-===//
#pragma once

#include "model/Finding.h"

#include <string>
#include <vector>

namespace hipwright {

/// One use of a CUDA API in user code.
struct ApiReference {
  std::string Name;   ///< CUDA spelling
  std::string Hip;    ///< HIP spelling; empty when unconverted
  std::string Family; ///< rules table, or "unknown" for names not in rules/
  std::string File;
  unsigned Offset = 0; ///< byte offset, to deduplicate shared headers
  unsigned Line = 0;
  unsigned Column = 0;
  bool Converted = false;
};

/// A __global__ function defined in user code, for the report's kernel
/// count (kernels in a shared header are counted once).
struct KernelDef {
  std::string File;
  unsigned Line = 0;
  std::string Name;
};

/// A file the parse read, and the BLAKE3 of the bytes it read (what the
/// result cache checks before it reuses a result; port/UnitCache.h).
struct ParseInput {
  std::string Path;
  std::string Digest;
};

/// A compiler error of one parse (or why there was none), where it points:
/// the merge gives it to the user file it names, without reading the file
/// back out of the message.
struct ParseError {
  std::string File;  ///< as clang names it; empty: the command line
  unsigned Line = 0; ///< 0: the file as a whole
  unsigned Column = 0;
  std::string Message;
  /// A fatal error (a missing #include): clang stops the whole TU there.
  bool Fatal = false;

  /// "file:line:col: error: message", as clang prints it.
  std::string str() const {
    std::string Where = File.empty() ? "<command line>" : File;
    if (Line)
      Where += ":" + std::to_string(Line) + ":" + std::to_string(Column);
    return Where + ": error: " + Message;
  }
  friend bool operator==(const ParseError &, const ParseError &) = default;
};

/// Everything one translation unit contributed. Plain data, so TUs can run
/// on worker threads and be merged deterministically afterwards.
struct TuResult {
  std::string MainFile;
  std::vector<std::string> FilesSeen; ///< user files this TU read (main first)
  std::vector<Replacement> Edits;
  std::vector<ApiReference> References;
  std::vector<Finding> Findings;
  std::vector<KernelDef> Kernels;
  std::vector<ParseError> Errors;
  bool Failed = false; ///< no usable parse at all
  /// Every file the parse read (sources, user and system headers), sorted
  /// by path; filled only when TranslateContext::RecordInputs is set.
  std::vector<ParseInput> Inputs;
  /// Every path the parse looked up and did not find (frontend/
  /// AbsentPaths.h), absolute, sorted, each once; filled with Inputs.
  std::vector<std::string> Absent;
};

} // namespace hipwright
