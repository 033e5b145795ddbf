//===- CMakeNvccCommands.h - custom commands that run nvcc ------*- C++ -*-===//
//
// Besides its targets, a CUDA CMake file may run nvcc itself: the driver-API
// programs of cuda-samples build the module they load at run time with
// `add_custom_command(COMMAND ${CMAKE_CUDA_COMPILER} ${GENCODE_FLAGS} -o
// k.fatbin -fatbin k.cu)`. Renaming the compiler is not enough there: CMake's
// HIP language does not see that command, so its flags, AMD targets and
// ROCm root have to be spelled on it, and the variables it reads may hold
// nvcc's architecture flags. This finds those commands and those variables;
// CMakeMigrator rewrites them.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "buildfiles/CMakeSyntax.h"

#include "llvm/ADT/StringRef.h"

#include <set>
#include <string>
#include <vector>

namespace hipwright {

/// One COMMAND of add_custom_command()/add_custom_target() whose program is
/// the CUDA compiler: argument indexes of the program and one past the
/// command's last argument.
struct NvccCommandSpan {
  size_t Program = 0;
  size_t End = 0;
};

/// Whether \p Program (an argument's content) names nvcc: the literal
/// program, a path ending in it, or the variables CMake's CUDA language,
/// FindCUDAToolkit and FindCUDA hold it in.
bool namesNvcc(llvm::StringRef Program);

/// The COMMANDs of \p C (add_custom_command / add_custom_target) that run
/// nvcc, in order.
std::vector<NvccCommandSpan> nvccCommands(const CMakeCommand &C);

/// Variables of \p Cmds that hold nvcc architecture flags and nothing else
/// (`set(GENCODE_FLAGS "")` then `list(APPEND GENCODE_FLAGS
/// "-gencode=arch=compute_${arch},code=sm_${arch}")`): on a HIP compile
/// they mean nothing, the AMD targets replace them.
std::set<std::string>
nvccArchitectureVariables(const std::vector<CMakeCommand> &Cmds);

/// What a rewritten command needs defined before it: the HIP flags of the
/// build as a list, and one --offload-arch per AMD target.
std::string nvccCommandPrologue();

/// The words that follow the HIP compiler in a rewritten command.
std::string hipDeviceCompileWords();

} // namespace hipwright
