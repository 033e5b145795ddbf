//===- SourceScan.h - what a token pass sees in one CUDA file ---*- C++ -*-===//
//
// The report's dependency inventory and classification must work on files
// the parse could not read (a CUTLASS include that is not installed stops
// the parse at line 1), so they read the file's text with clang's raw lexer
// instead: #include lines, NVIDIA-architecture #if gates, __global__
// definitions with their bodies, and every use of a library the library
// table knows (include, namespace qualifier, API prefix). Nothing here
// needs headers, macros or a compile command.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "report/LibraryTable.h"

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace hipwright {

/// An #if branch only NVIDIA GPUs newer than the sm_80 path the port
/// compiles can take (`__CUDA_ARCH__ >= 900`, `__CUDA_ARCH_FEAT_SM90_ALL`):
/// hipwright's prologue (docs/cli.md) makes AMD device code the sm_80 path,
/// so on AMD this branch never runs.
struct ArchGate {
  unsigned Line = 0;
  std::string Condition; ///< as written, whitespace collapsed
  /// The #elif or #else line that starts the other path; 0: none.
  unsigned AlternativeLine = 0;
};

struct ScannedKernel {
  std::string Name;
  unsigned Line = 0;
  size_t BodyBegin = 0, BodyEnd = 0; ///< offsets of '{' and one past '}'
  /// Offsets of the parameter list's '(' and one past its ')'.
  size_t ParamsBegin = 0, ParamsEnd = 0;
  /// The names of the `template <...>` parameters right before it.
  std::vector<std::string> TemplateParams;
  /// Index into SourceScanResult::Gates of the NVIDIA-only branch the
  /// definition sits in; -1: none.
  int Gate = -1;
  /// For a definition outside such a branch: the NVIDIA-only branch that
  /// holds all of its body's code (`{ #if __CUDA_ARCH__ >= 900 ... #else
  /// __trap(); #endif }`: an #else that only traps, prints or returns adds
  /// nothing AMD would run); -1: none.
  int BodyGate = -1;
};

struct LibraryUse {
  const LibraryRow *Library = nullptr;
  unsigned Line = 0;
  size_t Offset = 0;
  std::string How; ///< "#include <cublas_v2.h>", "cub::", "cublasSgemm"
};

/// An `#include` line, with the #if branch it sits in: a chain that picks
/// one vendor header per platform (`#if defined(USE_HIP)` "vendors/hip.h"
/// `#else` "vendors/cuda.h") tells which header runs instead of which.
struct ScannedInclude {
  std::string Path; ///< as written between the quotes or brackets
  bool Quoted = false;
  unsigned Line = 0;
  /// The line of the #if/#ifdef/#ifndef that opens the innermost block
  /// around it; 0: not inside one.
  unsigned ChainLine = 0;
  /// 0: the #if branch itself; 1, 2, ...: the #elif/#else branches after it.
  unsigned Branch = 0;
  /// The branch's directive as written, collapsed ("#if defined(GGML_USE_HIP)",
  /// "#else").
  std::string BranchDirective;
};

struct SourceScanResult {
  std::vector<ScannedInclude> Includes;
  std::vector<ScannedKernel> Kernels;
  /// `__device__` function definitions (helpers a kernel calls), read
  /// like kernels; their Gate is always -1.
  std::vector<ScannedKernel> DeviceFunctions;
  /// Names the file declares as struct, class, union, enum or `using`
  /// alias: a call to one is a constructor, not work.
  std::vector<std::string> Types;
  /// Function-like macros (`#define UMAD(a, b, c) ...`): name and
  /// replacement text.
  std::vector<std::pair<std::string, std::string>> Macros;
  std::vector<ArchGate> Gates;
  std::vector<LibraryUse> Uses; ///< in file order
  /// __global__ or __device__ outside preprocessor directives.
  bool DeviceCode = false;
  /// Kernel launches (`<<<`) outside kernel bodies, and the first one's
  /// line.
  unsigned Launches = 0;
  unsigned FirstLaunchLine = 0;
};

/// Scans \p Text (one file's contents) for what LibraryTable \p Libraries
/// knows. Never fails: text the lexer does not understand is skipped.
SourceScanResult scanSource(llvm::StringRef Text,
                            const LibraryTable &Libraries);

/// The NVIDIA architecture floor an #if condition requires, when it
/// requires one above the sm_80 path the port compiles (`__CUDA_ARCH__ >=
/// 900` -> 900, `__CUDA_ARCH__ > 800` -> 801, `__CUDA_ARCH_FEAT_SM90_ALL`
/// -> 900); 0 otherwise.
unsigned nvidiaOnlyArchFloor(llvm::StringRef Condition);

} // namespace hipwright
