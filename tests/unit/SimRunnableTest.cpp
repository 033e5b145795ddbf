#include "sim/SimRunnable.h"

#include <catch2/catch.hpp>

using hipwright::sim::reasonNotRunnable;

namespace {

std::string reason(llvm::StringRef Src) {
  return reasonNotRunnable(Src, "t.cu").value_or("<runnable>");
}

} // namespace

TEST_CASE("inline PTX is not runnable, asm in comments and strings is",
          "[sim-runnable]") {
  CHECK(reason("__device__ int lane() {\n  int l;\n"
               "  asm volatile(\"mov.u32 %0, %%laneid;\" : \"=r\"(l));\n"
               "  return l;\n}\n") ==
        "inline PTX (asm statement at line 3) cannot run on the CPU runtime");
  CHECK(reason("int x;\n__asm__ (\"nop\");") ==
        "inline PTX (asm statement at line 2) cannot run on the CPU runtime");
  CHECK(
      reason("#define LANE(l) asm(\"mov.u32 %0, %%laneid;\" : \"=r\"(l))\n") ==
      "inline PTX (asm statement at line 1) cannot run on the CPU runtime");
  CHECK(reason("// asm(\"nop\");\n/* __asm__ volatile(\"x\") */\n"
               "const char *s = \"asm(\\\"nop\\\")\";\nint asm_count;\n") ==
        "<runnable>");
  CHECK(reason("#if 0\nasm(\"nop\");\n#else\nint x;\n#endif\n") ==
        "<runnable>");
  CHECK(reason("#if 0\nint x;\n#else\nasm(\"nop\");\n#endif\n") ==
        "inline PTX (asm statement at line 4) cannot run on the CPU runtime");
}

TEST_CASE("asm with tensor-core or Hopper PTX says so", "[sim-runnable]") {
  CHECK(reason("asm volatile(\"mma.sync.aligned.m16n8k16.row.col.f32.f16 "
               "{%0}, ...\" : \"=f\"(d));") ==
        "tensor-core code (mma.sync.aligned.m16n8k16.row.col.f32.f16 in asm "
        "at line 1) cannot run on the CPU runtime");
  CHECK(reason("\nasm(\"cp.async.bulk.tensor.2d.shared::cluster.global\");") ==
        "Hopper-only feature (cp.async.bulk.tensor.2d.shared in asm at line "
        "2) cannot run on the CPU runtime");
}

TEST_CASE("tensor-core code is not runnable", "[sim-runnable]") {
  CHECK(reason("#include <cstdio>\n#include <mma.h>\n") ==
        "tensor-core code (mma.h at line 2) cannot run on the CPU runtime");
  CHECK(reason("using namespace nvcuda;\n\nwmma::fragment<> f;") ==
        "tensor-core code (wmma:: at line 3) cannot run on the CPU runtime");
  CHECK(reason("nvcuda::wmma::fill_fragment(c, 0.0f);") ==
        "tensor-core code (nvcuda::wmma at line 1) cannot run on the CPU "
        "runtime");
  CHECK(reason("#include <rocwmma/rocwmma.hpp>\n") ==
        "tensor-core code (rocwmma/rocwmma.hpp at line 1) cannot run on the "
        "CPU runtime");
  CHECK(
      reason("d = __builtin_amdgcn_mfma_f32_16x16x16f16(a, b, c, 0, 0, 0);") ==
      "tensor-core code (__builtin_amdgcn_mfma_f32_16x16x16f16 at line 1) "
      "cannot run on the CPU runtime");
  // A user's own names that merely contain these words are fine.
  CHECK(reason("int wmma_count; struct my_wmma {};") == "<runnable>");
}

TEST_CASE("Hopper-only features are not runnable", "[sim-runnable]") {
  CHECK(reason("__global__ void __cluster_dims__(2, 1, 1) k() {}") ==
        "Hopper-only feature (__cluster_dims__ at line 1) cannot run on the "
        "CPU runtime");
  CHECK(reason("\nauto c = cg::this_cluster();") ==
        "Hopper-only feature (this_cluster at line 2) cannot run on the CPU "
        "runtime");
}

TEST_CASE("driver API is not runnable", "[sim-runnable]") {
  CHECK(reason("#include <cuda.h>\nint main() {\n"
               "  cuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, 0, args, 0);\n}") ==
        "driver-API launch (cuLaunchKernel at line 3) is not supported by "
        "the CPU runtime");
  // Set-up calls come first; the launch is what the reason names.
  CHECK(reason("cuInit(0);\ncuModuleLoad(&m, \"k.ptx\");\n"
               "cuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, 0, args, 0);") ==
        "driver-API launch (cuLaunchKernel at line 3) is not supported by "
        "the CPU runtime");
  CHECK(reason("cudaGetFuncBySymbol(&f, (const void *)k);\n"
               "cuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, 0, args, 0);") ==
        "driver-API launch (cuLaunchKernel at line 2) is not supported by "
        "the CPU runtime");
  CHECK(reason("check(cuModuleLoadData(&m, ptx));") ==
        "driver API (cuModuleLoadData at line 1) is not supported by the CPU "
        "runtime");
  CHECK(reason("hipModuleLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, 0, a, 0);") ==
        "driver-API launch (hipModuleLaunchKernel at line 1) is not "
        "supported by the CPU runtime");
  CHECK(reason("cudaGetFuncBySymbol(&f, (const void *)k);") ==
        "driver-API launch (cudaGetFuncBySymbol at line 1) is not supported "
        "by the CPU runtime");
  // cuda.h alone, runtime calls and a user's cuFoo variable are fine.
  CHECK(reason("#include <cuda.h>\n#include <cuda_runtime.h>\n"
               "int cuCount; cudaMalloc(&p, 4); hipMalloc(&p, 4);") ==
        "<runnable>");
}

TEST_CASE("grid-wide cooperative groups are not runnable", "[sim-runnable]") {
  CHECK(reason("auto g = cooperative_groups::this_grid(); g.sync();") ==
        "grid-wide cooperative groups (this_grid at line 1) are not "
        "supported by the CPU runtime");
  CHECK(reason("auto b = cooperative_groups::this_thread_block();") ==
        "<runnable>");
}

TEST_CASE("vendor libraries are not simulated", "[sim-runnable]") {
  CHECK(reason("#include <cstdio>\n#include <cublas_v2.h>\n") ==
        "uses cuBLAS (cublas_v2.h at line 2); vendor libraries are not "
        "simulated");
  CHECK(reason("#include \"curand_kernel.h\"\n") ==
        "uses cuRAND (curand_kernel.h at line 1); vendor libraries are not "
        "simulated");
  CHECK(reason("#include <thrust/device_vector.h>\n") ==
        "uses Thrust (thrust/device_vector.h at line 1); vendor libraries "
        "are not simulated");
  CHECK(reason("#include <hipblas/hipblas.h>\n#include <hipfft/hipfft.h>\n") ==
        "uses hipBLAS (hipblas/hipblas.h at line 1); vendor libraries are "
        "not simulated");
  CHECK(reason("#  include <hipcub/hipcub.hpp>\n") ==
        "uses hipCUB (hipcub/hipcub.hpp at line 1); vendor libraries are "
        "not simulated");
  CHECK(reason("// #include <cublas_v2.h>\n#include <cuda_runtime.h>\n"
               "#include <hip/hip_runtime.h>\n#include <cooperative_groups.h>\n"
               "#include \"cuda/my_helpers.h\"\n") == "<runnable>");
}

TEST_CASE("the first reason in source order wins", "[sim-runnable]") {
  CHECK(reason("asm(\"nop\");\n#include <cublas_v2.h>\n") ==
        "inline PTX (asm statement at line 1) cannot run on the CPU runtime");
  CHECK(reason("#include <cufft.h>\nasm(\"nop\");\n") ==
        "uses cuFFT (cufft.h at line 1); vendor libraries are not simulated");
}

TEST_CASE("an ordinary kernel program is runnable", "[sim-runnable]") {
  CHECK(reason("#include <cuda_runtime.h>\n"
               "__global__ void k(float *p) {\n"
               "  __shared__ float s[32];\n"
               "  s[threadIdx.x] = __shfl_down_sync(0xffffffffu, p[0], 1);\n"
               "}\n"
               "int main() { k<<<1, 32>>>(nullptr); }\n") == "<runnable>");
}

TEST_CASE("a `//****` comment does not hide what follows", "[sim-runnable]") {
  CHECK(reason("//**************\n"
               "__global__ void k() { asm(\"trap;\"); }\n") ==
        "inline PTX (asm statement at line 2) cannot run on the CPU runtime");
}
