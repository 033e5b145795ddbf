//===- VectorOperators.cpp - user operators HIP's vector types have ------===//
#include "port/VectorOperators.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/Type.h"
#include "llvm/Support/Regex.h"

using namespace clang;

namespace hipwright {
namespace {

/// The CUDA vector struct (float3, uchar4, ...) \p T names, if any.
const RecordDecl *
cudaVectorType(QualType T,
               const std::function<bool(const Decl *)> &DeclaredInToolkit) {
  const RecordDecl *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!RD || !RD->getIdentifier() || !DeclaredInToolkit(RD))
    return nullptr;
  static const llvm::Regex VectorName(
      "^(u?char|u?short|u?int|u?long|u?longlong|float|double)[1-4]$");
  return VectorName.match(RD->getName()) ? RD : nullptr;
}

} // namespace

bool duplicatesHipVectorOperator(
    const FunctionDecl *FD,
    const std::function<bool(const Decl *)> &DeclaredInToolkit) {
  if (isa<CXXMethodDecl>(FD) || FD->getNumParams() != 2 ||
      FD->getDescribedFunctionTemplate() || FD->isTemplateInstantiation())
    return false;
  OverloadedOperatorKind Op = FD->getOverloadedOperator();
  if (Op == OO_Star || Op == OO_Slash) {
    // (T a, T b) or (const T &a, const T &b): ROCm 7 declares these two as
    // non-template friends of HIP_vector_type<T, N> (its + and - are
    // templates, which a user's non-template beats without ambiguity).
    auto ByValueOrConstRef = [](QualType P) {
      return !P->isReferenceType() ||
             (P->isLValueReferenceType() &&
              P.getNonReferenceType().isConstQualified());
    };
    QualType A = FD->getParamDecl(0)->getType();
    QualType B = FD->getParamDecl(1)->getType();
    const RecordDecl *Left = cudaVectorType(A, DeclaredInToolkit);
    return Left && ByValueOrConstRef(A) && ByValueOrConstRef(B) &&
           Left == cudaVectorType(B, DeclaredInToolkit);
  }
  switch (Op) {
  case OO_PlusEqual:
  case OO_MinusEqual:
  case OO_StarEqual:
  case OO_SlashEqual:
  case OO_PercentEqual:
  case OO_AmpEqual:
  case OO_PipeEqual:
  case OO_CaretEqual:
  case OO_LessLessEqual:
  case OO_GreaterGreaterEqual:
    break;
  default:
    return false;
  }
  // (T &a, T b) or (T &a, const T &b): the member HIP_vector_type<T, N> has.
  QualType Target = FD->getParamDecl(0)->getType();
  if (!Target->isLValueReferenceType() ||
      Target.getNonReferenceType().isConstQualified())
    return false;
  const RecordDecl *Vector = cudaVectorType(Target, DeclaredInToolkit);
  const RecordDecl *Operand =
      cudaVectorType(FD->getParamDecl(1)->getType(), DeclaredInToolkit);
  return Vector && Vector == Operand;
}

} // namespace hipwright
