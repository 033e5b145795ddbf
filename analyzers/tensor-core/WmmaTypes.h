//===- WmmaTypes.h - what a nvcuda::wmma fragment type says -----*- C++ -*-===//
//
// A WMMA fragment's template arguments carry everything the port needs:
// its role (matrix_a / matrix_b / accumulator), the M x N x K tile and the
// element type. These helpers read them from the AST's type, so typedefs,
// arrays of fragments and template instantiations all resolve the same way.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/AST/Type.h"

#include <optional>
#include <string>

namespace hipwright {

/// The element types WMMA and mma.sync take.
enum class MmaElem {
  F16,
  BF16,
  TF32,
  F32,
  F64,
  S8,
  U8,
  S32,
  S4,
  U4,
  B1,
  FP8,
  Unknown
};

enum class FragmentUse { MatrixA, MatrixB, Accumulator };

struct WmmaFragment {
  FragmentUse Use = FragmentUse::Accumulator;
  unsigned M = 0, N = 0, K = 0;
  MmaElem Elem = MmaElem::Unknown;
  std::string Layout; ///< "row_major", "col_major" or "" (accumulator)
  /// In a template pattern, the element type as written when it depends on
  /// the template's parameters ("T"); Elem is Unknown then.
  std::string DependentElem;
};

/// The fragment \p T names (through typedefs and arrays), if it is an
/// nvcuda::wmma::fragment specialization with known arguments.
std::optional<WmmaFragment> wmmaFragmentOf(clang::QualType T);

/// True when \p D is declared in namespace nvcuda::wmma (or one nested in it).
bool isInWmmaNamespace(const clang::Decl *D);

/// "f16", "bf16", "tf32", ... as PTX spells element types.
const char *elemName(MmaElem E);
/// The element type of a PTX type suffix (`f16`, `e4m3`, ...).
MmaElem elemFromPtx(llvm::StringRef Suffix);
const char *useName(FragmentUse U);
/// "m16n16k16".
std::string shapeName(unsigned M, unsigned N, unsigned K);

} // namespace hipwright
