//===- TemplateCode.cpp - templates as the user wrote them ----------------===//
#include "analysis/TemplateCode.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace hipwright {

const FunctionDecl *writtenDefinition(const FunctionDecl *FD) {
  if (!FD)
    return nullptr;
  // A specialization named by a call in a pattern is declared but not
  // defined until its caller is instantiated; its pattern is.
  if (const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern())
    FD = Pattern;
  const FunctionDecl *Def = FD->getDefinition();
  return Def && Def->getBody() ? Def : nullptr;
}

void forEachPossibleCallee(const CallExpr *CE,
                           llvm::function_ref<void(const FunctionDecl *)> Fn) {
  if (const FunctionDecl *FD = CE->getDirectCallee()) {
    Fn(FD);
    return;
  }
  const Expr *Callee = CE->getCallee()->IgnoreImplicit();
  const OverloadExpr *OE = dyn_cast<OverloadExpr>(Callee);
  if (!OE)
    return;
  for (const NamedDecl *D : OE->decls()) {
    D = D->getUnderlyingDecl();
    if (const auto *FTD = dyn_cast<FunctionTemplateDecl>(D))
      Fn(FTD->getTemplatedDecl());
    else if (const auto *FD = dyn_cast<FunctionDecl>(D))
      Fn(FD);
  }
}

const FunctionDecl *writtenKey(const FunctionDecl *FD) {
  if (const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern())
    FD = Pattern;
  return FD->getCanonicalDecl();
}

} // namespace hipwright
