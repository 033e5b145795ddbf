//===- MakeReferences.h - the variable references of Makefile text -*- C++ -*-//
//
// Which variables a piece of a Makefile reads: $(NAME), ${NAME}, $(NAME:a=b),
// $X, and those inside function calls ($(addprefix ...), $(foreach ...),
// $(call NAME,...)). The build-file migration follows them from every command
// that runs nvcc back to the assignments that feed it, so a flag is known to
// be an nvcc flag by where it goes, not by what its variable is called.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace hipwright {

struct MakeReference {
  /// The variable; "@", "<", "^", "+" for make's automatic variables.
  std::string Name;
  size_t Begin, End; ///< the whole $(...) in the file
  /// Read as host-compiler or linker options: inside
  /// $(addprefix -Xcompiler ,...) and its kin, so its flags are not nvcc's.
  bool PassedThrough = false;
  /// $(NAME:a=b): the words it yields end in b, whatever NAME holds.
  bool Substitution = false;
  std::string SubstitutedSuffix;
};

/// Every reference in T[B, E), outermost first; $$ is not one, unless
/// \p Escaped (the text of a define body that $(eval $(call ...)) expands:
/// its $$(V) reads V then).
std::vector<MakeReference> makeReferences(llvm::StringRef T, size_t B, size_t E,
                                          bool Escaped = false);

/// The position after the ')' or '}' that closes the reference opening at
/// \p Dollar ("$(" or "${"); npos when it does not close before \p E.
size_t closingOf(llvm::StringRef T, size_t Dollar, size_t E);

/// The name of the make function a reference calls ("addprefix" for
/// "$(addprefix -Xcompiler ,$(X))"), or empty for a plain reference.
llvm::StringRef makeFunctionOf(llvm::StringRef Reference);

/// The comma-separated arguments of a function call $(fn a,b,c): the ranges
/// in the file, top-level commas only (nested references keep theirs).
std::vector<std::pair<size_t, size_t>>
makeFunctionArguments(llvm::StringRef T, size_t Begin, size_t End);

} // namespace hipwright
