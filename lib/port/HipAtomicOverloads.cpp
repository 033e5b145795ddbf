//===- HipAtomicOverloads.cpp - atomics HIP has and CUDA lacks -----------===//
#include "port/HipAtomicOverloads.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace hipwright {

bool duplicatesHipAtomic(const FunctionDecl *FD) {
  if (isa<CXXMethodDecl>(FD) || !FD->getIdentifier() ||
      FD->getDescribedFunctionTemplate() || FD->isTemplateInstantiation() ||
      !FD->getDeclContext()->getRedeclContext()->isTranslationUnit())
    return false;
  // The value operands each atomic takes after its address (checked against
  // ROCm 7.2's amd_hip_atomic.h, float and double overloads).
  unsigned Values = llvm::StringSwitch<unsigned>(FD->getName())
                        .Cases("atomicAdd", "atomicAdd_system", "atomicSub",
                               "atomicSub_system", 1)
                        .Cases("atomicMax", "atomicMax_system", "atomicMin",
                               "atomicMin_system", 1)
                        .Cases("atomicExch", "atomicExch_system", 1)
                        .Cases("atomicCAS", "atomicCAS_system", 2)
                        .Default(0);
  if (!Values || FD->getNumParams() != Values + 1)
    return false;
  QualType Address = FD->getParamDecl(0)->getType();
  if (!Address->isPointerType())
    return false;
  QualType T = Address->getPointeeType();
  if (T.isConstQualified() || T.isVolatileQualified() ||
      !(T->isSpecificBuiltinType(BuiltinType::Float) ||
        T->isSpecificBuiltinType(BuiltinType::Double)))
    return false;
  const ASTContext &Ctx = FD->getASTContext();
  for (unsigned I = 1; I <= Values; ++I)
    if (!Ctx.hasSameUnqualifiedType(FD->getParamDecl(I)->getType(), T))
      return false;
  return Ctx.hasSameUnqualifiedType(FD->getReturnType(), T);
}

} // namespace hipwright
