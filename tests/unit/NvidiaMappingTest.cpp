//===- NvidiaMappingTest.cpp - the HIP-on-NVIDIA mapping header -----------===//
#include "verify/NvidiaMapping.h"
#include "RequireTool.h"
#include "verify/TargetBuilds.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>

using namespace hipwright;
using namespace llvm;

namespace {

const std::string &header() {
  static const std::string H = nvidiaMappingHeader();
  return H;
}

/// The name after "#define" on each line, as written (up to a space or '(').
std::vector<std::string> definedNames(StringRef Text) {
  std::vector<std::string> Out;
  SmallVector<StringRef, 0> Lines;
  Text.split(Lines, '\n');
  for (StringRef L : Lines) {
    L = L.ltrim();
    if (!L.consume_front("#"))
      continue;
    L = L.ltrim();
    if (!L.consume_front("define"))
      continue;
    L = L.ltrim();
    Out.push_back(
        L.take_until([](char C) { return C == ' ' || C == '('; }).str());
  }
  return Out;
}

bool isIdentifier(StringRef S) {
  return !S.empty() && !isDigit(S.front()) &&
         llvm::all_of(S, [](char C) { return isAlnum(C) || C == '_'; });
}

/// The text of the block that starts at the first line beginning with
/// \p Opening, up to its matching #endif.
std::string blockStartingWith(StringRef Text, StringRef Opening) {
  size_t Pos = Text.find("\n" + Opening.str());
  if (Pos == StringRef::npos)
    return "";
  StringRef Rest = Text.drop_front(Pos + 1);
  int Depth = 0;
  size_t Off = 0;
  while (Off < Rest.size()) {
    StringRef Line =
        Rest.substr(Off).take_until([](char C) { return C == '\n'; });
    if (Line.starts_with("#if"))
      ++Depth;
    else if (Line.starts_with("#endif") && --Depth == 0)
      return Rest.take_front(Off + Line.size()).str();
    Off += Line.size() + 1;
  }
  return "";
}

std::optional<std::string> findNvcc() {
  if (const char *E = std::getenv("HIPWRIGHT_NVCC"))
    if (sys::fs::can_execute(E))
      return std::string(E);
  if (sys::fs::can_execute("/usr/local/cuda/bin/nvcc"))
    return std::string("/usr/local/cuda/bin/nvcc");
  if (auto P = sys::findProgramByName("nvcc"))
    return *P;
  return std::nullopt;
}

void writeFile(const Twine &Path, StringRef Text) {
  std::error_code EC;
  raw_fd_ostream OS(Path.str(), EC);
  REQUIRE_FALSE(EC);
  OS << Text;
}

} // namespace

TEST_CASE("nvidia mapping: runtime names map to their CUDA twins",
          "[nvidia-mapping]") {
  const std::string &H = header();
  CHECK_THAT(H, Catch::Contains("\n#define hipStream_t cudaStream_t"));
  CHECK_THAT(H, Catch::Contains("\n#define hipMemcpy cudaMemcpy"));
  CHECK_THAT(H, Catch::Contains(
                    "\n#define hipMemcpyHostToDevice cudaMemcpyHostToDevice"));
  // Several CUDA names map to hipError_t / hipSuccess / hipMemGetInfo: the
  // runtime API's one is chosen, the others are named in a comment.
  CHECK_THAT(H, Catch::Contains("\n#define hipError_t cudaError_t /* not:"));
  CHECK_THAT(H, Catch::Contains("\n#define hipSuccess cudaSuccess"));
  CHECK_THAT(H, Catch::Contains("\n#define hipMemGetInfo cudaMemGetInfo"));
  // hipMalloc goes through a helper that accepts CUdeviceptr too, and
  // otherwise is cudaMalloc.
  CHECK_THAT(H, Catch::Contains("\n#define hipMalloc "));
  CHECK_THAT(H, Catch::Contains("return ::cudaMalloc("));
  CHECK_THAT(H, Catch::Contains("#include <cuda_runtime.h>"));
}

TEST_CASE("nvidia mapping: driver calls convert CUresult to hipError_t",
          "[nvidia-mapping]") {
  const std::string &H = header();
  CHECK_THAT(H, Catch::Contains("\n#define hipInit(...) "
                                "::hipwright_nv::fromCu(cuInit(__VA_ARGS__))"));
  // The conversion table pairs driver and runtime codes with one HIP name.
  CHECK_THAT(H, Catch::Contains(
                    "{CUDA_ERROR_OUT_OF_MEMORY, cudaErrorMemoryAllocation}"));
  // Only result codes: other enumerators that share a HIP name between the
  // driver and runtime tables (graph instantiate flags and results) are
  // not CUresult values and would not compile in the table.
  std::string Pairs = H.substr(H.find("kErrorPairs[] = {"));
  Pairs = Pairs.substr(0, Pairs.find("};"));
  CHECK_THAT(Pairs, !Catch::Contains("CUDA_GRAPH_INSTANTIATE"));
}

TEST_CASE("nvidia mapping: no name is defined twice and every one is an "
          "identifier",
          "[nvidia-mapping]") {
  std::vector<std::string> Names = definedNames(header());
  REQUIRE(Names.size() > 1000); // the tables hold thousands of mappings
  std::map<std::string, int> Count;
  for (const std::string &N : Names) {
    INFO("#define " << N);
    CHECK(isIdentifier(N));
    ++Count[N];
  }
  for (auto &[N, C] : Count) {
    INFO(N << " is defined " << C << " times");
    CHECK(C == 1);
  }
}

TEST_CASE("nvidia mapping: HIP names CUDA already spells are left alone",
          "[nvidia-mapping]") {
  // atomicAdd_block -> atomicAdd: redefining atomicAdd would rewrite CUDA's
  // own headers.
  std::vector<std::string> Names = definedNames(header());
  for (const char *N : {"atomicAdd", "atomicCAS", "__half", "__shfl_sync"})
    CHECK_FALSE(is_contained(Names, N));
}

TEST_CASE("nvidia mapping: a library's names come only with its header",
          "[nvidia-mapping]") {
  const std::string &H = header();
  std::string Cublas =
      blockStartingWith(H, "#if (defined(HIPWRIGHT_NV_WANT_HIPBLAS_HIPBLAS_H)");
  REQUIRE_FALSE(Cublas.empty());
  CHECK_THAT(Cublas, Catch::Contains("\n#define hipblasSgemm cublasSgemm"));
  // ... and nowhere else.
  CHECK(StringRef(H).count("#define hipblasSgemm ") == 1);

  std::string Include =
      blockStartingWith(H, "#if defined(HIPWRIGHT_NV_WANT_HIPBLAS_HIPBLAS_H)");
  CHECK_THAT(Include, Catch::Contains("__has_include(<cublas_v2.h>)"));
  CHECK_THAT(Include, Catch::Contains("#error"));

  // Every stand-in is listed in the header and its macro is tested there;
  // <hipblas.h> (no directory) is a stand-in for the same library.
  bool SawFlatHipblas = false;
  for (const NvidiaShim &S : nvidiaMappingShims()) {
    INFO(S.HipHeader);
    CHECK_THAT(H, Catch::Contains("// hipwright-nvidia-shim: " + S.HipHeader +
                                  " " + S.Macro + "\n"));
    CHECK_THAT(H, Catch::Contains("defined(" + S.Macro + ")"));
    if (S.HipHeader == "hipblas.h") {
      SawFlatHipblas = true;
      CHECK(S.Macro == "HIPWRIGHT_NV_WANT_HIPBLAS_HIPBLAS_H");
    }
  }
  CHECK(SawFlatHipblas);
}

TEST_CASE("nvidia mapping: a HIP program compiles for sm_90 with nvcc",
          "[nvidia-mapping][nvcc]") {
  std::optional<std::string> Nvcc = findNvcc();
  if (!Nvcc) {
    HIPWRIGHT_TOOL_MISSING("nvcc not found (CUDA toolkit at /usr/local/cuda)");
  }
  SmallString<128> Dir;
  REQUIRE_FALSE(sys::fs::createUniqueDirectory("nvmap-test", Dir));
  std::string Hdr = (Dir + "/hipwright_nvidia.h").str();
  writeFile(Hdr, header());
  // The stand-ins the compile check builds with (from the header's
  // "hipwright-nvidia-shim" lines, which must list every shim).
  Expected<std::string> StandIns = verify::nvidiaStandIns(Hdr, Dir);
  REQUIRE(static_cast<bool>(StandIns));
  for (const NvidiaShim &S : nvidiaMappingShims())
    CHECK(sys::fs::exists(*StandIns + "/" + S.HipHeader));
  // The hand-written part: launch macro, maskless and 64-bit-mask warp
  // intrinsics, __lane_id, platform macros, driver-API device pointers.
  writeFile(Dir + "/prog.cu", R"(
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>
#include <cstdint>
#if !defined(__HIP_PLATFORM_NVIDIA__) || !defined(__HIPCC__)
#error platform macros missing
#endif
__global__ void k(int *out, unsigned long long *masks) {
  int v = threadIdx.x;
  v += __shfl_down(v, 1);
  v += __shfl_xor(v, 2, 16);
  v += __shfl_sync(0xffffffffffffffffull, v, 0);
  uint64_t b = __ballot_sync(~0ull, v > 3);
  static_assert(sizeof(__ballot(1)) == 8, "HIP's __ballot is 64-bit");
  masks[threadIdx.x] = b | __ballot(v & 1);
  out[threadIdx.x] = v + __any(v) + __all(v) + (int)__lane_id();
}
int main() {
  int *d = nullptr;
  unsigned long long *m = nullptr;
  if (hipMalloc(&d, 64 * sizeof(int)) != hipSuccess) return 1;
  hipMalloc(&m, 64 * sizeof(*m));
  hipLaunchKernelGGL(k, dim3(1), dim3(64), 0, 0, d, m);
  hipDeviceptr_t p;
  hipMalloc(&p, 16);
  hipFree(p);
  hipError_t e = hipDeviceSynchronize();
  hipFree(d);
  return e == hipSuccess ? 0 : 1;
}
)");
  std::string Src = (Dir + "/prog.cu").str(), Obj = (Dir + "/prog.o").str(),
              Log = (Dir + "/nvcc.log").str(), Inc = *StandIns;
  std::vector<StringRef> Args = {*Nvcc,         "-x", "cu", "-std=c++17",
                                 "-arch=sm_90", "-c", Src,  "-o",
                                 Obj,           "-I", Inc};
  std::optional<StringRef> Redirects[] = {std::nullopt, StringRef(Log),
                                          StringRef(Log)};
  int Rc = sys::ExecuteAndWait(*Nvcc, Args, std::nullopt, Redirects, 300);
  std::ifstream In(Log);
  std::stringstream Out;
  Out << In.rdbuf();
  INFO("nvcc output:\n" << Out.str());
  CHECK(Rc == 0);
  sys::fs::remove_directories(Dir);
}
