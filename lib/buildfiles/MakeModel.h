//===- MakeModel.h - where a Makefile's values go ---------------*- C++ -*-===//
//
// A GNU Makefile read for its data flow: every assignment of a variable
// (plain, target- and pattern-specific, in any ifeq/ifdef branch, define
// blocks, and the `VAR += ...` that $(eval ...) runs, as old cuda-samples
// Makefiles build GENCODE_FLAGS in a $(foreach)), every command of every
// recipe, and which variables reach a command that runs nvcc (directly, or
// through $(CC)/$(NVCC)/any variable whose value runs it) and which reach a
// host compiler. make is not run: a variable is followed through all of its
// assignments, whichever branch a build takes.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "buildfiles/MakeReferences.h"
#include "buildfiles/MakeSyntax.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace hipwright {

struct MakeAssignment {
  std::string Name;
  size_t Line;                 ///< offset of its logical line
  size_t NameBegin;            ///< offset of its name
  size_t ValueBegin, ValueEnd; ///< the value in the file
  bool Define = false;         ///< the body of define NAME ... endef
  bool Eval = false;           ///< inside $(eval ...)
  /// For an $(eval) inside $(foreach VAR,LIST,...): VAR and LIST's range.
  std::string ForeachVar;
  size_t ForeachListBegin = 0, ForeachListEnd = 0;
};

/// One command of a recipe line (recipe lines split at && ; || |).
struct MakeCommand {
  size_t LineBegin;            ///< the recipe line
  std::vector<MakeWord> Words; ///< this command's words
  size_t Program = SIZE_MAX;   ///< index of the nvcc word or $(compiler)
  bool HostCompiler = false;   ///< runs a host compiler (g++, $(CXX), ...)
  int Rule = -1;               ///< the rule it belongs to (Rules)
  /// In a define body (a template for $(eval $(call ...))): $$(V) there is
  /// $(V) once the template is expanded.
  bool InDefine = false;
};

struct MakeRule {
  size_t PrerequisitesBegin, PrerequisitesEnd;
};

enum class MakeReach : unsigned { None = 0, Nvcc = 1, Host = 2, Both = 3 };

class MakeModel {
public:
  explicit MakeModel(llvm::StringRef Text);

  llvm::StringRef Text;
  std::vector<LogicalLine> Lines;
  std::vector<MakeAssignment> Assignments; ///< in file order
  /// Per logical line: its (non-eval) assignment in Assignments, or -1.
  std::vector<int> LineAssignment;
  /// Per logical line: inside a define block's body.
  std::vector<bool> InDefine;
  std::vector<MakeRule> Rules;
  std::vector<MakeCommand> Commands;
  /// Variables whose value runs nvcc (NVCC = nvcc, CC = $(NVCC)).
  std::set<std::string> CompilerVars;

  /// Where a variable's value goes: to nvcc's command line, a host
  /// compiler's, both, or no command this file runs.
  MakeReach reach(llvm::StringRef Name) const;
  bool isNvccCommand(const MakeCommand &C) const {
    return C.Program != SIZE_MAX;
  }
  /// nvcc itself, or $(V) of a compiler variable.
  bool isCompilerWord(llvm::StringRef W) const;
  /// Whether the word (an input of a command of rule \p Rule) may name a
  /// .cu file: literally, through a variable, or through $< / $^.
  bool mayNameCuFile(llvm::StringRef Word, int Rule, unsigned Depth = 0) const;
  /// Whether \p Word, or a word of a variable it reads (through every
  /// assignment, transitively), satisfies \p Pred.
  bool mayHoldWord(llvm::StringRef Word,
                   llvm::function_ref<bool(llvm::StringRef)> Pred,
                   unsigned Depth = 0) const;
  /// The assignments of \p Name.
  std::vector<const MakeAssignment *> assignmentsOf(llvm::StringRef Name) const;

private:
  std::map<std::string, unsigned> Reach;
  std::multimap<std::string, size_t> ByName;

  void readLines();
  void readEvals(size_t B, size_t E, size_t Line);
  void readCommands(size_t LineIndex, int Rule);
  void findCompilerVars();
  void propagate();
};

bool isNvccProgram(llvm::StringRef W);

/// NAME op value in T[B, E) (op: = := ::= :::= ?= += !=, after `export` or
/// `override`): sets Name and where the value starts.
bool parseMakeAssignment(llvm::StringRef T, size_t B, size_t E,
                         llvm::StringRef &Name, size_t &ValueBegin);

} // namespace hipwright
