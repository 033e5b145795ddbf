//===- ParseEconomy.cpp - parse and walk only what hipwright reads -------===//
#include "frontend/ParseEconomy.h"
#include "support/EnvFlag.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInvocation.h"

using namespace clang;

namespace hipwright {
namespace {

bool parseSystemBodies() {
  static const bool On = envFlag("HIPWRIGHT_PARSE_SYSTEM_BODIES");
  return On;
}

bool walkSystemDecls() {
  static const bool On = envFlag("HIPWRIGHT_WALK_SYSTEM_DECLS");
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
