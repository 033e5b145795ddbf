//===- NvccFlagsTest.cpp - nvcc flags and their clang twins ---------------===//
#include "buildfiles/NvccFlags.h"

#include <catch2/catch.hpp>

using namespace hipwright;

namespace {
/// "a b" for a translation, "drop" for a dropped flag, "keep" for a flag
/// that is not nvcc's; ":2" when it took the next word.
std::string tr(llvm::StringRef Flag, llvm::StringRef Next = "",
               const std::vector<std::string> *Archs = nullptr) {
  auto T = translateNvccFlag(Flag, Next, Archs);
  if (!T)
    return "keep";
  std::string Out;
  for (const std::string &H : T->Hip)
    Out += (Out.empty() ? "" : " ") + H;
  if (T->Hip.empty()) {
    CHECK_FALSE(T->Note.empty()); // a dropped flag always says why
    Out = "drop";
  }
  return T->Words == 2 ? Out + ":2" : Out;
}
} // namespace

TEST_CASE("nvcc flags map to clang's", "[nvcc-flags]") {
  CHECK(tr("--use_fast_math") ==
        "-fgpu-flush-denormals-to-zero "
        "-fno-hip-fp32-correctly-rounded-divide-sqrt -ffp-contract=fast");
  CHECK(tr("-ftz=true") == "-fgpu-flush-denormals-to-zero");
  CHECK(tr("-prec-div=false") == "-fno-hip-fp32-correctly-rounded-divide-sqrt");
  CHECK(tr("-prec-sqrt", "true") == "drop:2");
  CHECK(tr("--fmad=false") == "-ffp-contract=off");
  CHECK(tr("-lineinfo") == "-gline-tables-only");
  CHECK(tr("-Xcompiler=-fPIC,-Wall") == "-fPIC -Wall");
  CHECK(tr("-Xcompiler", "-fopenmp") == "-fopenmp:2");
  CHECK(tr("--compiler-options", "-O2") == "-O2:2");
  CHECK(tr("-rdc=true") == "-fgpu-rdc");
  CHECK(tr("--relocatable-device-code=false") == "drop");
  CHECK(tr("-dc") == "-fgpu-rdc -c");
  CHECK(tr("--default-stream", "per-thread") ==
        "-fgpu-default-stream=per-thread:2");
  CHECK(tr("-res-usage") == "-Rpass-analysis=kernel-resource-usage");
  CHECK(tr("-x", "cu") == "-x hip:2");
  CHECK(tr("--std=c++17") == "-std=c++17");
  // A module for the driver API: the device-only compile's offload bundle.
  for (const char *F :
       {"-fatbin", "--fatbin", "-cubin", "--cubin", "-ptx", "--ptx"})
    CHECK(tr(F) == "--cuda-device-only");
}

TEST_CASE("NVIDIA-only flags are dropped with a reason", "[nvcc-flags]") {
  for (const char *F : {"--expt-relaxed-constexpr", "--extended-lambda",
                        "--expt-extended-lambda", "-Xptxas=-v",
                        "-maxrregcount=32", "-Wno-deprecated-gpu-targets",
                        "--diag-suppress=177", "-arch=sm_80", "-cudart=shared"})
    CHECK(tr(F) == "drop");
  CHECK(tr("-Xptxas", "-v") == "drop:2");
  CHECK(tr("-gencode", "arch=compute_80,code=sm_80") == "drop:2");
  CHECK(tr("-ccbin", "g++") == "drop:2");
}

TEST_CASE("architecture flags become --offload-arch where asked",
          "[nvcc-flags]") {
  std::vector<std::string> Archs = {"--offload-arch=gfx942",
                                    "--offload-arch=gfx950"};
  CHECK(tr("-arch=sm_90", "", &Archs) ==
        "--offload-arch=gfx942 --offload-arch=gfx950");
  CHECK(tr("-gencode", "arch=compute_90,code=sm_90", &Archs) ==
        "--offload-arch=gfx942 --offload-arch=gfx950:2");
}

TEST_CASE("flags clang shares are left alone", "[nvcc-flags]") {
  for (const char *F : {"-O3", "-g", "-std=c++17", "-DFOO=1", "-Wall", "-fPIC",
                        "-I/usr/include", "-x"})
    CHECK(tr(F, "c++") == "keep");
}
