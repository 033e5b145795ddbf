//===- ParsedHeaders.h - CUDA's and ROCm's headers, parsed -----*- C++ -*-===//
//
// For the tests that hold the rule tables against the real headers
// (RuleArityTest, CudaDeviceFunctionsTest): CUDA 13.0's headers parsed as
// CUDA, ROCm's as HIP (with hipwright_cuda_compat.h, hipwright's own
// equivalents), each once per test binary, and every function overload at
// namespace scope indexed by its unqualified name.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "support/RocmPrefix.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"

#include <climits>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace hipwright::parsed_headers {

/// The argument counts one overload accepts: [Min, Max], Max = UINT_MAX
/// for a variadic function.
struct Arity {
  unsigned Min = 0;
  unsigned Max = 0;
  bool accepts(unsigned N) const { return Min <= N && N <= Max; }
};

/// Every overload of one name.
struct Overloads {
  std::vector<Arity> Arities;
  /// Some overload is device code (__device__, alone or with __host__).
  bool Device = false;
  /// The files that declare it.
  std::set<std::string> Files;
};

using FunctionIndex = std::map<std::string, Overloads>;

inline Arity arityOf(const clang::FunctionDecl &F) {
  Arity A;
  A.Min = F.getMinRequiredArguments();
  A.Max = F.isVariadic() ? UINT_MAX : F.getNumParams();
  // A trailing parameter pack takes any number of further arguments.
  if (F.getNumParams() &&
      F.getParamDecl(F.getNumParams() - 1)->isParameterPack())
    A.Max = UINT_MAX;
  return A;
}

inline void add(const clang::FunctionDecl &F, const clang::SourceManager &SM,
                FunctionIndex &Out) {
  Overloads &O = Out[F.getName().str()];
  O.Arities.push_back(arityOf(F));
  O.Device |= F.hasAttr<clang::CUDADeviceAttr>();
  O.Files.insert(SM.getFilename(SM.getFileLoc(F.getLocation())).str());
}

/// Every function declared at namespace scope (any namespace, extern "C"
/// blocks included), by unqualified name.
inline void collect(const clang::DeclContext &DC,
                    const clang::SourceManager &SM, FunctionIndex &Out) {
  for (const clang::Decl *D : DC.decls()) {
    if (const auto *F = llvm::dyn_cast<clang::FunctionDecl>(D)) {
      if (F->getIdentifier())
        add(*F, SM, Out);
    } else if (const auto *T = llvm::dyn_cast<clang::FunctionTemplateDecl>(D)) {
      if (T->getIdentifier())
        add(*T->getTemplatedDecl(), SM, Out);
    } else if (const auto *Inner = llvm::dyn_cast<clang::DeclContext>(D)) {
      if (llvm::isa<clang::NamespaceDecl, clang::LinkageSpecDecl,
                    clang::ExportDecl>(D))
        collect(*Inner, SM, Out);
    }
  }
}

/// Parses \p Code with \p Args and indexes its functions; empty (and
/// \p Problem says so) when the parse fails.
inline FunctionIndex index(const std::string &Code,
                           std::vector<std::string> Args,
                           const std::string &FileName, std::string &Problem) {
  Args.insert(Args.end(),
              {"-w", "-resource-dir=" HIPWRIGHT_CLANG_RESOURCE_DIR});
  std::unique_ptr<clang::ASTUnit> AST =
      clang::tooling::buildASTFromCodeWithArgs(Code, Args, FileName);
  FunctionIndex Out;
  if (!AST || AST->getDiagnostics().hasErrorOccurred()) {
    Problem = "the parse of " + FileName + " failed";
    return Out;
  }
  collect(*AST->getASTContext().getTranslationUnitDecl(),
          AST->getSourceManager(), Out);
  return Out;
}

inline const char *const CudaRoot = "/usr/local/cuda";

inline const FunctionIndex &cudaIndex(std::string &Problem) {
  static std::string Why;
  static const FunctionIndex Index = [] {
    std::string Code;
    for (const char *H :
         {"cuda.h", "cuda_runtime.h", "cuda_fp16.h", "cuda_bf16.h",
          "cooperative_groups.h", "cublas_v2.h", "cublasLt.h", "cufft.h",
          "cusparse.h", "cusolverDn.h", "cusolverSp.h", "curand.h",
          "curand_kernel.h", "nvrtc.h", "cuComplex.h"})
      Code += "#include <" + std::string(H) + ">\n";
    return index(Code,
                 {"-x", "cuda", "--cuda-host-only",
                  "--cuda-path=" + std::string(CudaRoot),
                  "-Wno-unknown-cuda-version", "-isystem",
                  std::string(CudaRoot) + "/include/cccl", "-std=c++17"},
                 "cuda_all.cu", Why);
  }();
  Problem = Why;
  return Index;
}

inline const FunctionIndex &hipIndex(const RocmInstall &Rocm,
                                     std::string &Problem) {
  static std::string Why;
  static const FunctionIndex Index = [&Rocm] {
    std::string Code;
    for (const char *H :
         {"hip/hip_runtime.h", "hip/hip_fp16.h", "hip/hip_bf16.h",
          "hip/hip_cooperative_groups.h", "hip/hiprtc.h", "hip/hip_complex.h",
          "hip/hip_ext.h", "hipblas/hipblas.h", "hipblaslt/hipblaslt.h",
          "hipfft/hipfft.h", "hipsparse/hipsparse.h", "hipsolver/hipsolver.h",
          "hiprand/hiprand.h", "hiprand/hiprand_kernel.h", "rccl/rccl.h"})
      Code += "#include <" + std::string(H) + ">\n";
    Code += "#include \"hipwright_cuda_compat.h\"\n";
    return index(Code,
                 {"-x", "hip", "--offload-host-only", "--offload-arch=gfx942",
                  "--rocm-path=" + Rocm.Root, "-isystem",
                  Rocm.Root + "/include", "-I",
                  HIPWRIGHT_SOURCE_DIR "/include/hipwright/compat", "-nogpulib",
                  "-std=c++17"},
                 "hip_all.hip", Why);
  }();
  Problem = Why;
  return Index;
}

} // namespace hipwright::parsed_headers
