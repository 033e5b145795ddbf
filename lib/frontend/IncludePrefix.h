//===- IncludePrefix.h - the #include lines a source file starts with -----===//
//
// Many translation units of one tree begin with the same #includes: every
// template instance of ggml-cuda starts `#include "../mmq.cuh"`, and most of
// its other sources start with a header whose own first line is
// `#include "common.cuh"`. What those lines bring in can be precompiled once
// and shared (frontend/PreludePch.h): a PCH built from the same #include
// lines, in the directory where they are written, holds what each TU reads
// first. This file reads those lines and lists, for one TU, every run of
// them a PCH could stand for, from the largest to the smallest.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace hipwright {

/// The #include directives a file starts with, read simply: comments and
/// blank lines between them are allowed, so is one `#pragma once` before
/// them; any other directive or code, a line continuation, or an include
/// whose name a macro gives ends the run.
struct LeadingIncludes {
  bool PragmaOnce = false;
  /// Each as `#include "name"` or `#include <name>`.
  std::vector<std::string> Lines;
  std::vector<std::string> Names;
  std::vector<bool> Angled;
};
LeadingIncludes leadingIncludes(llvm::StringRef Text);

/// One file on the way from the main file to the lines a PCH stands for,
/// and how its text must start for that to hold (checked again when the
/// TU's parse enters it: the file may change after the plan was made).
struct PrefixLink {
  std::string Path;
  bool PragmaOnce = false;
  std::vector<std::string> Lines;
};

struct PrefixCandidate {
  /// Where the lines are written (quoted names are looked up there first);
  /// empty when every name is angled (the lines mean the same anywhere).
  std::string Dir;
  /// The #include lines, one per line.
  std::string Text;
  /// The main file first, then each header entered to reach the lines.
  std::vector<PrefixLink> Chain;
};

/// Every candidate for the TU of \p MainFile parsed with \p TuArgs: the
/// main file's first k includes (k from all of them down to 1), then the
/// same inside its first header if that header starts with includes too
/// (only `#pragma once` and comments before them), and so on down. A
/// quoted name is looked for in the includer's directory, then in the
/// command line's -iquote and -I directories, as clang does; a name found
/// nowhere, or angled, is not descended into.
std::vector<PrefixCandidate>
prefixCandidates(llvm::ArrayRef<std::string> TuArgs, llvm::StringRef MainFile);

} // namespace hipwright
