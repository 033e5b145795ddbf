#include "port/SourceDialect.h"

#include <catch2/catch.hpp>

using namespace hipwright;

TEST_CASE("includePaths reads directives, not comments or strings",
          "[dialect]") {
  std::string Text = R"(// #include <cuda_runtime.h>
/* #include "cuda.h" */
#include <hip/hip_runtime.h>
  #  include "local.h"
const char *s = "#include <cublas_v2.h>";
#include_next <vector>
#define HDR <x.h>
#include HDR
)";
  CHECK(includePaths(Text) ==
        std::vector<std::string>{"hip/hip_runtime.h", "local.h", "vector"});
}

// A banner of slashes and stars is a line comment in C++, not the start of
// a block comment that would hide every include below it.
TEST_CASE("includePaths reads past a //***** banner", "[dialect]") {
  std::string Text = "//*****************************\n"
                     "#include <cuda_runtime.h>\n"
                     "//*****************************\n"
                     "#include \"kernels.cuh\"\n";
  CHECK(includePaths(Text) ==
        std::vector<std::string>{"cuda_runtime.h", "kernels.cuh"});
}

TEST_CASE("HIP input is recognised by its includes", "[dialect]") {
  const RuleTable &R = RuleTable::builtin();
  CHECK(isAlreadyHip("#include <hip/hip_runtime.h>\n__global__ void k() {}\n",
                     R));
  CHECK(isAlreadyHip("#include <hipblas/hipblas.h>\n#include <vector>\n", R));
  // CUDA, or CUDA with a HIP branch: translated as before.
  CHECK(!isAlreadyHip("#include <cuda_runtime.h>\n", R));
  CHECK(!isAlreadyHip("#ifdef __HIPCC__\n#include <hip/hip_runtime.h>\n"
                      "#else\n#include <cuda_runtime.h>\n#endif\n",
                      R));
  CHECK(!isAlreadyHip("#include <hip/hip_runtime.h>\n#include <cub/cub.cuh>\n",
                      R));
  // A CUDA header without a HIP twin is what a port leaves behind (and
  // reports); it does not make the ported file CUDA again.
  CHECK(isAlreadyHip("#include <hip/hip_runtime.h>\n#include <mma.h>\n", R));
  // Headers both spell alike say nothing; no include at all is CUDA (nvcc
  // includes its runtime implicitly).
  CHECK(!isAlreadyHip("#include <thrust/device_vector.h>\n", R));
  CHECK(!isAlreadyHip("__global__ void k() {}\n", R));
  CHECK(isHipInclude("hipcub/hipcub.hpp", R));
  CHECK(!isHipInclude("thrust/device_vector.h", R));
  CHECK(isCudaInclude("cuda_fp16.h", R));
  CHECK(isCudaInclude("cusparse_v2.h", R));
  CHECK(!isCudaInclude("vector", R));
  CHECK(!isCudaInclude("mma.h", R));
}
