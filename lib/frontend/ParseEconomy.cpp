//===- ParseEconomy.cpp - parse and walk only what hipwright reads -------===//
#include "frontend/ParseEconomy.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "llvm/Support/Process.h"

using namespace clang;

namespace hipwright {
namespace {

bool envSet(const char *Name) {
  std::optional<std::string> V = llvm::sys::Process::GetEnv(Name);
  return V && !V->empty() && *V != "0";
}

bool parseSystemBodies() {
  static const bool On = envSet("HIPWRIGHT_PARSE_SYSTEM_BODIES");
  return On;
}

bool walkSystemDecls() {
  static const bool On = envSet("HIPWRIGHT_WALK_SYSTEM_DECLS");
  return On;
}

} // namespace

std::string parseEconomyMode() {
  return std::string(parseSystemBodies() ? "system-bodies"
                                         : "no-system-bodies") +
         (walkSystemDecls() ? ",walk-system" : ",walk-non-system");
}

void skipSystemFunctionBodies(CompilerInvocation &Invocation) {
  if (!parseSystemBodies())
    Invocation.getFrontendOpts().SkipFunctionBodies = true;
}

bool SystemBodySkipper::shouldSkipFunctionBody(Decl *D) {
  return SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation()));
}

void limitTraversalToNonSystemCode(ASTContext &AST) {
  if (walkSystemDecls())
    return;
  const SourceManager &SM = AST.getSourceManager();
  std::vector<Decl *> Scope;
  for (Decl *D : AST.getTranslationUnitDecl()->decls()) {
    SourceLocation L = D->getLocation();
    if (L.isInvalid() || !SM.isInSystemHeader(SM.getExpansionLoc(L)))
      Scope.push_back(D);
  }
  AST.setTraversalScope(Scope);
}

} // namespace hipwright
