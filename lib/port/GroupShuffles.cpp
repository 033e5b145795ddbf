//===- GroupShuffles.cpp - group shuffles of non-numbers ------------------===//
#include "port/GroupShuffles.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace hipwright {

/// Whether \p D is declared in namespace cooperative_groups (or one nested
/// in it, as CUDA's version namespace is).
static bool inCooperativeGroups(const Decl *D) {
  for (const DeclContext *DC = D->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC);
        NS && NS->getName() == "cooperative_groups")
      return true;
  return false;
}

bool shufflesNonNumber(const CXXMemberCallExpr *Call, const ASTContext &Ctx) {
  const CXXMethodDecl *M = Call->getMethodDecl();
  if (!M || !M->getIdentifier() || Call->getNumArgs() == 0)
    return false;
  static constexpr llvm::StringLiteral Shuffles[] = {"shfl", "shfl_up",
                                                     "shfl_down", "shfl_xor"};
  if (!llvm::is_contained(Shuffles, M->getName()) || !inCooperativeGroups(M))
    return false;
  QualType T = Call->getArg(0)->getType().getNonReferenceType();
  // Moved as 32-bit words: a whole number of them, copied bit for bit.
  return T->isRecordType() && !T->isDependentType() &&
         T.isTriviallyCopyableType(Ctx) &&
         Ctx.getTypeSizeInChars(T).getQuantity() % 4 == 0;
}

} // namespace hipwright
