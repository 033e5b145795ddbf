//===- ParseEconomy.h - parse and walk only what hipwright reads ---------===//
//
// Most of a CUDA translation unit is not the user's code: the CUDA
// toolkit's headers, clang's CUDA wrappers and the standard library. The
// port edits only the user's files and the analyzers judge only code
// outside system headers, so two things can be left out of every TU:
//
// - the bodies of functions declared in system headers, which the parser
//   skips (their declarations stay: overload resolution, templates and
//   constexpr evaluation are unchanged; clang never skips a constexpr body
//   or one whose return type is deduced);
// - the walks of system headers' declarations by the port's AST pass and
//   the analyzers' matchers, which act on nodes outside system headers only.
//
// Each can be turned off for a run to check that the output does not
// change: HIPWRIGHT_PARSE_SYSTEM_BODIES=1 and HIPWRIGHT_WALK_SYSTEM_DECLS=1
// (bench/tree_bench.sh compares the outputs byte for byte).
//
//===----------------------------------------------------------------------===//
#ifndef HIPWRIGHT_FRONTEND_PARSEECONOMY_H
#define HIPWRIGHT_FRONTEND_PARSEECONOMY_H

#include "clang/AST/ASTConsumer.h"

#include <string>

namespace clang {
class ASTContext;
class CompilerInvocation;
class SourceManager;
} // namespace clang

namespace hipwright {

/// Which of the economies are on, for cache keys: a result or a PCH made
/// with one setting is not reused under the other.
std::string parseEconomyMode();

/// Asks the parser to skip bodies (the consumer below says which).
void skipSystemFunctionBodies(clang::CompilerInvocation &Invocation);

/// The consumer of a parse set up by skipSystemFunctionBodies: it names the
/// bodies in system headers as the ones to skip.
class SystemBodySkipper : public clang::ASTConsumer {
public:
  explicit SystemBodySkipper(const clang::SourceManager &SM) : SM(SM) {}
  bool shouldSkipFunctionBody(clang::Decl *D) override;

private:
  const clang::SourceManager &SM;
};

/// Limits every later walk of \p AST from its translation unit (the
/// matchers', the parent map's) to the top-level declarations outside
/// system headers. A user template's instantiations are reached from its
/// own declaration, so the nodes outside system headers are all still
/// visited.
void limitTraversalToNonSystemCode(clang::ASTContext &AST);

} // namespace hipwright

#endif
