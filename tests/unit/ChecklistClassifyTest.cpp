// The porting checklist: the token pass (SourceScan) and the decision rules
// (Classify), one test per class and rule.
#include "report/Classify.h"
#include "report/SourceScan.h"

#include "config/Config.h"

#include <catch2/catch.hpp>

using namespace hipwright;

namespace {

const LibraryRow *lib(llvm::StringRef Name) {
  for (const LibraryRow &R : LibraryTable::builtin().rows())
    if (R.Name == Name)
      return &R;
  FAIL("no library " << Name.str());
  return nullptr;
}

std::string joined(const std::vector<std::string> &V) {
  std::string S;
  for (const std::string &E : V)
    S += E + "\n";
  return S;
}

struct Classified {
  Decision File;
  std::vector<Decision> Kernels;
};

Classified classify(const FileFacts &F) {
  Classified C;
  for (const KernelFacts &K : F.Kernels)
    C.Kernels.push_back(classifyKernel(K, F));
  C.File = classifyFile(F, C.Kernels);
  return C;
}

KernelFacts kernel(std::string Name, unsigned Line = 1) {
  KernelFacts K;
  K.Name = std::move(Name);
  K.Line = Line;
  return K;
}

} // namespace

TEST_CASE("the token pass reads includes, kernels and NVIDIA-only gates "
          "without headers",
          "[report][checklist]") {
  // Neither header exists here; no parse is needed.
  const char *Src = R"(#include <cutlass/gemm/device/gemm.h>
#include "cublas_v2.h"
// #include <cub/cub.cuh> in a comment is no include
#include <cuda_runtime.h>
template <typename T>
__global__ void __launch_bounds__(256) scale(T *p) { p[0] *= 2; }
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
__global__ void fast(float *p) {
  cub::WarpReduce<float> r;
}
#else
__global__ void fast(float *p) { p[0] = 0; }
#endif
__global__ void declared(int);
void host() { cublasSgemm(0); thrust::cuda::par; scale<<<1, 2>>>(nullptr); }
)";
  SourceScanResult S = scanSource(Src, LibraryTable::builtin());
  CHECK(S.DeviceCode);
  CHECK(S.Launches == 1);
  CHECK(S.FirstLaunchLine == 15);
  REQUIRE(S.Kernels.size() == 3);
  CHECK(S.Kernels[0].Name == "scale");
  CHECK(S.Kernels[0].Line == 6);
  CHECK(S.Kernels[0].Gate == -1);
  CHECK(S.Kernels[1].Name == "fast");
  CHECK(S.Kernels[1].Gate == 0);
  CHECK(S.Kernels[2].Name == "fast");
  CHECK(S.Kernels[2].Gate == -1);
  REQUIRE(S.Gates.size() == 1);
  CHECK(S.Gates[0].Line == 7);
  CHECK(S.Gates[0].AlternativeLine == 11);
  CHECK(S.Gates[0].Condition ==
        "defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900");
  std::vector<std::string> Uses;
  for (const LibraryUse &U : S.Uses)
    Uses.push_back(U.Library->Name + "@" + std::to_string(U.Line) + ":" +
                   U.How);
  // thrust::cuda:: counts once, as Thrust: cuda:: after thrust:: is no
  // libcu++ use.
  CHECK(joined(Uses) == "CUTLASS@1:#include <cutlass/gemm/device/gemm.h>\n"
                        "cuBLAS@2:#include \"cublas_v2.h\"\n"
                        "CUB@9:cub::\n"
                        "cuBLAS@15:cublasSgemm\n"
                        "Thrust@15:thrust::\n");
  // The use inside the gated kernel lies within its body.
  CHECK(S.Uses[2].Offset > S.Kernels[1].BodyBegin);
  CHECK(S.Uses[2].Offset < S.Kernels[1].BodyEnd);
}

TEST_CASE("only branches newer NVIDIA GPUs take are gates",
          "[report][checklist]") {
  CHECK(nvidiaOnlyArchFloor("__CUDA_ARCH__ >= 900") == 900);
  CHECK(nvidiaOnlyArchFloor(
            "defined(__CUDA_ARCH__) && (__CUDA_ARCH__>=1000)") == 1000);
  CHECK(nvidiaOnlyArchFloor("__CUDA_ARCH__ > 800") == 801);
  CHECK(nvidiaOnlyArchFloor("defined(__CUDA_ARCH_FEAT_SM90_ALL)") == 900);
  // The port compiles the sm_80 path: these branches run on AMD too.
  CHECK(nvidiaOnlyArchFloor("__CUDA_ARCH__ >= 800") == 0);
  CHECK(nvidiaOnlyArchFloor("__CUDA_ARCH__ >= 700") == 0);
  CHECK(nvidiaOnlyArchFloor("defined(__CUDA_ARCH__)") == 0);
  // Negated or bounded above: the generic side.
  CHECK(nvidiaOnlyArchFloor("!(__CUDA_ARCH__ >= 900)") == 0);
  CHECK(nvidiaOnlyArchFloor("__CUDA_ARCH__ < 900") == 0);
}

TEST_CASE("replace-with-library: host calls into a library with a ROCm twin",
          "[report][checklist]") {
  FileFacts F;
  F.Path = "blas.cu";
  F.Libraries = {{lib("cuBLAS"), "#include <cublas_v2.h>, line 1"}};
  Classified C = classify(F);
  CHECK(C.File.Class == PortClass::ReplaceWithLibrary);
  CHECK(joined(C.File.Evidence)
            .find("uses cuBLAS (#include <cublas_v2.h>, "
                  "line 1): cuBLAS -> hipBLAS") == 0);
  REQUIRE(C.File.Rocm.size() == 1);
  CHECK(C.File.Rocm[0] == lib("cuBLAS")->Rocm);
  // Launching kernels of its own (defined in another file) makes it a port:
  // part of its work runs in them (cuda-samples' particleSystem_cuda.cu).
  F.Launches = 2;
  F.FirstLaunchLine = 40;
  C = classify(F);
  CHECK(C.File.Class == PortClass::Port);
  CHECK(joined(C.File.Evidence)
            .find("host code that launches kernels defined elsewhere (first "
                  "launch at line 40)") == 0);
}

TEST_CASE("replace-with-library: a kernel with the shape of a GEMM",
          "[report][checklist]") {
  FileFacts F;
  F.Path = "mm.cu";
  F.DeviceCode = true;
  F.Kernels = {kernel("MatrixMulCUDA", 10)};
  Classified C = classify(F);
  CHECK(C.Kernels[0].Class == PortClass::ReplaceWithLibrary);
  CHECK(C.File.Class == PortClass::ReplaceWithLibrary);
  CHECK(joined(C.File.Evidence)
            .find("kernel 'MatrixMulCUDA' (line 10): the "
                  "kernel's name says it is a GEMM") != std::string::npos);
  CHECK(hasGemmName("sgemm_nt"));
  CHECK(hasGemmName("batched_matmul"));
  CHECK(!hasGemmName("reduce"));
  // One ordinary kernel beside it makes the file a port.
  F.Kernels.push_back(kernel("transpose", 30));
  C = classify(F);
  CHECK(C.File.Class == PortClass::Port);
  CHECK(joined(C.File.Evidence).find("1 kernel to port") == 0);
}

TEST_CASE("drop: an NVIDIA-only branch whose generic path is in the tree",
          "[report][checklist]") {
  FileFacts F;
  F.Path = "fast.cu";
  F.DeviceCode = true;
  KernelFacts K = kernel("fast");
  K.Gate = "`__CUDA_ARCH__ >= 900` (line 3)";
  K.Fallback = "generic.cu:4 defines 'fast' outside such a branch";
  F.Kernels = {K};
  Classified C = classify(F);
  CHECK(C.Kernels[0].Class == PortClass::Drop);
  CHECK(C.File.Class == PortClass::Drop);
  CHECK(joined(C.File.Evidence).find("generic.cu:4") != std::string::npos);
  // Without the generic path nothing may be dropped.
  F.Kernels[0].Fallback.clear();
  C = classify(F);
  CHECK(C.Kernels[0].Class == PortClass::Port);
  CHECK(C.File.Class == PortClass::Port);
  CHECK(joined(C.Kernels[0].Evidence).find("no generic path") !=
        std::string::npos);
}

TEST_CASE("drop: a vendor header the tree swaps for a HIP one",
          "[report][checklist]") {
  FileFacts F;
  F.Path = "vendors/cuda.h";
  F.Libraries = {{lib("cuBLAS"), "#include <cublas_v2.h>, line 4"}};
  F.HipAlternative = "common.cuh:9 includes it under `#else`; on AMD the "
                     "chain's `#if defined(USE_HIP)` branch includes "
                     "vendors/hip.h instead, which is HIP already";
  Classified C = classify(F);
  CHECK(C.File.Class == PortClass::Drop);
  CHECK(joined(C.File.Evidence)
            .find("the tree swaps it out on AMD: "
                  "common.cuh:9") == 0);
  // Without the swap the same header replaces cuBLAS.
  F.HipAlternative.clear();
  CHECK(classify(F).File.Class == PortClass::ReplaceWithLibrary);
}

TEST_CASE("the token pass places each include in its #if branch",
          "[report][checklist]") {
  SourceScanResult S = scanSource("#include \"always.h\"\n"
                                  "#if defined(USE_HIP)\n"
                                  "#include \"vendors/hip.h\"\n"
                                  "#elif defined(USE_MUSA)\n"
                                  "#include \"vendors/musa.h\"\n"
                                  "#else // CUDA\n"
                                  "#include <vendors/cuda.h>\n"
                                  "#endif\n",
                                  LibraryTable::builtin());
  REQUIRE(S.Includes.size() == 4);
  CHECK(S.Includes[0].ChainLine == 0);
  CHECK(S.Includes[1].Path == "vendors/hip.h");
  CHECK(S.Includes[1].Quoted);
  CHECK(S.Includes[1].ChainLine == 2);
  CHECK(S.Includes[1].Branch == 0);
  CHECK(S.Includes[1].BranchDirective == "#if defined(USE_HIP)");
  CHECK(S.Includes[2].Branch == 1);
  CHECK(S.Includes[2].BranchDirective == "#elif defined(USE_MUSA)");
  CHECK(S.Includes[3].Line == 7);
  CHECK_FALSE(S.Includes[3].Quoted);
  CHECK(S.Includes[3].Branch == 2);
  CHECK(S.Includes[3].BranchDirective.find("#else") == 0);
}

TEST_CASE("drop: a host wrapper of NVIDIA-only tooling",
          "[report][checklist]") {
  FileFacts F;
  F.Path = "ranges.h";
  F.Libraries = {{lib("NVTX"), "nvtxRangePushA, line 4"}};
  Classified C = classify(F);
  CHECK(C.File.Class == PortClass::Drop);
  CHECK(joined(C.File.Evidence)
            .find("host code that only wraps NVIDIA-only tooling") == 0);
  // With device code of its own it is ported.
  F.DeviceCode = true;
  CHECK(classify(F).File.Class == PortClass::Port);
  // With a library that does real work it is not just a wrapper.
  F.DeviceCode = false;
  F.Libraries.push_back({lib("cuFFT"), "cufftExecC2C, line 9"});
  CHECK(classify(F).File.Class == PortClass::ReplaceWithLibrary);
}

TEST_CASE("port: device code, with the libraries it uses named",
          "[report][checklist]") {
  FileFacts F;
  F.Path = "reduce.cu";
  F.DeviceCode = true;
  KernelFacts K = kernel("reduce", 5);
  K.Libraries = {{lib("CUB"), "cub::, line 7"}};
  F.Kernels = {K};
  F.Libraries = {{lib("CUB"), "#include <cub/cub.cuh>, line 1"}};
  Classified C = classify(F);
  CHECK(C.Kernels[0].Class == PortClass::Port);
  CHECK(
      joined(C.Kernels[0].Evidence)
          .find("uses CUB inside the kernel (cub::, line 7): CUB -> hipCUB") !=
      std::string::npos);
  CHECK(C.File.Class == PortClass::Port);
  CHECK(joined(C.File.Evidence).find("1 kernel to port") == 0);
  // Host code with no library: the translator's work, still a port.
  FileFacts H;
  H.Path = "main.cu";
  CHECK(classify(H).File.Class == PortClass::Port);
}

TEST_CASE("a configured class wins, with its reason", "[report][checklist]") {
  FileFacts F;
  F.Path = "legacy.cu";
  F.DeviceCode = true;
  F.Kernels = {kernel("k")};
  F.Override = ClassOverrideFact{PortClass::Drop, "replaced by hip/k.cpp",
                                 ".hipwright.yaml:3"};
  Classified C = classify(F);
  CHECK(C.File.Class == PortClass::Drop);
  CHECK(C.File.Evidence ==
        std::vector<std::string>{
            "set by .hipwright.yaml:3: replaced by hip/k.cpp"});
  CHECK(C.Kernels[0].Class == PortClass::Drop);
}

TEST_CASE("the config's class names are the checklist's",
          "[report][checklist][config]") {
  std::vector<std::string> A, B;
  for (PortClass C : allPortClasses())
    A.push_back(toString(C));
  for (llvm::StringRef N : checklistClassNames())
    B.push_back(N.str());
  CHECK(A == B);
}
