//===- Classify.h - the porting checklist's decision rules ------*- C++ -*-===//
//
// Each file and each kernel of a tree gets one class, the way teams plan a
// CUDA -> ROCm move:
//   replace-with-library  its work is done through (or has the shape of) a
//                         library call with a ROCm counterpart;
//   drop                  it has no role on AMD, and the tree shows what
//                         runs instead (an NVIDIA-only branch with a generic
//                         path, a wrapper of NVIDIA-only tooling);
//   port                  everything else: ported, with its findings' hours.
// The rules live here and only here; they read facts a token pass and the
// findings gathered (Checklist.cpp) and return the class with the evidence
// that decided it.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "report/KernelShapes.h"
#include "report/LibraryTable.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace hipwright {

enum class PortClass { ReplaceWithLibrary, Drop, Port };
const char *toString(PortClass C);
std::optional<PortClass> parsePortClass(llvm::StringRef S);
/// The classes in the order the report lists them.
const std::vector<PortClass> &allPortClasses();

/// A `.hipwright.yaml` `classify:` entry that applies to a file.
struct ClassOverrideFact {
  PortClass Class = PortClass::Port;
  std::string Reason;
  std::string Source; ///< "path/.hipwright.yaml:LINE"
};

struct KernelFacts {
  std::string Name;
  unsigned Line = 0;
  /// Libraries used inside the body, with the first use ("cub::").
  std::vector<std::pair<const LibraryRow *, std::string>> Libraries;
  /// The NVIDIA-only #if branch it sits in ("`__CUDA_ARCH__ >= 900`
  /// (line 12)"), or "".
  std::string Gate;
  /// The branch is inside the body, around all of its code (the
  /// definition itself is outside).
  bool WholeBody = false;
  /// Where the generic path of a gated kernel is ("#else at line 40",
  /// "src/b.cu:7 defines 'k' outside such a branch"), or "".
  std::string Fallback;
  /// The library algorithm its body has the shape of (KernelShapes.h).
  std::optional<KernelShape> Shape;
};

struct FileFacts {
  std::string Path;
  bool DeviceCode = false; ///< __global__ / __device__ seen
  /// Kernel launches (`<<<`) in host code, and the first one's line.
  unsigned Launches = 0;
  unsigned FirstLaunchLine = 0;
  std::vector<KernelFacts> Kernels;
  /// Every library the file uses, with its first use ("#include
  /// <cublas_v2.h> (line 3)").
  std::vector<std::pair<const LibraryRow *, std::string>> Libraries;
  std::optional<ClassOverrideFact> Override;
  /// Every #include of the file picks it in an #if chain whose HIP branch
  /// takes an already-HIP file instead (report/HipAlternatives.h): where and
  /// which; "" otherwise.
  std::string HipAlternative;
};

struct Decision {
  PortClass Class = PortClass::Port;
  /// Why, one sentence each, the deciding one first.
  std::vector<std::string> Evidence;
  /// ROCm counterparts the decision names (replace-with-library).
  std::vector<std::string> Rocm;
};

/// True when a kernel's name says it multiplies matrices (gemm, matmul,
/// matrixMul, in any case).
bool hasGemmName(llvm::StringRef Kernel);

Decision classifyKernel(const KernelFacts &K, const FileFacts &File);
/// \p Kernels: classifyKernel's decision for each of File.Kernels.
Decision classifyFile(const FileFacts &File,
                      const std::vector<Decision> &Kernels);

} // namespace hipwright
