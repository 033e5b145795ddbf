//===- OutputWriter.h - where a port's results go ---------------*- C++ -*-===//
#pragma once

#include "port/Porter.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>

namespace hipwright {

enum class OutputMode { Stdout, OutRoot, InPlace, Diff };

struct OutputOptions {
  OutputMode Mode = OutputMode::Stdout;
  std::string OutRoot;       ///< for OutRoot
  bool Backup = true;        ///< for InPlace: keep <file>.orig
  bool CopyUnchanged = false; ///< for OutRoot: also copy files left as-is
};

/// Writes every file atomically: the bytes go to a temporary file beside the
/// target, which is renamed over it only once complete, so a crash or a full
/// disk never leaves a half-written source. Permissions of an overwritten
/// file are kept.
llvm::Error writeFileAtomically(llvm::StringRef Path, llvm::StringRef Bytes);

/// Emits \p Result as \p Opts says. Diff and Stdout go to \p OS.
llvm::Error writeOutputs(const PortResult &Result, const OutputOptions &Opts,
                         llvm::raw_ostream &OS);

} // namespace hipwright
