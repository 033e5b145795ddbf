//===- CallRule.h - rules that edit a call's arguments ---------*- C++ -*-===//
//
// Renaming is not always enough: HIP lacks some of CUDA's default arguments,
// takes a kernel as `const void *` where CUDA has a template, or kept an
// older signature where CUDA 13 changed one. A `call` row of rules/*.tsv
// says, as data, how a call of a given shape is rewritten:
//
//   cudaStreamWaitEvent($1, $2)        hipStreamWaitEvent($1, $2, 0)
//   cudaFuncGetAttributes($1, $2:fn)   hipFuncGetAttributes($1,
//   reinterpret_cast<const void *>($2)) cuCtxCreate($1, $2:null, $3, $4)
//   hipCtxCreate($1, $3, $4)
//
// The pattern (cuda column) names the CUDA function and one `$N` per
// argument the call spells (`...` last: any further arguments, kept as they
// are). `$N:cond` adds a condition the AST checks (see ArgCondition). The
// replacement (hip column) names the HIP function and its arguments: text
// around at most one `$N` each, the original arguments in their original
// order (each kept argument stays where it is written, so names inside it are
// still translated), new text for added arguments; an omitted `$N` is
// dropped. A hip column of `-` means no safe rewrite exists: the call is
// left as written and reported with the row's notes as the reason.
//
// A hip column that is not a call is an expression form: text around every
// `$N` of the pattern, in order, each once (`*$1`, `*$1 = $2`). The call
// becomes that expression; CUDA's cache-hinted loads and stores, which on
// AMD are plain loads and stores, are the reason it exists. An expression
// whose top level is an assignment replaces only a call that is a statement
// of its own (the CUDA call returns void).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace hipwright {

/// What an argument of a call pattern must be for the row to apply.
enum class ArgCondition {
  Any,
  Null,     ///< `$N:null`: a null pointer constant (NULL, 0, nullptr)
  Function, ///< `$N:fn`: names a function or is a function pointer (kernels)
  TypedPointerPointer, ///< `$N:T**`: a pointer to a pointer other than void**
  /// `$N:symbol`: names a __device__ or __constant__ variable (CUDA's
  /// `const T &symbol` overloads took it).
  Symbol,
  /// `$N:&zeroed`: `&v`, v a local declared `T v = {};` (all zero) that
  /// nothing else uses. Where the rewrite drops the argument, v's
  /// declaration goes too: CUDA 13's optional parameter structs
  /// (CUctxCreateParams) have no HIP type, and a zeroed one means "none".
  ZeroedLocal,
  /// `$N:=NAME`: the argument is the enumerator NAME, as written
  /// (cublasGemmEx's compute type spelled CUDA_R_32F, the pre-CUDA 11
  /// form, which HIP's hipblasComputeType_t parameter does not accept).
  Enumerator,
  /// `$N:of=TYPE`: the argument, before conversions, is of the enum type
  /// TYPE (its name as the header declares it: cudaDataType_t).
  OfEnumType,
};

llvm::StringRef toString(ArgCondition C);

/// One argument of the rewritten call.
struct CallOutputArg {
  std::string Prefix;  ///< text before the original argument, or all of it
  unsigned Source = 0; ///< 1-based original argument kept here; 0 = none
  std::string Suffix;  ///< text after the original argument
};

struct CallRule {
  std::string Callee;               ///< the CUDA function
  std::vector<ArgCondition> Params; ///< one per argument the call spells
  /// The NAME or TYPE of an Enumerator or OfEnumType condition, per
  /// argument ("" for the others).
  std::vector<std::string> ParamNames;
  bool KeepsRest = false; ///< pattern ends in `...`: more arguments allowed
  std::string HipCallee;  ///< the HIP function; empty: no call to rename to
  /// The hip column is an expression, not a call: Args hold the text
  /// around each `$N` (every one, in order); the last one's Suffix ends it.
  bool Expression = false;
  /// An expression form whose top level is an assignment: only a call that
  /// is a statement of its own may become one.
  bool StatementOnly = false;
  std::vector<CallOutputArg> Args;
  std::string Pattern;     ///< the cuda column as written
  std::string Replacement; ///< the hip column as written ("" for `-`)

  bool rewrites() const { return !HipCallee.empty() || Expression; }
  /// Whether a call spelling \p NumArgs arguments has this row's shape
  /// (conditions on the arguments are the caller's to check).
  bool acceptsArgCount(size_t NumArgs) const {
    return NumArgs == Params.size() || (KeepsRest && NumArgs > Params.size());
  }
};

/// Parses the cuda and hip columns of a `call` row (\p Replacement is ""
/// when the hip column is `-`). Errors say what is wrong, without position.
llvm::Expected<CallRule> parseCallRule(llvm::StringRef Pattern,
                                       llvm::StringRef Replacement);

} // namespace hipwright
