//===- NvccFlags.cpp - nvcc command-line flags and their clang twins ------===//
#include "buildfiles/NvccFlags.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSwitch.h"

using namespace llvm;

namespace hipwright {

namespace {

/// The value of "-flag=value" or "-flag value": sets \p Value and the word
/// count; false when \p Flag is not spelled as one of \p Names.
bool valued(StringRef Flag, StringRef Next,
            std::initializer_list<StringRef> Names, StringRef &Value,
            unsigned &Words) {
  for (StringRef N : Names) {
    if (Flag == N) {
      Value = Next;
      Words = 2;
      return true;
    }
    if (Flag.starts_with(N) && Flag.size() > N.size() &&
        Flag[N.size()] == '=') {
      Value = Flag.drop_front(N.size() + 1);
      Words = 1;
      return true;
    }
  }
  return false;
}

NvccFlagTranslation drop(unsigned Words, std::string Why) {
  NvccFlagTranslation T;
  T.Words = Words;
  T.Note = std::move(Why);
  return T;
}

NvccFlagTranslation to(std::vector<std::string> Hip, unsigned Words = 1,
                       std::string Note = "") {
  NvccFlagTranslation T;
  T.Hip = std::move(Hip);
  T.Words = Words;
  T.Note = std::move(Note);
  return T;
}

bool isTrue(StringRef V) { return V == "true" || V == "1"; }

} // namespace

std::optional<NvccFlagTranslation>
translateNvccFlag(StringRef Flag, StringRef Next,
                  const std::vector<std::string> *OffloadArchs) {
  StringRef V;
  unsigned W = 1;
  // nvcc takes both -flag and --flag for its long options.
  if (Flag == "--use_fast_math" || Flag == "-use_fast_math")
    return to({"-fgpu-flush-denormals-to-zero",
               "-fno-hip-fp32-correctly-rounded-divide-sqrt",
               "-ffp-contract=fast"},
              1,
              "nvcc's fast math is flush-to-zero, approximate division and "
              "square root, and contraction; approximate sinf/expf need "
              "__sinf/__expf (or -funsafe-math-optimizations) on HIP");
  if (valued(Flag, Next, {"-ftz", "--ftz"}, V, W))
    return isTrue(V) ? to({"-fgpu-flush-denormals-to-zero"}, W)
                     : drop(W, "denormals are kept by default on HIP");
  if (valued(Flag, Next,
             {"-prec-div", "--prec-div", "-prec-sqrt", "--prec-sqrt"}, V, W))
    return isTrue(V) ? drop(W, "HIP divides and takes square roots correctly "
                               "rounded by default")
                     : to({"-fno-hip-fp32-correctly-rounded-divide-sqrt"}, W);
  if (valued(Flag, Next, {"-fmad", "--fmad"}, V, W))
    return to({isTrue(V) ? "-ffp-contract=fast" : "-ffp-contract=off"}, W);
  if (Flag == "-lineinfo" || Flag == "--generate-line-info")
    return to({"-gline-tables-only"});
  if (Flag == "--expt-relaxed-constexpr" || Flag == "-expt-relaxed-constexpr")
    return drop(1, "clang lets device code call constexpr host functions "
                   "without it");
  if (Flag == "--expt-extended-lambda" || Flag == "-expt-extended-lambda" ||
      Flag == "--extended-lambda" || Flag == "-extended-lambda")
    return drop(1, "clang accepts __device__ lambdas without it");
  if (valued(Flag, Next, {"-Xcompiler", "--compiler-options"}, V, W)) {
    // nvcc splits the host compiler's options at commas.
    SmallVector<StringRef, 4> Parts;
    V.split(Parts, ',', -1, /*KeepEmpty=*/false);
    std::vector<std::string> Hip;
    for (StringRef P : Parts)
      Hip.push_back(P.str());
    if (Hip.empty())
      return drop(W, "passes nothing to the host compiler");
    return to(std::move(Hip), W);
  }
  if (valued(Flag, Next, {"-Xptxas", "--ptxas-options"}, V, W))
    return drop(W, "options of NVIDIA's PTX assembler; HIP has no PTX");
  if (valued(Flag, Next, {"-Xnvlink", "--nvlink-options"}, V, W))
    return drop(W, "options of NVIDIA's device linker");
  if (valued(Flag, Next, {"-Xcudafe"}, V, W))
    return drop(W, "options of NVIDIA's front end");
  if (valued(Flag, Next, {"-maxrregcount", "--maxrregcount"}, V, W))
    return drop(W, "register limits on AMD GPUs come from __launch_bounds__ "
                   "(and amdgpu_waves_per_eu)");
  if (valued(Flag, Next, {"-rdc", "--relocatable-device-code"}, V, W))
    return isTrue(V) ? to({"-fgpu-rdc"}, W)
                     : drop(W, "relocatable device code is off by default");
  if (Flag == "-dc" || Flag == "--device-c")
    return to({"-fgpu-rdc", "-c"});
  if (valued(Flag, Next,
             {"-arch", "--gpu-architecture", "-gencode", "--generate-code",
              "-code", "--gpu-code"},
             V, W)) {
    if (!OffloadArchs)
      return drop(W, "architectures come from HIP_ARCHITECTURES");
    return to(*OffloadArchs, W,
              "NVIDIA architecture '" + V.str() +
                  "' replaced by the AMD targets");
  }
  if (valued(Flag, Next, {"--default-stream", "-default-stream"}, V, W))
    return V == "per-thread"
               ? to({"-fgpu-default-stream=per-thread"}, W)
               : drop(W, "HIP's default stream is the legacy one already");
  if (Flag == "-Wno-deprecated-gpu-targets")
    return drop(1, "silences an nvcc warning about old NVIDIA targets");
  if (valued(Flag, Next,
             {"--diag-suppress", "-diag-suppress", "--diag_suppress",
              "-diag_suppress"},
             V, W))
    return drop(W, "nvcc diagnostic numbers mean nothing to clang; use "
                   "-Wno-<warning>");
  if (Flag == "--resource-usage" || Flag == "-res-usage")
    return to({"-Rpass-analysis=kernel-resource-usage"});
  if (valued(Flag, Next, {"-ccbin", "--compiler-bindir"}, V, W))
    return drop(W, "clang compiles the host side itself");
  if (Flag == "--keep" || Flag == "-keep")
    return to({"-save-temps"});
  if (valued(Flag, Next, {"--cudart", "-cudart"}, V, W))
    return drop(W, "HIP has one (shared) runtime");
  // clang reads -G as a MIPS small-data size: never let it through.
  if (Flag == "--device-debug" || Flag == "-G")
    return drop(1, "device debugging: add -g (and -O0) for HIP");
  if (valued(Flag, Next, {"--threads", "-split-compile", "--split-compile"}, V,
             W))
    return drop(W, "an nvcc build-speed option");
  // A module the program loads at run time (cuModuleLoad): on AMD the
  // device-only compile's output, one offload bundle with a code object per
  // target, which hipModuleLoad/hipModuleLoadData take as it is.
  if (Flag == "-fatbin" || Flag == "--fatbin" || Flag == "-cubin" ||
      Flag == "--cubin")
    return to({"--cuda-device-only"}, 1,
              "the module is the AMD targets' code objects in one offload "
              "bundle, which hipModuleLoad/hipModuleLoadData read");
  if (Flag == "-ptx" || Flag == "--ptx")
    return to({"--cuda-device-only"}, 1,
              "HIP has no PTX: the module is the AMD targets' code objects "
              "in one offload bundle (hipModuleLoad/hipModuleLoadData read "
              "it; a program that JIT-links PTX text needs porting by hand)");
  if (Flag == "-x" && Next == "cu")
    return to({"-x", "hip"}, 2);
  if (valued(Flag, Next, {"--std"}, V, W))
    return to({"-std=" + V.str()}, W);
  return std::nullopt;
}

} // namespace hipwright
