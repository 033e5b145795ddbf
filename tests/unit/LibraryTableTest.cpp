// rules/report/libraries.tsv: the facts of the dependency inventory.
#include "report/LibraryTable.h"
#include "report/BuildFileLinks.h"
#include "rules/EmbeddedRules.h"
#include "rules/RuleTable.h"

#include <catch2/catch.hpp>

#include <set>

using namespace hipwright;

namespace {

std::string rocmOf(llvm::StringRef Library) {
  for (const LibraryRow &R : LibraryTable::builtin().rows())
    if (R.Name == Library)
      return R.Rocm;
  FAIL("no row for " << Library.str());
  return "";
}

std::string nameOr(const LibraryRow *R) { return R ? R->Name : "(none)"; }

const LibraryRow &rowOf(llvm::StringRef Library) {
  for (const LibraryRow &R : LibraryTable::builtin().rows())
    if (R.Name == Library)
      return R;
  FAIL("no row for " << Library.str());
  std::abort();
}

} // namespace

TEST_CASE("the library table holds a source and a role for every fact",
          "[report][libraries]") {
  const LibraryTable &T = LibraryTable::builtin();
  REQUIRE(T.rows().size() >= 20);
  std::set<std::string> RuleFiles;
  for (unsigned I = 0; I < kEmbeddedRuleFilesCount; ++I)
    RuleFiles.insert(kEmbeddedRuleFiles[I].Name);
  for (const LibraryRow &R : T.rows()) {
    INFO("libraries.tsv:" << R.Line << " " << R.Name);
    CHECK(!R.Source.empty());
    if (R.Role == LibraryRole::Replace)
      CHECK(!R.Rocm.empty());
    // A source that cites hipwright's own API table must name one that
    // exists.
    llvm::StringRef S = R.Source;
    while (true) {
      size_t P = S.find("rules/");
      if (P == llvm::StringRef::npos)
        break;
      S = S.substr(P + 6);
      llvm::StringRef File =
          S.take_until([](char C) { return C == ';' || C == ' ' || C == ','; });
      if (!File.contains('/'))
        CHECK(RuleFiles.count(File.str()));
    }
  }
}

TEST_CASE("the library table maps CUDA libraries to their ROCm twins",
          "[report][libraries]") {
  CHECK(rocmOf("CUTLASS").find("hipBLASLt") != std::string::npos);
  CHECK(rocmOf("CUTLASS").find("Composable Kernel") != std::string::npos);
  CHECK(rocmOf("cuBLASLt") == "hipBLASLt");
  CHECK(rocmOf("cuBLAS").find("rocBLAS") != std::string::npos);
  CHECK(rocmOf("CUB").find("hipCUB") == 0);
  CHECK(rocmOf("Thrust") == "rocThrust");
  CHECK(rocmOf("cuDNN") == "MIOpen");
  CHECK(rocmOf("cuFFT").find("hipFFT") == 0);
  CHECK(rocmOf("cuRAND").find("hipRAND") == 0);
  CHECK(rocmOf("cuSPARSE").find("hipSPARSE") == 0);
  CHECK(rocmOf("cuSOLVER").find("hipSOLVER") == 0);
  CHECK(rocmOf("NCCL") == "RCCL");
  CHECK(rocmOf("EGL interop").empty());
  for (const LibraryRow &R : LibraryTable::builtin().rows())
    if (R.Name == "NVTX" || R.Name == "NVML")
      CHECK(R.Role == LibraryRole::Tooling);
}

TEST_CASE("library uses are found by include, namespace, API and link name",
          "[report][libraries]") {
  const LibraryTable &T = LibraryTable::builtin();
  CHECK(nameOr(T.byHeader("cutlass/gemm/device/gemm.h")) == "CUTLASS");
  CHECK(nameOr(T.byHeader("cute/tensor.hpp")) == "CuTe");
  CHECK(nameOr(T.byHeader("cub/cub.cuh")) == "CUB");
  CHECK(nameOr(T.byHeader("thrust/sort.h")) == "Thrust");
  CHECK(nameOr(T.byHeader("cuda/std/atomic")) == "libcu++");
  CHECK(nameOr(T.byHeader("cudnn_ops.h")) == "cuDNN");
  CHECK(nameOr(T.byHeader("cusolverDn.h")) == "cuSOLVER");
  CHECK(nameOr(T.byHeader("nvtx3/nvToolsExt.h")) == "NVTX");
  CHECK(nameOr(T.byHeader("cuda_runtime.h")) == "(none)");
  CHECK(nameOr(T.byHeader("cuda.h")) == "(none)");
  CHECK(nameOr(T.byNamespace("cub")) == "CUB");
  CHECK(nameOr(T.byNamespace("std")) == "(none)");
  // The longest prefix wins; a bare prefix is no API name.
  CHECK(nameOr(T.byIdentifier("cublasLtMatmul")) == "cuBLASLt");
  CHECK(nameOr(T.byIdentifier("cublasSgemm")) == "cuBLAS");
  CHECK(nameOr(T.byIdentifier("curand_init")) == "cuRAND");
  CHECK(nameOr(T.byIdentifier("cublas")) == "(none)");
  CHECK(nameOr(T.byIdentifier("cufftwisted")) == "(none)");
  CHECK(nameOr(T.byIdentifier("nvtxRangePushA")) == "NVTX");
  CHECK(nameOr(T.byLink("CUDA::cublas")) == "cuBLAS");
  CHECK(nameOr(T.byLink("CUDA::cublasLt")) == "cuBLASLt");
  CHECK(nameOr(T.byLink("-lcufft")) == "cuFFT");
  CHECK(nameOr(T.byLink("/usr/local/cuda/lib64/libcurand_static.a")) ==
        "cuRAND");
  CHECK(nameOr(T.byLink("NCCL")) == "NCCL");
  CHECK(nameOr(T.byLink("CUDA::cudart")) == "(none)");
  CHECK(nameOr(T.byLink("nppif")) == "NPP");
}

TEST_CASE("a malformed library table names its line", "[report][libraries]") {
  auto Bad = [](const char *Text) {
    LibraryTable T;
    llvm::Error E = T.addTable("t.tsv", Text);
    bool Failed = static_cast<bool>(E);
    std::string Msg = llvm::toString(std::move(E));
    REQUIRE(Failed);
    return Msg;
  };
  const char *Ok = "# c\nX\tlibrary\tx.h\t-\tx\tx\treplace\tY\tno\tsrc\n";
  LibraryTable T;
  llvm::Error E = T.addTable("t.tsv", Ok);
  CHECK(!static_cast<bool>(E));
  llvm::consumeError(std::move(E));
  CHECK(Bad("X\tlibrary\tx.h\n").find("t.tsv:1: expected 10") == 0);
  CHECK(Bad("#\nX\tlibrary\tx.h\t-\tx\tx\tmaybe\tY\tno\tsrc\n")
            .find("t.tsv:2: unknown role") == 0);
  CHECK(Bad("X\tlibrary\tx.h\t-\tx\tx\treplace\t-\tno\tsrc\n")
            .find("must name its ROCm counterpart") != std::string::npos);
  CHECK(Bad("X\tlibrary\tx.h\t-\tx\tx\treplace\tY\tno\t-\n")
            .find("needs a source") != std::string::npos);
  CHECK(Bad("X\tgadget\tx.h\t-\tx\tx\treplace\tY\tno\tsrc\n")
            .find("unknown kind") != std::string::npos);
  CHECK(Bad((std::string(Ok) + Ok).c_str()).find("listed twice") !=
        std::string::npos);
  CHECK(Bad("X\tlibrary\tx[.h\t-\tx\tx\treplace\tY\tno\tsrc\n")
            .find("not a valid glob") != std::string::npos);
  CHECK(Bad("X\tlibrary\tx.h\t-\tx\tx\treplace\tY\tsome\tsrc\n")
            .find("translated must be yes or no") != std::string::npos);
}

// `translated` is a claim about rules/: a library marked yes must have
// supported rows there (its namespace, a header, or a name with one of its
// API prefixes), and one marked no must have none, so the report's floor
// on hours follows what the translator really does.
TEST_CASE("a library is marked translated exactly when rules/ translate it",
          "[report][libraries]") {
  const RuleTable &Rules = RuleTable::builtin();
  auto Supported = [](const Rule *R) {
    return R && R->Status == RuleStatus::Supported && R->hasHip();
  };
  for (const LibraryRow &L : LibraryTable::builtin().rows()) {
    bool Has = false;
    for (const std::string &Ns : L.Namespaces)
      Has |= Supported(Rules.lookup(Ns));
    for (const std::string &H : L.Headers)
      if (H.find_first_of("*?[") == std::string::npos)
        Has |= Supported(Rules.lookupHeader(H));
    for (const Rule &R : Rules.rules())
      for (const std::string &P : L.Prefixes)
        Has |= R.Kind != RuleKind::Header &&
               llvm::StringRef(R.Cuda).starts_with(P) && Supported(&R);
    INFO("libraries.tsv:" << L.Line << " " << L.Name);
    CHECK(L.Translated == Has);
  }
  CHECK_FALSE(rowOf("CUTLASS").Translated);
  CHECK(rowOf("cuBLAS").Translated);
}

TEST_CASE("build files name the libraries they link", "[report][libraries]") {
  const LibraryTable &T = LibraryTable::builtin();
  auto Names = [](const std::vector<BuildLink> &L) {
    std::string S;
    for (const BuildLink &B : L)
      S += B.Library->Name + "@" + std::to_string(B.Line) + ":" + B.How + "\n";
    return S;
  };
  std::string Error;
  auto CMake =
      buildFileLinks("CMakeLists.txt",
                     "find_package(NCCL REQUIRED)\n"
                     "message(STATUS \"cublas\")\n"
                     "set(EXTRA -lcurand)\n"
                     "target_link_libraries(app PRIVATE CUDA::cublas\n"
                     "  ${CUDA_cufft_LIBRARY} cusparse CUDA::cudart)\n",
                     BuildFileKind::CMake, T, &Error);
  CHECK(Error.empty());
  // A plain word counts only where a command takes library names.
  CHECK(Names(CMake) == "NCCL@1:NCCL\n"
                        "cuRAND@3:-lcurand\n"
                        "cuBLAS@4:CUDA::cublas\n"
                        "cuFFT@5:${CUDA_cufft_LIBRARY}\n"
                        "cuSPARSE@5:cusparse\n");
  auto Make = buildFileLinks(
      "Makefile",
      "LIBS := -lcublas \\\n"
      "  -lcusparse # -lcufft is a comment\n"
      "LDLIBS=-lnvToolsExt\n"
      "app: app.o\n"
      "\t$(NVCC) -o $@ $^ $(CUDA_PATH)/lib64/libcurand_static.a\n",
      BuildFileKind::Make, T);
  CHECK(Names(Make) == "cuBLAS@1:-lcublas\n"
                       "cuSPARSE@2:-lcusparse\n"
                       "NVTX@3:-lnvToolsExt\n");
  // A CMake file CMake would reject yields its error and nothing else.
  auto Bad = buildFileLinks("CMakeLists.txt",
                            "target_link_libraries(app CUDA::cublas\n",
                            BuildFileKind::CMake, T, &Error);
  CHECK(Bad.empty());
  CHECK(Error.find("CMakeLists.txt:") == 0);
}
