//===- HostAllocations.cpp - where a kernel's pointer came from -----------===//
//
// Facts from the HIP coherence-control documentation: hipMalloc (what
// cudaMalloc becomes) returns coarse-grained device memory; hipHostMalloc
// with hipHostMallocMapped is fine-grained; hipHostMalloc with other flags
// (Portable, WriteCombined) and neither Mapped nor Coherent is
// coarse-grained unless HIP_HOST_COHERENT=1; hipHostMalloc without flags and
// hipMallocManaged are fine-grained.
//
//===----------------------------------------------------------------------===//
#include "memory-model/HostAllocations.h"
#include "analysis/TemplateCode.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

using namespace clang;

namespace hipwright::memmodel {
namespace {

const VarDecl *addressedVar(const Expr *E) {
  const auto *U = dyn_cast<UnaryOperator>(E->IgnoreParenCasts());
  if (!U || U->getOpcode() != UO_AddrOf)
    return nullptr;
  const auto *DRE = dyn_cast<DeclRefExpr>(U->getSubExpr()->IgnoreParenCasts());
  return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
}

const VarDecl *namedVar(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenCasts());
  return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
}

// cudaHostAllocPortable 1, cudaHostAllocMapped 2, cudaHostAllocWriteCombined 4.
constexpr int64_t kHostAllocMapped = 2;

} // namespace

void HostAllocations::addCall(const CallExpr *Call, const ASTContext &Ctx) {
  const FunctionDecl *FD = Call->getDirectCallee();
  if (!FD || !FD->getIdentifier() || Call->getNumArgs() < 2)
    return;
  StringRef Name = FD->getName();
  const VarDecl *V = addressedVar(Call->getArg(0));
  if (!V)
    return;
  Allocation A;
  A.Api = Name.str();
  A.Loc = Call->getBeginLoc();
  if (Name == "cudaMalloc" || Name == "cudaMallocPitch") {
    A.CoarseOnAmd = true;
    A.Why =
        "device memory from " + A.Api + " is coarse-grained on AMD (hipMalloc)";
  } else if (Name == "cudaHostAlloc" && Call->getNumArgs() >= 3) {
    A.HostMemory = true;
    const Expr *Flags = Call->getArg(2);
    Expr::EvalResult R;
    if (!Flags->isValueDependent() && Flags->EvaluateAsInt(R, Ctx)) {
      int64_t F = R.Val.getInt().getExtValue();
      A.CoarseOnAmd = F != 0 && (F & kHostAllocMapped) == 0;
    }
    A.Why = A.CoarseOnAmd
                ? "host memory from cudaHostAlloc without cudaHostAllocMapped "
                  "becomes hipHostMalloc without hipHostMallocMapped: "
                  "coarse-grained unless HIP_HOST_COHERENT=1"
                : "host memory from cudaHostAlloc";
  } else if (Name == "cudaMallocHost" || Name == "cudaMallocManaged") {
    A.HostMemory = true;
    A.Why = "host memory from " + A.Api + " (fine-grained on AMD)";
  } else if (Name == "cudaHostGetDevicePointer") {
    // The device alias of a host allocation: it inherits the host side.
    const VarDecl *Host = namedVar(Call->getArg(1));
    auto It = Host ? ByVar.find(Host) : ByVar.end();
    if (It == ByVar.end())
      return;
    A = It->second;
  } else {
    return;
  }
  ByVar[V] = std::move(A);
}

void HostAllocations::addLaunch(const CUDAKernelCallExpr *Launch) {
  if (const FunctionDecl *K = Launch->getDirectCallee())
    Launches[writtenKey(K)].push_back(Launch);
}

std::vector<const Allocation *>
HostAllocations::reaching(const FunctionDecl *Kernel,
                          const ParmVarDecl *Param) const {
  std::vector<const Allocation *> Out;
  auto It = Launches.find(writtenKey(Kernel));
  if (It == Launches.end())
    return Out;
  unsigned Index = Param->getFunctionScopeIndex();
  for (const CUDAKernelCallExpr *L : It->second) {
    if (Index >= L->getNumArgs())
      continue;
    const VarDecl *V = namedVar(L->getArg(Index));
    auto A = V ? ByVar.find(V) : ByVar.end();
    if (A != ByVar.end())
      Out.push_back(&A->second);
  }
  return Out;
}

} // namespace hipwright::memmodel
