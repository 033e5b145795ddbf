//===- SharedMemoryUsage.cpp - static __shared__ bytes per kernel ---------===//
#include "lds-limit/SharedMemoryUsage.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace hipwright {
namespace {

bool isShared(const VarDecl *V) { return V && V->hasAttr<CUDASharedAttr>(); }

} // namespace

uint64_t sharedVariableBytes(ASTContext &AST, const VarDecl *V) {
  QualType T = V->getType();
  if (T.isNull() || T->isDependentType() || T->isIncompleteType() ||
      !T->isConstantSizeType())
    return 0;
  return AST.getTypeSizeInChars(T).getQuantity();
}

std::string formatBytes(uint64_t Bytes) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << Bytes << " bytes";
  if (Bytes % 1024 == 0)
    OS << " (" << Bytes / 1024 << " KiB)";
  else if (Bytes >= 1024)
    OS << " (" << llvm::format("%.1f", Bytes / 1024.0) << " KiB)";
  return S;
}

void SharedMemoryUsage::collect(const Stmt *S, Direct &Out) {
  if (!S)
    return;
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D); isShared(V))
        Out.Vars.insert(V);
  } else if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()); isShared(V))
      Out.Vars.insert(V);
    else if (const auto *F = dyn_cast<FunctionDecl>(DRE->getDecl()))
      Out.Callees.insert(F);
  } else if (const auto *ME = dyn_cast<MemberExpr>(S)) {
    if (const auto *F = dyn_cast<FunctionDecl>(ME->getMemberDecl()))
      Out.Callees.insert(F);
  } else if (const auto *CE = dyn_cast<CXXConstructExpr>(S)) {
    Out.Callees.insert(CE->getConstructor());
  }
  for (const Stmt *Child : S->children())
    collect(Child, Out);
}

const SharedMemoryUsage::Direct &
SharedMemoryUsage::direct(const FunctionDecl *FD) {
  auto It = Cache.find(FD);
  if (It != Cache.end())
    return It->second;
  Direct D;
  if (const FunctionDecl *Def = FD->getDefinition())
    collect(Def->getBody(), D);
  return Cache[FD] = std::move(D);
}

std::vector<const VarDecl *>
SharedMemoryUsage::sharedVariables(const FunctionDecl *Kernel) {
  std::vector<const VarDecl *> Vars;
  llvm::SmallPtrSet<const VarDecl *, 16> SeenVars;
  llvm::SmallPtrSet<const FunctionDecl *, 16> SeenFns;
  std::vector<const FunctionDecl *> Work = {Kernel};
  while (!Work.empty()) {
    const FunctionDecl *FD = Work.back()->getCanonicalDecl();
    Work.pop_back();
    if (!SeenFns.insert(FD).second)
      continue;
    // Copies: direct() may grow the cache and move its entries.
    Direct D = direct(FD);
    for (const VarDecl *V : D.Vars)
      if (SeenVars.insert(V->getCanonicalDecl()).second)
        Vars.push_back(V);
    for (const FunctionDecl *C : D.Callees)
      Work.push_back(C);
  }
  return Vars;
}

uint64_t SharedMemoryUsage::staticBytes(const FunctionDecl *Kernel) {
  uint64_t Bytes = 0;
  for (const VarDecl *V : sharedVariables(Kernel))
    Bytes += sharedVariableBytes(AST, V);
  return Bytes;
}

} // namespace hipwright
