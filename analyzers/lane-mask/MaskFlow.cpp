//===- MaskFlow.cpp - where lane masks come from and go -------------------===//
#include "MaskFlow.h"
#include "analysis/WarpIntrinsics.h"

#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace hipwright::lanemask {

StringRef calleeName(const CallExpr *C) {
  if (const FunctionDecl *F = C->getDirectCallee())
    if (const IdentifierInfo *II = F->getIdentifier())
      return II->getName();
  // In a template, a call with dependent arguments is not resolved yet.
  const Expr *Callee = C->getCallee()->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnresolvedLookupExpr>(Callee))
    if (const IdentifierInfo *II = U->getName().getAsIdentifierInfo())
      return II->getName();
  if (const auto *D = dyn_cast<DeclRefExpr>(Callee))
    if (const IdentifierInfo *II = D->getDecl()->getIdentifier())
      return II->getName();
  return {};
}

bool takesMask(StringRef Name) { return takesLaneMask(Name); }

bool returnsMask(StringRef Name) {
  return llvm::StringSwitch<bool>(Name)
      .Cases({"__ballot_sync", "__ballot", "__activemask", "__match_any_sync",
              "__match_all_sync"},
             true)
      .Default(false);
}

bool isBitCount32(StringRef Name) {
  return llvm::StringSwitch<bool>(Name)
      .Cases({"__popc", "__ffs", "__clz", "__brev", "__fns"}, true)
      .Default(false);
}

std::optional<StringRef> equivalent64(StringRef Name) {
  if (Name == "__popc")
    return StringRef("__popcll");
  if (Name == "__ffs")
    return StringRef("__ffsll");
  return std::nullopt;
}

bool isFull32Literal(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *Lit = dyn_cast<IntegerLiteral>(E))
    return Lit->getValue().getZExtValue() == 0xffffffffULL;
  // ~0u (or ~0): a 32-bit complement of zero.
  const auto *Not = dyn_cast<UnaryOperator>(E);
  if (!Not || Not->getOpcode() != UO_Not || Not->getType()->isDependentType())
    return false;
  const auto *Zero =
      dyn_cast<IntegerLiteral>(Not->getSubExpr()->IgnoreParenImpCasts());
  const auto *BT = Not->getType().getCanonicalType()->getAs<BuiltinType>();
  return Zero && Zero->getValue() == 0 && BT &&
         (BT->getKind() == BuiltinType::UInt ||
          BT->getKind() == BuiltinType::Int);
}

unsigned integerBits(const ASTContext &AST, QualType T) {
  if (T.isNull() || T->isDependentType())
    return 0;
  T = T.getCanonicalType();
  if (!T->isIntegerType() || T->isBooleanType())
    return 0;
  return AST.getTypeSize(T);
}

MaskFlow::MaskFlow(const ASTContext &AST, const FunctionDecl &FD)
    : AST(AST), FD(FD) {
  for (const ParmVarDecl *P : FD.parameters())
    Vars[P];
  walk(FD.getBody(), nullptr);
  // Uses are classified once every parent is known.
  for (const DeclRefExpr *Ref : Refs)
    noteUse(Ref);
}

void MaskFlow::walk(const Stmt *S, const Stmt *Parent) {
  if (!S)
    return;
  Parents[S] = Parent;
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    noteDecl(DS);
  else if (const auto *C = dyn_cast<CallExpr>(S))
    Calls.push_back(C);
  else if (const auto *B = dyn_cast<BinaryOperator>(S)) {
    BinOps.push_back(B);
    noteAssignment(B);
  } else if (const auto *R = dyn_cast<ReturnStmt>(S))
    Returns.push_back(R);
  else if (const auto *X = dyn_cast<ExplicitCastExpr>(S))
    Casts.push_back(X);
  else if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
    Refs.push_back(Ref);
  for (const Stmt *Child : S->children())
    walk(Child, S);
}

void MaskFlow::noteDecl(const DeclStmt *DS) {
  for (const Decl *D : DS->decls()) {
    const auto *V = dyn_cast<VarDecl>(D);
    if (!V || !V->hasLocalStorage())
      continue;
    VarFacts &F = Vars[V];
    if (DS->isSingleDecl())
      F.SoleDecl = DS;
    if (const Expr *Init = V->getInit()) {
      F.Sources.push_back(Init);
      InitOf[Init] = V;
    }
  }
}

void MaskFlow::noteAssignment(const BinaryOperator *B) {
  if (!B->isAssignmentOp())
    return;
  const VarDecl *V = localVar(B->getLHS());
  if (!V)
    return;
  if (B->getOpcode() == BO_Assign)
    Vars[V].Sources.push_back(B->getRHS());
  else
    Vars[V].Escapes = true; // v |= x: the value is no longer one source's
}

/// Climbs from \p E through parens and implicit casts; returns the parent
/// that gives \p E its meaning and the outermost expression below it.
static std::pair<const Stmt *, const Expr *>
climb(const llvm::DenseMap<const Stmt *, const Stmt *> &Parents,
      const Expr *E) {
  const Stmt *P = Parents.lookup(E);
  while (P && (isa<ParenExpr>(P) || isa<ImplicitCastExpr>(P))) {
    E = cast<Expr>(P);
    P = Parents.lookup(P);
  }
  return {P, E};
}

void MaskFlow::noteUse(const DeclRefExpr *Ref) {
  const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
  auto It = V ? Vars.find(V) : Vars.end();
  if (It == Vars.end())
    return;
  VarFacts &F = It->second;
  auto [P, Outer] = climb(Parents, Ref);
  if (const auto *B = dyn_cast_or_null<BinaryOperator>(P)) {
    if (B->isAssignmentOp() && B->getLHS() == Outer)
      return; // a store, recorded by noteAssignment
  } else if (const auto *U = dyn_cast_or_null<UnaryOperator>(P)) {
    if (U->getOpcode() == UO_AddrOf || U->isIncrementDecrementOp())
      F.Escapes = true;
  } else if (const auto *C = dyn_cast_or_null<CallExpr>(P)) {
    if (C->getNumArgs() > 0 && C->getArg(0) == Outer &&
        takesMask(calleeName(C))) {
      F.MaskUses.push_back(Ref);
      return;
    }
    // Passed by reference: the callee may store into it.
    if (const FunctionDecl *Callee = C->getDirectCallee())
      for (unsigned I = 0; I < C->getNumArgs() && I < Callee->getNumParams();
           ++I)
        if (C->getArg(I) == Outer &&
            Callee->getParamDecl(I)->getType()->isReferenceType())
          F.Escapes = true;
  } else if (const VarDecl *Into = initializedVar(Outer)) {
    if (Into->getType()->isReferenceType())
      F.Escapes = true;
  } else if (isa_and_nonnull<LambdaExpr>(P)) {
    F.Escapes = true; // captured
  }
  F.OtherUses.push_back(Ref);
}

const Stmt *MaskFlow::parentOf(const Stmt *S) const {
  if (const auto *E = dyn_cast<Expr>(S))
    return climb(Parents, E).first;
  return Parents.lookup(S);
}

std::pair<const Stmt *, const Expr *> MaskFlow::context(const Expr *E) const {
  return climb(Parents, E);
}

const VarDecl *MaskFlow::initializedVar(const Expr *E) const {
  return InitOf.lookup(E);
}

const VarFacts *MaskFlow::facts(const VarDecl *V) const {
  auto It = Vars.find(V);
  return It == Vars.end() ? nullptr : &It->second;
}

const VarDecl *MaskFlow::localVar(const Expr *E) const {
  const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  if (!Ref)
    return nullptr;
  const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
  return V && Vars.count(V) ? V : nullptr;
}

bool MaskFlow::isDeclared64(const VarDecl *V) const {
  if (V->getType()->getContainedAutoType())
    return true;
  return integerBits(AST, V->getType()) >= 64;
}

bool MaskFlow::isWideMask(const Expr *E, unsigned Depth) const {
  return maskCallIn(E, Depth) != nullptr;
}

const CallExpr *MaskFlow::maskCallIn(const Expr *E, unsigned Depth) const {
  if (!E || Depth > 4)
    return nullptr;
  E = E->IgnoreParenImpCasts();
  if (const auto *C = dyn_cast<CallExpr>(E))
    return returnsMask(calleeName(C)) ? C : nullptr;
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->getOpcode() != BO_And && B->getOpcode() != BO_Or &&
        B->getOpcode() != BO_Xor)
      return nullptr; // shifts and arithmetic make something else
    if (const CallExpr *C = maskCallIn(B->getLHS(), Depth))
      return C;
    return maskCallIn(B->getRHS(), Depth);
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return U->getOpcode() == UO_Not ? maskCallIn(U->getSubExpr(), Depth)
                                    : nullptr;
  if (const auto *Cond = dyn_cast<ConditionalOperator>(E)) {
    if (const CallExpr *C = maskCallIn(Cond->getTrueExpr(), Depth))
      return C;
    return maskCallIn(Cond->getFalseExpr(), Depth);
  }
  if (const auto *Cast = dyn_cast<ExplicitCastExpr>(E))
    return integerBits(AST, Cast->getType()) >= 64
               ? maskCallIn(Cast->getSubExpr(), Depth)
               : nullptr;
  const VarDecl *V = localVar(E);
  if (!V || !isDeclared64(V))
    return nullptr;
  for (const Expr *Src : Vars.find(V)->second.Sources)
    if (const CallExpr *C = maskCallIn(Src, Depth + 1))
      return C;
  return nullptr;
}

bool MaskFlow::isTruncatedMaskVar(const Expr *E) const {
  const VarDecl *V = localVar(E);
  if (!V || isDeclared64(V) || integerBits(AST, V->getType()) == 0)
    return false;
  for (const Expr *Src : Vars.find(V)->second.Sources)
    if (isWideMask(Src))
      return true;
  return false;
}

bool MaskFlow::isFullOrActiveMask(const Expr *E) const {
  E = E->IgnoreParenImpCasts();
  if (isFull32Literal(E) || isWideMask(E))
    return true;
  if (const auto *Lit = dyn_cast<IntegerLiteral>(E))
    return Lit->getValue().isAllOnes() && Lit->getValue().getBitWidth() >= 64;
  const VarDecl *V = localVar(E);
  if (!V)
    return false;
  const VarFacts &F = Vars.find(V)->second;
  if (F.Escapes || F.Sources.empty())
    return false;
  for (const Expr *Src : F.Sources)
    if (!isFull32Literal(Src) && !isWideMask(Src))
      return false;
  return true;
}

} // namespace hipwright::lanemask
