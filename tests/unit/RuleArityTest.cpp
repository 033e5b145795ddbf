//===- RuleArityTest.cpp - rules' argument counts vs. the headers ---------===//
//
// RulesAgainstHeadersTest proves every HIP name a rule emits is declared in
// ROCm's headers; this proves the call still fits once renamed. Both sides
// are parsed for real (CUDA 13.0's headers as CUDA, ROCm's as HIP) and every
// function overload's accepted argument counts are collected:
//
// * a `call` row rewrites a call into a HIP call with a known number of
//   arguments: some overload of the HIP function must take that many;
// * a `function` row only renames, so it assumes the HIP function takes
//   what CUDA's takes: every argument count a CUDA overload accepts must be
//   accepted by a HIP overload too, unless a call row handles calls of that
//   many arguments (that is what call rows are for).
//
//===----------------------------------------------------------------------===//
#include "RequireTool.h"
#include "rules/RuleTable.h"
#include "support/RocmPrefix.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"

#include <catch2/catch.hpp>

#include <climits>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

using namespace hipwright;
namespace fs = std::filesystem;

namespace {

/// The argument counts one overload accepts: [Min, Max], Max = UINT_MAX
/// for a variadic function.
struct Arity {
  unsigned Min = 0;
  unsigned Max = 0;
  bool accepts(unsigned N) const { return Min <= N && N <= Max; }
};

using ArityIndex = std::map<std::string, std::vector<Arity>>;

Arity arityOf(const clang::FunctionDecl &F) {
  Arity A;
  A.Min = F.getMinRequiredArguments();
  A.Max = F.isVariadic() ? UINT_MAX : F.getNumParams();
  // A trailing parameter pack takes any number of further arguments.
  if (F.getNumParams() &&
      F.getParamDecl(F.getNumParams() - 1)->isParameterPack())
    A.Max = UINT_MAX;
  return A;
}

/// Every function declared at namespace scope (any namespace, extern "C"
/// blocks included), by unqualified name.
void collect(const clang::DeclContext &DC, ArityIndex &Out) {
  for (const clang::Decl *D : DC.decls()) {
    if (const auto *F = llvm::dyn_cast<clang::FunctionDecl>(D)) {
      if (F->getIdentifier())
        Out[F->getName().str()].push_back(arityOf(*F));
    } else if (const auto *T = llvm::dyn_cast<clang::FunctionTemplateDecl>(D)) {
      if (T->getIdentifier())
        Out[T->getName().str()].push_back(arityOf(*T->getTemplatedDecl()));
    } else if (const auto *Inner = llvm::dyn_cast<clang::DeclContext>(D)) {
      if (llvm::isa<clang::NamespaceDecl, clang::LinkageSpecDecl,
                    clang::ExportDecl>(D))
        collect(*Inner, Out);
    }
  }
}

/// Parses \p Code with \p Args and indexes its functions; empty (with the
/// first errors in \p Problem) when the parse fails.
ArityIndex index(const std::string &Code, std::vector<std::string> Args,
                 const std::string &FileName, std::string &Problem) {
  Args.insert(Args.end(),
              {"-w", "-resource-dir=" HIPWRIGHT_CLANG_RESOURCE_DIR});
  std::unique_ptr<clang::ASTUnit> AST =
      clang::tooling::buildASTFromCodeWithArgs(Code, Args, FileName);
  ArityIndex Out;
  if (!AST || AST->getDiagnostics().hasErrorOccurred()) {
    Problem = "the parse of " + FileName + " failed";
    return Out;
  }
  collect(*AST->getASTContext().getTranslationUnitDecl(), Out);
  return Out;
}

const char *const CudaRoot = "/usr/local/cuda";

const ArityIndex &cudaIndex(std::string &Problem) {
  static std::string Why;
  static const ArityIndex Index = [] {
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

const ArityIndex &hipIndex(const RocmInstall &Rocm, std::string &Problem) {
  static std::string Why;
  static const ArityIndex Index = [&Rocm] {
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

std::string where(const Rule &R) {
  return "rules/" + R.Family + ".tsv:" + std::to_string(R.Line);
}

std::string show(const std::vector<Arity> &As) {
  std::string S;
  for (const Arity &A : As) {
    if (!S.empty())
      S += ", ";
    S += std::to_string(A.Min);
    if (A.Max == UINT_MAX)
      S += "+";
    else if (A.Max != A.Min)
      S += "-" + std::to_string(A.Max);
  }
  return S;
}

bool anyAccepts(const std::vector<Arity> &As, unsigned N) {
  for (const Arity &A : As)
    if (A.accepts(N))
      return true;
  return false;
}

/// The call rows of \p Cuda handle calls of \p N arguments. cuda.h
/// defines many driver calls as macros of versioned entry points
/// (cuGraphAddNode -> cuGraphAddNode_v2): the rows that handle such an
/// entry point are those of the name a program spells.
bool callRowCovers(const RuleTable &Rules, llvm::StringRef Cuda, unsigned N) {
  llvm::StringRef Spelled = Cuda;
  size_t V = Cuda.rfind("_v");
  if (V != llvm::StringRef::npos && V + 2 < Cuda.size() &&
      llvm::all_of(Cuda.drop_front(V + 2), llvm::isDigit))
    Spelled = Cuda.take_front(V);
  for (llvm::StringRef Name : {Cuda, Spelled})
    for (const CallRow *C : Rules.callRules(Name))
      if (C->Call.acceptsArgCount(N))
        return true;
  return false;
}

/// The indexes, or why there are none (a missing tool is a failure in CI).
struct Indexes {
  const ArityIndex *Cuda = nullptr;
  const ArityIndex *Hip = nullptr;
};

std::optional<Indexes> indexes() {
  std::optional<RocmInstall> Rocm = findRocm();
  if (!fs::is_directory(std::string(CudaRoot) + "/include") || !Rocm)
    return std::nullopt;
  Indexes I;
  std::string Problem;
  I.Cuda = &cudaIndex(Problem);
  REQUIRE(Problem.empty());
  I.Hip = &hipIndex(*Rocm, Problem);
  REQUIRE(Problem.empty());
  return I;
}

} // namespace

TEST_CASE("each call row's rewrite fits an overload of its HIP function",
          "[rules][headers][arity]") {
  std::optional<Indexes> I = indexes();
  if (!I)
    HIPWRIGHT_TOOL_MISSING("CUDA or ROCm headers not found");
  std::vector<std::string> Failures;
  unsigned Checked = 0;
  for (const CallRow &C : RuleTable::builtin().allCallRules()) {
    if (!C.Call.rewrites() || C.Call.Expression)
      continue;
    auto It = I->Hip->find(C.Call.HipCallee);
    if (It == I->Hip->end())
      continue; // a macro or a newer release: RulesAgainstHeadersTest's job
    ++Checked;
    unsigned N = C.Call.Args.size();
    bool Fits = anyAccepts(It->second, N);
    // `...` passes on whatever the call had beyond the pattern: the HIP
    // function must take the spelled arguments and more.
    if (C.Call.KeepsRest)
      Fits =
          llvm::any_of(It->second, [N](const Arity &A) { return A.Max > N; });
    if (!Fits)
      Failures.push_back(where(C.Row) + ": " + C.Row.Hip + " passes " +
                         std::to_string(N) + " argument(s); " +
                         C.Call.HipCallee + " takes " + show(It->second));
  }
  for (const std::string &F : Failures)
    UNSCOPED_INFO(F);
  CHECK(Failures.empty());
  CHECK(Checked > 40); // the index found the functions it should
}

TEST_CASE("each renamed function takes the arguments CUDA's takes",
          "[rules][headers][arity]") {
  std::optional<Indexes> I = indexes();
  if (!I)
    HIPWRIGHT_TOOL_MISSING("CUDA or ROCm headers not found");
  const RuleTable &Rules = RuleTable::builtin();
  std::vector<std::string> Failures;
  unsigned Checked = 0;
  for (const Rule &R : Rules.rules()) {
    if (R.Kind != RuleKind::Function || !R.hasHip() ||
        (R.Until && R.Until->Major < 7))
      continue;
    auto C = I->Cuda->find(R.Cuda);
    auto H = I->Hip->find(R.Hip);
    if (C == I->Cuda->end() || H == I->Hip->end())
      continue; // a macro, or a header not indexed
    ++Checked;
    std::vector<unsigned> Missing;
    for (const Arity &A : C->second)
      for (unsigned N = A.Min; N <= std::min(A.Max, A.Min + 16); ++N)
        if (!anyAccepts(H->second, N) && !callRowCovers(Rules, R.Cuda, N) &&
            !llvm::is_contained(Missing, N))
          Missing.push_back(N);
    if (!Missing.empty())
      Failures.push_back(where(R) + ": " + R.Cuda + " takes " +
                         show(C->second) + " argument(s), " + R.Hip +
                         " takes " + show(H->second) + "; no call row for " +
                         std::to_string(Missing.front()));
  }
  for (const std::string &F : Failures)
    UNSCOPED_INFO(F);
  INFO(Failures.size() << " of " << Checked << " renamed functions differ");
  CHECK(Failures.empty());
  CHECK(Checked > 1000);
}

TEST_CASE("hipwright_cuda_compat.h defines every equivalent a rule names",
          "[rules][headers][arity]") {
  std::optional<Indexes> I = indexes();
  if (!I)
    HIPWRIGHT_TOOL_MISSING("CUDA or ROCm headers not found");
  std::vector<std::string> Missing;
  unsigned Emulated = 0;
  for (const Rule &R : RuleTable::builtin().rules()) {
    if (!R.emulated())
      continue;
    ++Emulated;
    if (!I->Hip->count(R.Hip))
      Missing.push_back(where(R) + ": " + R.Hip);
  }
  for (const std::string &M : Missing)
    UNSCOPED_INFO(M << " is not defined by hipwright_cuda_compat.h");
  CHECK(Missing.empty());
  CHECK(Emulated >= 85); // the SIMD video family and the dot products
}
