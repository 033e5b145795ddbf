//===- SimLowering.cpp - CUDA/HIP source to C++ for the CPU runtime -------===//
//
// The driver: splits the file into segments (the code, and each #define
// body) and walks each one, handing launches to LaunchLowering and
// __shared__ declarations to SharedLowering; their edits are applied once.
//
//===----------------------------------------------------------------------===//
#include "sim/SimLowering.h"

#include "sim/LaunchLowering.h"
#include "sim/LoopLowering.h"
#include "sim/LoweringContext.h"
#include "sim/SharedLowering.h"

#include "llvm/ADT/StringSet.h"

#include <algorithm>

using namespace llvm;
namespace tok = clang::tok;

namespace hipwright::sim {
namespace {

using detail::LoweringContext;

Error lowerSegment(LoweringContext &C, std::vector<const RawToken *> Seg,
                   bool Define, StringSet<> Params) {
  C.enterSegment(std::move(Seg), Define, std::move(Params));
  detail::FunctionScopes Scopes;
  for (size_t I = 0; I < C.size(); ++I) {
    if (C[I].is(tok::l_brace)) {
      Scopes.open(C, I);
    } else if (C[I].is(tok::r_brace)) {
      Scopes.close();
    } else if (C[I].is(tok::lesslessless)) {
      if (Error E = detail::lowerChevronLaunch(C, I))
        return E;
    } else if (C.ident(I, "hipLaunchKernelGGL") &&
               C.kind(I + 1, tok::l_paren) &&
               !(I > 0 && C[I - 1].is(tok::period))) {
      if (Error E = detail::lowerGglLaunch(C, I))
        return E;
    } else if (C.ident(I, "__shared__")) {
      bool InFunction = C.inDefine() || Scopes.inFunction();
      if (Error E = detail::lowerShared(C, I, InFunction))
        return E;
    }
  }
  // Loops in #define bodies stay as written: a region there would need the
  // macro's uses to be statements.
  if (!Define)
    detail::lowerLoops(C);
  return Error::success();
}

Error lowerDefine(LoweringContext &C, const std::vector<const RawToken *> &D) {
  // #define NAME body / #define NAME(params) body; other directives (#if,
  // #include, #pragma, ...) are not code and stay as written.
  if (D.size() < 3 || !D[1]->isIdent("define") ||
      !D[2]->is(tok::raw_identifier))
    return Error::success();
  size_t Body = 3;
  StringSet<> Params;
  bool FunctionLike = D.size() > 3 && D[3]->is(tok::l_paren) &&
                      D[3]->Offset == D[2]->Offset + D[2]->Length;
  if (FunctionLike) {
    for (Body = 4; Body < D.size() && !D[Body]->is(tok::r_paren); ++Body)
      if (D[Body]->is(tok::raw_identifier))
        Params.insert(D[Body]->Text);
      else if (D[Body]->is(tok::ellipsis))
        Params.insert("__VA_ARGS__");
    ++Body;
  }
  std::vector<const RawToken *> Seg(D.begin() + std::min(Body, D.size()),
                                    D.end());
  return lowerSegment(C, Seg, /*Define=*/true, std::move(Params));
}

} // namespace

Expected<std::string> lowerForSimulation(StringRef Source, StringRef FileName) {
  LoweringContext C(Source, FileName);
  // A "segment" is the token sequence one construct must lie in: the code
  // (all tokens outside directives) or one #define body.
  std::vector<const RawToken *> Code;
  std::vector<std::vector<const RawToken *>> Dirs;
  for (const RawToken &T : C.tokens()) {
    if (T.Directive < 0) {
      Code.push_back(&T);
      continue;
    }
    if (size_t(T.Directive) >= Dirs.size())
      Dirs.resize(T.Directive + 1);
    Dirs[T.Directive].push_back(&T);
  }
  if (Error E = lowerSegment(C, Code, /*Define=*/false, {}))
    return std::move(E);
  for (auto &D : Dirs)
    if (Error E = lowerDefine(C, D))
      return std::move(E);
  return C.rewrittenSource();
}

} // namespace hipwright::sim
