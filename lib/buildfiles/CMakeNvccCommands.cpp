//===- CMakeNvccCommands.cpp - custom commands that run nvcc --------------===//
#include "buildfiles/CMakeNvccCommands.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

#include <map>

using namespace llvm;

namespace hipwright {

namespace {

/// The keywords of add_custom_command() and add_custom_target() that end a
/// COMMAND's arguments.
bool isCustomCommandKeyword(StringRef S) {
  return StringSwitch<bool>(S)
      .Cases({"OUTPUT",
              "COMMAND",
              "ARGS",
              "MAIN_DEPENDENCY",
              "DEPENDS",
              "BYPRODUCTS",
              "IMPLICIT_DEPENDS",
              "WORKING_DIRECTORY",
              "COMMENT",
              "DEPFILE",
              "JOB_POOL",
              "JOB_SERVER_AWARE",
              "VERBATIM",
              "APPEND",
              "USES_TERMINAL",
              "COMMAND_EXPAND_LISTS",
              "DEPENDS_EXPLICIT_ONLY",
              "CODEGEN",
              "TARGET",
              "PRE_BUILD",
              "PRE_LINK",
              "POST_BUILD",
              "SOURCES",
              "ALL"},
             true)
      .Default(false);
}

/// Whether the word \p W is one of nvcc's architecture flags, in either
/// spelling (-gencode=..., -arch=sm_80, --gpu-architecture sm_80 is two
/// words and is not recognised here).
bool isArchitectureFlag(StringRef W) {
  for (StringRef F : {"-gencode", "--generate-code", "-arch",
                      "--gpu-architecture", "-code", "--gpu-code"})
    if (W.starts_with(F) && W.size() > F.size() && W[F.size()] == '=')
      return true;
  return false;
}

} // namespace

bool namesNvcc(StringRef Program) {
  if (Program == "nvcc" || Program.ends_with("/nvcc"))
    return true;
  return Program == "${CMAKE_CUDA_COMPILER}" ||
         Program == "${CUDAToolkit_NVCC_EXECUTABLE}" ||
         Program == "${CUDA_NVCC_EXECUTABLE}";
}

std::vector<NvccCommandSpan> nvccCommands(const CMakeCommand &C) {
  std::vector<NvccCommandSpan> Out;
  if (C.LowerName != "add_custom_command" && C.LowerName != "add_custom_target")
    return Out;
  const std::vector<CMakeArg> &A = C.Args;
  for (size_t I = 0; I + 1 < A.size(); ++I) {
    if (A[I].Kind != CMakeArgKind::Unquoted || A[I].Content != "COMMAND" ||
        !A[I + 1].isValue() || !namesNvcc(A[I + 1].Content))
      continue;
    size_t E = I + 2;
    while (E < A.size() && !(A[E].Kind == CMakeArgKind::Unquoted &&
                             isCustomCommandKeyword(A[E].Content)))
      ++E;
    Out.push_back({I + 1, E});
    I = E - 1;
  }
  return Out;
}

std::set<std::string>
nvccArchitectureVariables(const std::vector<CMakeCommand> &Cmds) {
  // Per variable: seen an architecture flag / seen anything else.
  std::map<std::string, std::pair<bool, bool>> Seen;
  for (const CMakeCommand &C : Cmds) {
    const std::vector<CMakeArg> &A = C.Args;
    size_t First;
    if (C.LowerName == "set" && !A.empty())
      First = 1;
    else if ((C.LowerName == "list" || C.LowerName == "string") &&
             A.size() > 1 &&
             (A[0].Content == "APPEND" || A[0].Content == "PREPEND"))
      First = 2;
    else
      continue;
    const CMakeArg &Var = A[First - 1];
    if (Var.Kind != CMakeArgKind::Unquoted || Var.Content.contains("${"))
      continue;
    std::pair<bool, bool> &S = Seen[Var.Content.str()];
    for (size_t I = First; I < A.size(); ++I) {
      if (!A[I].isValue()) {
        S.second = true;
        continue;
      }
      if (A[I].Content == "PARENT_SCOPE")
        continue;
      if (A[I].Content == "CACHE") {
        S.second = true; // a cache entry: the user may set anything there
        break;
      }
      SmallVector<StringRef, 4> Words;
      A[I].Content.split(Words, ' ', -1, /*KeepEmpty=*/false);
      for (StringRef W : Words)
        (isArchitectureFlag(W.trim()) ? S.first : S.second) = true;
    }
  }
  std::set<std::string> Out;
  for (const auto &[Name, S] : Seen)
    if (S.first && !S.second)
      Out.insert(Name);
  return Out;
}

std::string nvccCommandPrologue() {
  return "# CMake's HIP flags and AMD targets, for the HIP compile of the "
         "custom command below\n"
         "separate_arguments(hipwright_hip_flags NATIVE_COMMAND "
         "\"${CMAKE_HIP_FLAGS}\")\n"
         "list(TRANSFORM CMAKE_HIP_ARCHITECTURES PREPEND \"--offload-arch=\" "
         "OUTPUT_VARIABLE hipwright_offload_archs)\n";
}

std::string hipDeviceCompileWords() {
  return "-x hip --rocm-path=${CMAKE_HIP_COMPILER_ROCM_ROOT} "
         "${hipwright_hip_flags} ${hipwright_offload_archs}";
}

} // namespace hipwright
