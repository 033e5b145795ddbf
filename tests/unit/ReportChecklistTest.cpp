// The checklist and dependency inventory in the report model and every
// printer, from a hand-made PortResult (no parse) over a real directory
// (build files and .hipwright.yaml are read from disk).
#include "report/BuildReport.h"
#include "report/GenericPaths.h"
#include "report/ReportPrinters.h"

#include "ReportTree.h"

#include <catch2/catch.hpp>

using namespace hipwright;
using namespace llvm;

namespace {

using Tree = hipwright::testing::ReportTree;

const json::Object *entry(const json::Object &R, StringRef Section,
                          StringRef Key, StringRef Value) {
  const json::Array *A = R.getObject("checklist")
                             ? R.getObject("checklist")->getArray(Section)
                             : nullptr;
  if (Section == "dependencies")
    A = R.getArray("dependencies");
  REQUIRE(A);
  for (const json::Value &V : *A)
    if (V.getAsObject()->getString(Key) == Value)
      return V.getAsObject();
  FAIL("no " << Section.str() << " entry " << Value.str());
  return nullptr;
}

std::string evidence(const json::Object &E) {
  std::string S;
  for (const json::Value &V : *E.getArray("evidence"))
    S += V.getAsString()->str() + "\n";
  return S;
}

} // namespace

TEST_CASE("the checklist classifies every CUDA file, parsed or not",
          "[report][checklist]") {
  Tree T;
  // The parse stopped at the missing CUTLASS header: the token pass still
  // sees what the file is.
  T.source("gemm/cutlass_gemm.cu",
           "#include <cutlass/gemm/device/gemm.h>\n"
           "void run() { cutlass::gemm::device::Gemm<float> op; op(); }\n",
           FileStatus::Partial);
  T.source("kernels/scale.cu",
           "__global__ void scale(float *p) { *p *= 2; }\n");
  T.source("util/nvtx_ranges.h", "#include <nvtx3/nvToolsExt.h>\n"
                                 "struct Range { Range(const char *n) { "
                                 "nvtxRangePushA(n); } ~Range() { "
                                 "nvtxRangePop(); } };\n");
  T.source("host/plain.cpp", "int main() { return 0; }\n",
           FileStatus::Unchanged);
  T.R.Inputs.BuildFiles = {
      T.Dir.write("CMakeLists.txt",
                  "find_package(CUDAToolkit)\n"
                  "add_executable(app kernels/scale.cu)\n"
                  "target_link_libraries(app PRIVATE CUDA::cublasLt "
                  "CUDA::cudart)\n"),
      T.Dir.write("legacy/Makefile", "LIBS := -lcufft -lm\n")};
  json::Object R = T.build({[&] {
    Finding F;
    F.File = T.Dir.path("kernels/scale.cu");
    F.Line = 1;
    F.RuleId = "warp-size";
    F.Message = "m";
    return F;
  }()});
  CHECK(*R.getString("schema") == "hipwright-report/4");

  const json::Object *Gemm = entry(R, "files", "path", "gemm/cutlass_gemm.cu");
  CHECK(*Gemm->getString("class") == "replace-with-library");
  CHECK(evidence(*Gemm).find("uses CUTLASS (#include "
                             "<cutlass/gemm/device/gemm.h>, line 1)") == 0);
  CHECK(*Gemm->getBoolean("floor"));
  const json::Object *Scale = entry(R, "files", "path", "kernels/scale.cu");
  CHECK(*Scale->getString("class") == "port");
  CHECK(*Scale->getInteger("findings") == 1);
  CHECK(*entry(R, "files", "path", "util/nvtx_ranges.h")->getString("class") ==
        "drop");
  // A plain C++ file is not on a CUDA checklist.
  const json::Object &C = *R.getObject("checklist");
  CHECK(*C.getInteger("files_without_cuda") == 1);
  CHECK(C.getArray("files")->size() == 3);
  // Classes in a fixed order, with their files and hours.
  const json::Array &Classes = *C.getArray("classes");
  REQUIRE(Classes.size() == 3);
  CHECK(*Classes[0].getAsObject()->getString("class") ==
        "replace-with-library");
  CHECK(*Classes[2].getAsObject()->getInteger("files") == 1);
  CHECK(*Classes[2].getAsObject()->getNumber("max_hours") > 0);
  // The file table of the report carries each file's class.
  for (const json::Value &F : *R.getArray("files"))
    if (F.getAsObject()->getString("path") == "host/plain.cpp")
      CHECK(F.getAsObject()->get("class")->kind() == json::Value::Null);

  // The inventory: includes, API names and build files.
  const json::Object *Cutlass = entry(R, "dependencies", "library", "CUTLASS");
  CHECK(*Cutlass->getInteger("uses") == 2); // the include and cutlass::
  const json::Object *Lt = entry(R, "dependencies", "library", "cuBLASLt");
  CHECK(*Lt->getString("rocm") == "hipBLASLt");
  CHECK((*Lt->getArray("files"))[0].getAsString() == "CMakeLists.txt");
  CHECK((*Lt->getArray("found_by"))[0].getAsString() == "build");
  CHECK((*entry(R, "dependencies", "library", "cuFFT")->getArray("files"))[0]
            .getAsString() == "legacy/Makefile");
  CHECK(*entry(R, "dependencies", "library", "NVTX")->getInteger("uses") == 3);

  // Every format carries the checklist table.
  std::string Md, Html, Csv, Deps;
  raw_string_ostream MO(Md), HO(Html), CO(Csv), DO(Deps);
  printReportMarkdown(R, MO);
  printReportHtml(R, HO);
  printReportCsv(R, CO, CsvTable::Checklist);
  printReportCsv(R, DO, CsvTable::Dependencies);
  CHECK(Md.find("### Porting checklist") < Md.find("### Effort by category"));
  CHECK(Md.find("| gemm/cutlass\\_gemm.cu | replace-with-library | uses "
                "CUTLASS") != std::string::npos);
  CHECK(Html.find("id=\"checklist\"") < Html.find("id=\"effort\""));
  CHECK(Html.find("aria-label=\"Hours per class\"") != std::string::npos);
  CHECK(Csv.find("file,class,reasons,rocm,libraries,kernels,findings,"
                 "hours_min,hours_max,floor,override\r\n") == 0);
  // The reasons hold a comma: quoted.
  CHECK(Csv.find("util/nvtx_ranges.h,drop,\"host code that only wraps "
                 "NVIDIA-only tooling; NVTX (") != std::string::npos);
  CHECK(Deps.find("cuBLASLt,library,replace,hipBLASLt,1,CMakeLists.txt,"
                  "build,") != std::string::npos);
}

TEST_CASE("a class set in .hipwright.yaml shows its reason everywhere",
          "[report][checklist][config]") {
  Tree T;
  T.source("k/old_sm90.cu", "__global__ void k(int *p) { *p = 1; }\n");
  T.source("k/new.cu", "__global__ void k2(int *p) { *p = 2; }\n");
  T.Dir.write(".hipwright.yaml",
              "classify:\n"
              "  \"k/old_*.cu\":\n"
              "    class: drop\n"
              "    reason: \"<b>superseded</b> by k/new.cu\"\n");
  T.Configs.emplace(std::nullopt);
  json::Object R = T.build();
  const json::Object *Old = entry(R, "files", "path", "k/old_sm90.cu");
  CHECK(*Old->getString("class") == "drop");
  CHECK(evidence(*Old) ==
        "set by .hipwright.yaml:2: <b>superseded</b> by k/new.cu\n");
  CHECK(*Old->getObject("override")->getString("source") ==
        ".hipwright.yaml:2");
  CHECK(*entry(R, "files", "path", "k/new.cu")->getString("class") == "port");
  CHECK(*entry(R, "kernels", "name", "k")->getString("class") == "drop");
  // The reason is user text: escaped in HTML, quoted in CSV.
  std::string Html, Csv;
  raw_string_ostream HO(Html), CO(Csv);
  printReportHtml(R, HO);
  printReportCsv(R, CO, CsvTable::Checklist);
  CHECK(Html.find("<b>superseded") == std::string::npos);
  CHECK(Html.find("&lt;b&gt;superseded&lt;/b&gt; by k/new.cu") !=
        std::string::npos);
  CHECK(Csv.find("k/old_sm90.cu,drop,set by .hipwright.yaml:2: <b>superseded"
                 "</b> by k/new.cu,,,1,0,0,0,false,.hipwright.yaml:2\r\n") !=
        std::string::npos);
}

TEST_CASE("a gated kernel with its generic path elsewhere is dropped",
          "[report][checklist]") {
  Tree T;
  T.source("attn/hopper.cu", "#if __CUDA_ARCH__ >= 900\n"
                             "__global__ void attn(float *o) { o[0] = 9; }\n"
                             "#endif\n");
  T.source("attn/generic.cu", "__global__ void attn(float *o) { o[0] = 1; }\n");
  json::Object R = T.build();
  const json::Object *H = entry(R, "files", "path", "attn/hopper.cu");
  CHECK(*H->getString("class") == "drop");
  CHECK(evidence(*H).find("`__CUDA_ARCH__ >= 900` (line 1)") !=
        std::string::npos);
  CHECK(evidence(*H).find("attn/generic.cu:1 defines 'attn'") !=
        std::string::npos);
  CHECK(*entry(R, "files", "path", "attn/generic.cu")->getString("class") ==
        "port");
  // Kernels by class in Markdown and CSV too.
  std::string Md, Csv;
  raw_string_ostream MO(Md), CO(Csv);
  printReportMarkdown(R, MO);
  printReportCsv(R, CO, CsvTable::Kernels);
  CHECK(Md.find("| attn | attn/hopper.cu:2 | drop | defined only in the "
                "NVIDIA-only branch") != std::string::npos);
  CHECK(Csv.find("kernel,file,line,class,reasons,rocm\r\n") == 0);
  CHECK(Csv.find("attn,attn/generic.cu,1,port,device code to port,\r\n") !=
        std::string::npos);
}

TEST_CASE("a kernel whose whole body is an sm_90 fast path is dropped when "
          "the tree has the generic one",
          "[report][checklist]") {
  Tree T;
  // The shape of a Hopper-only fast path: the definition is visible to
  // every compile, its body only to sm_90 (clusters, setmaxnreg); the
  // #else gives up.
  T.source("attn/fwd_sm90.cu",
           "#include <cooperative_groups.h>\n"
           "__global__ void attn_fwd_sm90(float *o) {\n"
           "#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900\n"
           "  asm volatile(\"setmaxnreg.inc.sync.aligned.u32 240;\\n\");\n"
           "  auto c = cooperative_groups::this_cluster();\n"
           "  o[c.block_rank()] = 1;\n"
           "#else\n"
           "  __trap();\n"
           "#endif\n"
           "}\n");
  T.source("attn/fwd.cu", "__global__ void attn_fwd(float *o) { o[0] = 1; }\n");
  // The file's name says the architecture; its kernel's does not.
  T.source("norm/rows_hopper.cu", "__global__ void rows_tma(float *o) {\n"
                                  "#if __CUDA_ARCH__ >= 900\n"
                                  "  o[0] = 9;\n"
                                  "#endif\n"
                                  "}\n");
  T.source("norm/rows.cu",
           "__global__ void rows_plain(float *o) { o[0] = 1; }\n");
  // Stays port: a generic path in the same body; code before the branch;
  // a fast path the tree has no generic path for.
  T.source("mix/inline.cu", "__global__ void mixed_sm90(float *o) {\n"
                            "#if __CUDA_ARCH__ >= 900\n"
                            "  o[0] = 9;\n"
                            "#else\n"
                            "  o[0] = 1;\n"
                            "#endif\n"
                            "}\n"
                            "__global__ void prefix_sm90(float *o) {\n"
                            "  int i = threadIdx.x;\n"
                            "#if __CUDA_ARCH__ >= 900\n"
                            "  o[i] = 9;\n"
                            "#endif\n"
                            "}\n");
  T.source("mix/generic.cu",
           "__global__ void mixed(float *o) { o[0] = 1; }\n"
           "__global__ void prefix(float *o) { o[0] = 1; }\n");
  T.source("lone/only_sm90.cu", "__global__ void lonely_sm90(float *o) {\n"
                                "#if __CUDA_ARCH__ >= 900\n"
                                "  o[0] = 9;\n"
                                "#endif\n"
                                "}\n");
  json::Object R = T.build();

  const json::Object *F = entry(R, "files", "path", "attn/fwd_sm90.cu");
  CHECK(*F->getString("class") == "drop");
  CHECK(evidence(*F) ==
        "kernel 'attn_fwd_sm90' (line 2): its whole body is the NVIDIA-only "
        "branch `defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900` (line 3), "
        "which AMD never takes (the port compiles the sm_80 path); generic "
        "path: attn/fwd.cu:1 defines 'attn_fwd', its name without the newer "
        "architecture, outside such a branch\n");
  CHECK(*entry(R, "files", "path", "attn/fwd.cu")->getString("class") ==
        "port");

  const json::Object *Rows = entry(R, "files", "path", "norm/rows_hopper.cu");
  CHECK(*Rows->getString("class") == "drop");
  CHECK(evidence(*Rows).find("generic path: norm/rows.cu, the file's name "
                             "without the newer architecture, defines "
                             "kernels outside such branches (line 1)") !=
        std::string::npos);

  CHECK(*entry(R, "files", "path", "mix/inline.cu")->getString("class") ==
        "port");
  CHECK(*entry(R, "kernels", "name", "mixed_sm90")->getString("class") ==
        "port");
  CHECK(*entry(R, "kernels", "name", "prefix_sm90")->getString("class") ==
        "port");
  const json::Object *Lone = entry(R, "kernels", "name", "lonely_sm90");
  CHECK(*Lone->getString("class") == "port");
  CHECK(evidence(*Lone).find("its whole body is the NVIDIA-only branch "
                             "`__CUDA_ARCH__ >= 900` (line 2) and the tree "
                             "has no generic path for it: write one") !=
        std::string::npos);
}

TEST_CASE("generic names take the newer architecture out of a name",
          "[report][checklist]") {
  using V = std::vector<std::string>;
  CHECK(genericNames("attn_fwd_sm90") == V{"attn_fwd", "attn_fwd_sm80",
                                           "attn_fwd_sm75", "attn_fwd_sm70",
                                           "attn_fwd_ampere"});
  CHECK(genericNames("gemmSm90Kernel").front() == "gemmkernel");
  CHECK(genericNames("sm_90a_reduce")[0] == "reduce");
  CHECK(genericNames("sm_90a_reduce")[1] == "sm_80_reduce");
  CHECK(genericNames("flash_hopper").front() == "flash");
  CHECK(genericNames("Blackwell_gemm").front() == "gemm");
  // Not an architecture word: inside a word, an older architecture, none.
  CHECK(genericNames("prism90").empty());
  CHECK(genericNames("attn_sm80").empty());
  CHECK(genericNames("hopperish").empty());
  CHECK(genericNames("reduce").empty());
}

TEST_CASE("a library hipwright does not translate makes the hours a floor",
          "[report][checklist]") {
  Tree T;
  // Parsed in full (the namespace is the file's own), so only the CUTLASS
  // use can make the hours a floor; cuBLAS, which the rules translate,
  // cannot.
  T.source("gemm/grouped.cu",
           "namespace cutlass { struct Gemm { void run(); }; }\n"
           "void go() { cutlass::Gemm g; g.run(); }\n");
  T.source("gemm/blas.cpp",
           "#include <cublas_v2.h>\n"
           "void go2(cublasHandle_t h) { cublasCreate(&h); }\n");
  json::Object R = T.build();
  const json::Object *Grouped = entry(R, "files", "path", "gemm/grouped.cu");
  CHECK(*Grouped->getBoolean("floor"));
  CHECK(evidence(*Grouped).find("the hours leave out rewriting its CUTLASS "
                                "uses on hipBLASLt") != std::string::npos);
  const json::Object *Blas = entry(R, "files", "path", "gemm/blas.cpp");
  CHECK_FALSE(*Blas->getBoolean("floor"));
  CHECK(evidence(*Blas).find("the hours leave out") == std::string::npos);
}

TEST_CASE("vendor headers an #if chain swaps for a HIP one are dropped",
          "[report][checklist]") {
  Tree T;
  T.source("common.cuh", "#pragma once\n"
                         "#include \"util.h\"\n"
                         "#if defined(GGML_USE_HIP)\n"
                         "#include \"vendors/hip.h\"\n"
                         "#elif defined(GGML_USE_MUSA)\n"
                         "#include \"vendors/musa.h\"\n"
                         "#else\n"
                         "#include \"vendors/cuda.h\"\n"
                         "#endif\n"
                         "__device__ int twice(int x) { return 2 * x; }\n");
  T.source("vendors/hip.h", "#include <hip/hip_runtime.h>\n"
                            "#include <hipblas/hipblas.h>\n");
  T.R.Files.back().AlreadyHip = true;
  T.source("vendors/cuda.h", "#include <cuda_runtime.h>\n"
                             "#include <cublas_v2.h>\n");
  T.source("vendors/musa.h", "#include <musa_runtime.h>\n"
                             "#include <cublas_v2.h>\n"
                             "#define cublasCreate mublasCreate\n");
  // Included in a chain that switches on something other than the
  // platform: kept, although a branch of it is HIP.
  T.source("fast.cuh", "#include <cublas_v2.h>\n");
  T.source("util.h", "#if FAST_PATH\n"
                     "#include \"fast.cuh\"\n"
                     "#else\n"
                     "#include \"vendors/hip.h\"\n"
                     "#endif\n");
  // Swapped in one place, included plainly in another: kept.
  T.source("both.cuh", "#include <cublas_v2.h>\n");
  T.source("a.cu", "#ifdef USE_HIP\n#include \"vendors/hip.h\"\n#else\n"
                   "#include \"both.cuh\"\n#endif\n"
                   "__global__ void k() {}\n");
  T.source("b.cu", "#include \"both.cuh\"\n__global__ void k2() {}\n");
  json::Object R = T.build();
  const json::Object *Cuda = entry(R, "files", "path", "vendors/cuda.h");
  CHECK(*Cuda->getString("class") == "drop");
  CHECK(evidence(*Cuda).find(
            "the tree swaps it out on AMD: common.cuh:8 includes it under "
            "`#else`; on AMD the chain's `#if defined(GGML_USE_HIP)` branch "
            "includes vendors/hip.h instead, which is HIP already") == 0);
  CHECK(*entry(R, "files", "path", "vendors/musa.h")->getString("class") ==
        "drop");
  CHECK(*entry(R, "files", "path", "fast.cuh")->getString("class") ==
        "replace-with-library");
  CHECK(*entry(R, "files", "path", "both.cuh")->getString("class") ==
        "replace-with-library");
}

TEST_CASE("long checklist reasons are cut in Markdown, not in JSON",
          "[report][checklist]") {
  Tree T;
  // Every library the table knows by an include, in one host file: a long
  // list of reasons.
  std::string Src;
  for (const char *H :
       {"cublas_v2.h", "cublasLt.h", "cufft.h", "curand.h", "cusparse.h",
        "cusolverDn.h", "cudnn.h", "nccl.h", "nvjpeg.h", "cutensor.h",
        "thrust/sort.h", "cub/cub.cuh", "cutlass/gemm/device/gemm.h"})
    Src += std::string("#include <") + H + ">\n";
  Src += "// \xC3\xA9\xC3\xA9\xC3\xA9\n";
  T.source("all_libs.cpp", Src);
  json::Object R = T.build();
  const json::Object *F = entry(R, "files", "path", "all_libs.cpp");
  CHECK(*F->getString("class") == "replace-with-library");
  // 13 libraries, no device code, and the hours' floor for each of the three
  // libraries hipwright does not translate (nvJPEG, cuTENSOR, CUTLASS).
  CHECK(F->getArray("evidence")->size() == 17);
  std::string Md;
  raw_string_ostream MO(Md);
  printReportMarkdown(R, MO);
  size_t Row = Md.find("| all\\_libs.cpp | replace-with-library | ");
  REQUIRE(Row != std::string::npos);
  std::string Line = Md.substr(Row, Md.find('\n', Row) - Row);
  CHECK(Line.find("...") != std::string::npos);
  CHECK(Line.size() < 300 * 2 + 400);
}
