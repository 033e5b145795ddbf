//===- TargetBuilds.h - one compile for one target --------------*- C++ -*-===//
//
// The steps of the compile check for one file and one target: the AMD
// build (clang's HIP toolchain, then the offload bundle's checks) and the
// NVIDIA build (nvcc through the mapping header's stand-ins). Called by
// CompileCheck.cpp; callers outside the compile check use CompileCheck.h
// (the tests also build stand-ins with nvidiaStandIns).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "verify/CompileCheck.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace hipwright::verify {

/// What every build of one check shares.
struct BuildContext {
  const CompileCheckRequest &Req;
  const CompileToolchain &Tools;
  std::string WorkDir;        ///< absolute
  std::string NvidiaStandIns; ///< stand-in headers (sm_* with a header)
};

/// A unique object path for \p File and \p Target under WorkDir/obj.
std::string objectPath(llvm::StringRef WorkDir, llvm::StringRef File,
                       llvm::StringRef Target);

/// Compiles \p File for a gfx target. Compiled means the object carries an
/// offload bundle with a code object for exactly that target whose ELF
/// header names it, or is host code with nothing to bundle.
CompileResult buildForAmd(const BuildContext &C, const std::string &File,
                          const std::string &Target);

/// Compiles \p File for an sm_* target with nvcc.
CompileResult buildForNvidia(const BuildContext &C, const std::string &File,
                             const std::string &Target);

/// The directory of stand-in HIP headers for \p MappingHeader in
/// \p WorkDir: each HIP header the mapping header lists in a
/// "// hipwright-nvidia-shim: PATH MACRO" line becomes a file that defines
/// MACRO and includes the mapping header, so that on NVIDIA, including
/// hipblas/hipblas.h pulls in cuBLAS and its mapping. Every header it knows
/// gets one: nvcc would otherwise find Debian's HIP headers in /usr/include.
/// Keyed by the header's contents, so concurrent checks never share a
/// half-written one.
llvm::Expected<std::string> nvidiaStandIns(llvm::StringRef MappingHeader,
                                           llvm::StringRef WorkDir);

} // namespace hipwright::verify
