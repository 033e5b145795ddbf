//===- OutputWriter.h - where a port's results go ---------------*- C++ -*-===//
#pragma once

#include "port/Porter.h"
#include "support/AtomicFile.h" // writeFileAtomically, for every writer

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <string>

namespace hipwright {

enum class OutputMode { Stdout, OutRoot, InPlace, Diff };

struct OutputOptions {
  OutputMode Mode = OutputMode::Stdout;
  std::string OutRoot;        ///< for OutRoot
  bool Backup = true;         ///< for InPlace: keep <file>.orig (Backup.h)
  bool CopyUnchanged = false; ///< for OutRoot: also copy files left as-is
  /// Told what a user should know about files written (a backup kept
  /// under another name, a hard link separated, a stale temporary file
  /// removed); one line each, no prefix.
  std::function<void(const std::string &)> OnNote;
};

/// Emits \p Result as \p Opts says. Diff and Stdout go to \p OS. Nothing is
/// written when a target turns out to be an input (OutRoot) or a source
/// changed since it was read (InPlace): every target is checked first.
llvm::Error writeOutputs(const PortResult &Result, const OutputOptions &Opts,
                         llvm::raw_ostream &OS);

} // namespace hipwright
