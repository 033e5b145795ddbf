//===- ShapeVocabulary.cpp - names the kernel-shape reader knows ----------===//
#include "report/ShapeVocabulary.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/Twine.h"

using namespace llvm;

namespace hipwright::shapes {

/// Transcendental and division math: a kernel calling one computes
/// something the library algorithms do not (softmax's exp, layer norm's
/// rsqrt). min/max/abs/floor are operators or binning, not this.
bool isMath(StringRef Name) {
  static const StringSet<> Names = [] {
    StringSet<> S;
    for (StringRef B :
         {"exp",   "exp2",    "exp10",  "expm1",  "log",     "log2",   "log10",
          "log1p", "sqrt",    "rsqrt",  "cbrt",   "rcbrt",   "pow",    "sin",
          "cos",   "tan",     "sincos", "sinpi",  "cospi",   "asin",   "acos",
          "atan",  "atan2",   "sinh",   "cosh",   "tanh",    "asinh",  "acosh",
          "atanh", "erf",     "erfc",   "erfinv", "erfcinv", "lgamma", "tgamma",
          "hypot", "fdivide", "fma",    "div"}) {
      S.insert(B);
      S.insert((B + "f").str());
      S.insert(("__" + B + "f").str());
      S.insert(("h" + B).str());
      S.insert(("h2" + B).str());
    }
    for (StringRef N : {"__fdividef", "__frsqrt_rn", "__fsqrt_rn", "__fdiv_rn",
                        "__expf", "__logf", "__powf", "__fmaf_rn"})
      S.insert(N);
    return S;
  }();
  return Names.contains(Name);
}

/// Free functions that are part of the algorithms themselves (combine
/// operators, bin arithmetic, atomics, barriers, shuffles, conversions).
bool isAlgorithmCall(StringRef Name) {
  static const StringSet<> Names = {
      "min",   "max",   "fminf",  "fmaxf", "fmin",   "fmax",   "fabs",
      "fabsf", "abs",   "labs",   "llabs", "floor",  "floorf", "ceil",
      "ceilf", "trunc", "truncf", "round", "roundf", "rint",   "rintf",
      "swap",  "umin",  "umax",   "llmin", "llmax",  "ullmin", "ullmax"};
  // Launch-order and grid barriers of the device runtime: ordering, not
  // work.
  if (Name == "cudaGridDependencySynchronize" ||
      Name == "cudaTriggerProgrammaticLaunchCompletion")
    return true;
  return Names.contains(Name) || Name.starts_with("atomic") ||
         Name.starts_with("make_") || (Name.starts_with("__") && !isMath(Name));
}

bool isBuiltinType(StringRef Name) {
  static const StringSet<> Names = {"int",
                                    "unsigned",
                                    "float",
                                    "double",
                                    "char",
                                    "short",
                                    "long",
                                    "bool",
                                    "signed",
                                    "half",
                                    "half2",
                                    "size_t",
                                    "uint",
                                    "uint32_t",
                                    "int32_t",
                                    "uint64_t",
                                    "int64_t",
                                    "uint8_t",
                                    "int8_t",
                                    "uint16_t",
                                    "int16_t",
                                    "float2",
                                    "float4",
                                    "int2",
                                    "int4",
                                    "uint2",
                                    "uint4",
                                    "dim3",
                                    "void",
                                    "auto",
                                    "sizeof",
                                    "alignof",
                                    "decltype",
                                    "static_cast",
                                    "reinterpret_cast",
                                    "const_cast",
                                    "dynamic_cast",
                                    "return",
                                    "if",
                                    "for",
                                    "while",
                                    "switch",
                                    "catch",
                                    "defined",
                                    "static_assert",
                                    "assert",
                                    "__launch_bounds__",
                                    "nv_bfloat16",
                                    "bfloat16"};
  return Names.contains(Name);
}

} // namespace hipwright::shapes
