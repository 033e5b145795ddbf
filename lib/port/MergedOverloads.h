//===- MergedOverloads.h - overloads the port makes identical --*- C++ -*-===//
//
// HIP has one type where CUDA has two (cudaError_t and CUresult are both
// hipError_t; cudaStream_t and CUstream both hipStream_t, ...). User code
// that overloads on such a pair, as cuda-samples' helper_cuda.h does with
// _cudaGetErrorEnum(cudaError_t) and _cudaGetErrorEnum(CUresult), would
// define one function twice after the port. The later definition becomes a
// function template with a defaulted parameter: where both are visible,
// overload resolution prefers the non-template one (they mean the same in
// HIP, whose two CUDA types are one); where only the later one is (another
// #if branch), it is still called. No code is dropped.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "port/TuResult.h"
#include "rules/RuleTable.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace hipwright {

class MergedOverloads {
public:
  using UserFileFn =
      std::function<std::optional<std::string>(clang::SourceLocation)>;
  MergedOverloads(clang::ASTContext &Ctx, const RuleTable &Rules,
                  UserFileFn UserFile)
      : Ctx(Ctx), Rules(Rules), UserFile(std::move(UserFile)) {}

  /// Remembers a function definition written in a user file.
  void add(const clang::FunctionDecl *FD);
  /// Also turns \p FD into a defaulted template (port/VectorOperators.h).
  void yieldToHip(const clang::FunctionDecl *FD);
  /// Adds the edits for every definition the port would duplicate.
  void finish(TuResult &Out);

private:
  clang::ASTContext &Ctx;
  const RuleTable &Rules;
  UserFileFn UserFile;
  std::vector<const clang::FunctionDecl *> Defs;
  std::vector<const clang::FunctionDecl *> Yielding;

  /// The parameter types as they read after the port.
  std::string portedParameters(const clang::FunctionDecl *FD) const;
};

} // namespace hipwright
