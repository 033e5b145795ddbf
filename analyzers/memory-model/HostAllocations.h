//===- HostAllocations.h - where a kernel's pointer came from ---*- C++ -*-===//
//
// System-scope atomics and fences are coherent on AMD only on fine-grained
// memory. Whether memory is fine- or coarse-grained is decided where the
// host allocates it, so a rule about a kernel's atomic needs the pointer's
// provenance: the allocation call whose result the launch passes to the
// kernel parameter the atomic uses. This records allocations and launches
// in one TU and answers that question where the source makes it visible.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/DenseMap.h"

#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
} // namespace clang

namespace hipwright::memmodel {

/// One allocation a variable receives.
struct Allocation {
  std::string Api;          ///< "cudaMalloc", "cudaHostAlloc", ...
  bool HostMemory = false;  ///< the host (or a peer) reads and writes it
  bool CoarseOnAmd = false; ///< coarse-grained once ported to HIP
  std::string Why;          ///< what makes it coarse / fine on AMD
  clang::SourceLocation Loc;
};

class HostAllocations {
public:
  /// Records \p Call when it is an allocation API whose first argument is
  /// `&var` (cudaMalloc, cudaHostAlloc, cudaMallocHost, cudaMallocManaged,
  /// cudaHostGetDevicePointer).
  void addCall(const clang::CallExpr *Call, const clang::ASTContext &Ctx);
  void addLaunch(const clang::CUDAKernelCallExpr *Launch);

  /// The allocations that reach parameter \p Param of kernel \p Kernel
  /// through this TU's launches (`k<<<g, b>>>(buf)` with `cudaMalloc(&buf,
  /// n)`); empty when no launch shows where it came from.
  std::vector<const Allocation *>
  reaching(const clang::FunctionDecl *Kernel,
           const clang::ParmVarDecl *Param) const;

private:
  llvm::DenseMap<const clang::VarDecl *, Allocation> ByVar;
  llvm::DenseMap<const clang::FunctionDecl *,
                 std::vector<const clang::CUDAKernelCallExpr *>>
      Launches;
};

} // namespace hipwright::memmodel
