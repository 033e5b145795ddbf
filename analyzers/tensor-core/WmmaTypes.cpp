//===- WmmaTypes.cpp - what a nvcuda::wmma fragment type says -------------===//
#include "tensor-core/WmmaTypes.h"

#include "clang/AST/DeclTemplate.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;
using namespace llvm;

namespace hipwright {
namespace {

/// The names of the non-inline namespaces enclosing \p D, innermost first.
SmallVector<StringRef, 4> enclosingNamespaces(const Decl *D) {
  SmallVector<StringRef, 4> Out;
  for (const DeclContext *C = D->getDeclContext(); C; C = C->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(C))
      if (!NS->isInline())
        Out.push_back(NS->getName());
  return Out;
}

MmaElem elemOf(QualType T) {
  T = T.getCanonicalType().getUnqualifiedType();
  if (const auto *B = T->getAs<BuiltinType>()) {
    switch (B->getKind()) {
    case BuiltinType::Float:
      return MmaElem::F32;
    case BuiltinType::Double:
      return MmaElem::F64;
    case BuiltinType::SChar:
      return MmaElem::S8;
    case BuiltinType::UChar:
      return MmaElem::U8;
    case BuiltinType::Int:
      return MmaElem::S32;
    default:
      return MmaElem::Unknown;
    }
  }
  const RecordDecl *RD = T->getAsRecordDecl();
  if (!RD)
    return MmaElem::Unknown;
  // __half / __nv_bfloat16 are global structs; tf32, s4, u4 and b1 are
  // empty tag types in nvcuda::wmma::[experimental::]precision.
  return StringSwitch<MmaElem>(RD->getName())
      .Case("__half", MmaElem::F16)
      .Case("__nv_bfloat16", MmaElem::BF16)
      .Case("tf32", MmaElem::TF32)
      .Case("s4", MmaElem::S4)
      .Case("u4", MmaElem::U4)
      .Case("b1", MmaElem::B1)
      .Default(MmaElem::Unknown);
}

std::optional<FragmentUse> useOf(QualType T) {
  const RecordDecl *RD = T.getCanonicalType()->getAsRecordDecl();
  if (!RD || !isInWmmaNamespace(RD))
    return std::nullopt;
  return StringSwitch<std::optional<FragmentUse>>(RD->getName())
      .Case("matrix_a", FragmentUse::MatrixA)
      .Case("matrix_b", FragmentUse::MatrixB)
      .Case("accumulator", FragmentUse::Accumulator)
      .Default(std::nullopt);
}

std::optional<unsigned> intArg(const TemplateArgument &A) {
  if (A.getKind() == TemplateArgument::Integral)
    return A.getAsIntegral().getZExtValue();
  // A fragment type in a template pattern keeps its arguments as written.
  if (A.getKind() == TemplateArgument::Expression)
    if (const auto *L =
            dyn_cast<IntegerLiteral>(A.getAsExpr()->IgnoreParenImpCasts()))
      return L->getValue().getZExtValue();
  return std::nullopt;
}

/// The fragment template and its arguments that \p T names: a
/// specialization, or in a template pattern, a dependent one (its element
/// type a template parameter).
const NamedDecl *fragmentTemplate(QualType T,
                                  ArrayRef<TemplateArgument> &Args) {
  if (const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
          T->getAsRecordDecl())) {
    Args = Spec->getTemplateArgs().asArray();
    return Spec;
  }
  if (const auto *TST = T->getAs<TemplateSpecializationType>()) {
    Args = TST->template_arguments();
    return TST->getTemplateName().getAsTemplateDecl();
  }
  return nullptr;
}

} // namespace

bool isInWmmaNamespace(const Decl *D) {
  SmallVector<StringRef, 4> NS = enclosingNamespaces(D);
  for (size_t I = 0; I + 1 < NS.size(); ++I)
    if (NS[I] == "wmma" && NS[I + 1] == "nvcuda" && I + 2 == NS.size())
      return true;
  return false;
}

std::optional<WmmaFragment> wmmaFragmentOf(QualType T) {
  if (T.isNull())
    return std::nullopt;
  // The element type as written: the canonical type has lost a template
  // parameter's name.
  std::string WrittenElem;
  if (const auto *TST = T->getAs<TemplateSpecializationType>())
    if (TST->template_arguments().size() > 4 &&
        TST->template_arguments()[4].getKind() == TemplateArgument::Type)
      WrittenElem = TST->template_arguments()[4].getAsType().getAsString();
  T = T.getCanonicalType();
  while (const ArrayType *AT = T->getAsArrayTypeUnsafe())
    T = AT->getElementType().getCanonicalType();
  if (const auto *RT = T->getAs<ReferenceType>())
    T = RT->getPointeeType().getCanonicalType();
  ArrayRef<TemplateArgument> Args;
  const NamedDecl *Fragment = fragmentTemplate(T, Args);
  if (!Fragment || Fragment->getName() != "fragment" ||
      !isInWmmaNamespace(Fragment))
    return std::nullopt;
  if (Args.size() < 5 || Args[0].getKind() != TemplateArgument::Type ||
      Args[4].getKind() != TemplateArgument::Type)
    return std::nullopt;
  std::optional<FragmentUse> Use = useOf(Args[0].getAsType());
  std::optional<unsigned> M = intArg(Args[1]), N = intArg(Args[2]),
                          K = intArg(Args[3]);
  if (!Use || !M || !N || !K)
    return std::nullopt;
  WmmaFragment F{*Use, *M, *N, *K, elemOf(Args[4].getAsType()), "", ""};
  if (Args[4].getAsType()->isDependentType())
    F.DependentElem =
        WrittenElem.empty() ? "a template parameter" : WrittenElem;
  if (Args.size() > 5 && Args[5].getKind() == TemplateArgument::Type)
    if (const RecordDecl *L = Args[5].getAsType()->getAsRecordDecl())
      F.Layout = L->getName().str();
  return F;
}

const char *elemName(MmaElem E) {
  switch (E) {
  case MmaElem::F16:
    return "f16";
  case MmaElem::BF16:
    return "bf16";
  case MmaElem::TF32:
    return "tf32";
  case MmaElem::F32:
    return "f32";
  case MmaElem::F64:
    return "f64";
  case MmaElem::S8:
    return "s8";
  case MmaElem::U8:
    return "u8";
  case MmaElem::S32:
    return "s32";
  case MmaElem::S4:
    return "s4";
  case MmaElem::U4:
    return "u4";
  case MmaElem::B1:
    return "b1";
  case MmaElem::FP8:
    return "fp8";
  case MmaElem::Unknown:
    return "?";
  }
  return "?";
}

MmaElem elemFromPtx(StringRef Suffix) {
  return StringSwitch<MmaElem>(Suffix)
      .Case("f16", MmaElem::F16)
      .Case("bf16", MmaElem::BF16)
      .Case("tf32", MmaElem::TF32)
      .Case("f32", MmaElem::F32)
      .Case("f64", MmaElem::F64)
      .Case("s8", MmaElem::S8)
      .Case("u8", MmaElem::U8)
      .Case("s32", MmaElem::S32)
      .Case("s4", MmaElem::S4)
      .Case("u4", MmaElem::U4)
      .Case("b1", MmaElem::B1)
      .Cases({"e4m3", "e5m2"}, MmaElem::FP8)
      .Default(MmaElem::Unknown);
}

const char *useName(FragmentUse U) {
  switch (U) {
  case FragmentUse::MatrixA:
    return "matrix_a";
  case FragmentUse::MatrixB:
    return "matrix_b";
  case FragmentUse::Accumulator:
    return "accumulator";
  }
  return "?";
}

std::string shapeName(unsigned M, unsigned N, unsigned K) {
  return "m" + std::to_string(M) + "n" + std::to_string(N) + "k" +
         std::to_string(K);
}

} // namespace hipwright
