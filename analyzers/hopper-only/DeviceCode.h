//===- DeviceCode.h - naming the code a finding sits in ---------*- C++ -*-===//
//
// Findings of the tensor-core, hopper-only and lds-limit families name the
// kernel they are in, so the effort report can group them per kernel.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace hipwright {

/// "kernel 'gemm'", "device function 'load_tile'", "function 'main'";
/// "code outside functions" for nullptr.
inline std::string describeFunction(const clang::FunctionDecl *FD) {
  if (!FD)
    return "code outside functions";
  if (const auto *MD = llvm::dyn_cast<clang::CXXMethodDecl>(FD))
    if (MD->getParent()->isLambda())
      return "a lambda";
  std::string Name = "'" + FD->getNameAsString() + "'";
  if (FD->hasAttr<clang::CUDAGlobalAttr>())
    return "kernel " + Name;
  if (FD->hasAttr<clang::CUDADeviceAttr>())
    return "device function " + Name;
  return "function " + Name;
}

/// "kernel 'tile<128>'": with template arguments, for findings that differ
/// per instantiation (each allocates its own shared memory, has its own
/// launch bounds).
inline std::string describeKernelInstance(const clang::FunctionDecl *FD) {
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  FD->getNameForDiagnostic(OS, FD->getASTContext().getPrintingPolicy(),
                           /*Qualified=*/false);
  return "kernel '" + Name + "'";
}

/// Function bodies by source range, for text the AST does not hold (a
/// raw-lexed token, a name the parse could not resolve).
class FunctionSpans {
public:
  void add(const clang::FunctionDecl *FD) {
    if (FD->doesThisDeclarationHaveABody())
      Spans.push_back(FD);
  }

  /// The innermost function whose source contains \p Loc, or nullptr.
  const clang::FunctionDecl *enclosing(const clang::SourceManager &SM,
                                       clang::SourceLocation Loc) const {
    const clang::FunctionDecl *Best = nullptr;
    Loc = SM.getFileLoc(Loc);
    for (const clang::FunctionDecl *FD : Spans) {
      clang::SourceLocation B = SM.getFileLoc(FD->getBeginLoc());
      clang::SourceLocation E = SM.getFileLoc(FD->getEndLoc());
      if (SM.isBeforeInTranslationUnit(Loc, B) ||
          SM.isBeforeInTranslationUnit(E, Loc))
        continue;
      if (!Best ||
          SM.isBeforeInTranslationUnit(SM.getFileLoc(Best->getBeginLoc()), B))
        Best = FD;
    }
    return Best;
  }

private:
  std::vector<const clang::FunctionDecl *> Spans;
};

} // namespace hipwright
