#include "port/TokenPass.h"
#include "edit/EditSet.h"

#include <catch2/catch.hpp>

using namespace hipwright;

namespace {

const RuleTable &testRules() {
  static RuleTable T = [] {
    RuleTable R;
    llvm::cantFail(R.addTable("t.tsv",
                              "cudaMalloc\thipMalloc\tfunction\tsupported\n"
                              "cudaStream_t\thipStream_t\ttype\tsupported\n"
                              "cudaGraphFoo\t-\tfunction\tunsupported\n"
                              "CUFOO_LICENSE\t-\tenum\tunsupported\n"
                              "CUFOO_OK\tHIPFOO_OK\tenum\tsupported\n"
                              "__syncthreads\t__syncthreads\tfunction\t"
                              "supported\n"
                              "cub\thipcub\tnamespace\tsupported\n"
                              "__CUDACC__\t__HIPCC__\tmacro\tsupported\n"
                              "cuda_runtime.h\thip/hip_runtime.h\theader\t"
                              "supported\n"));
    return R;
  }();
  return T;
}

struct Run {
  std::string Output;
  TuResult Result;
};

Run translate(llvm::StringRef Src, const llvm::StringSet<> *UserNames = nullptr,
              bool ImplicitInclude = false) {
  clang::LangOptions LO;
  LO.CPlusPlus = LO.CPlusPlus11 = LO.CPlusPlus17 = LO.CUDA = true;
  TokenPassInput In;
  In.File = "t.cu";
  In.Buffer = Src;
  In.LangOpts = &LO;
  In.Rules = &testRules();
  In.UserNames = UserNames;
  In.NeedsImplicitRuntimeInclude = ImplicitInclude;
  Run R;
  runTokenPass(In, R.Result);
  EditSet S;
  S.addAll(R.Result.Edits);
  R.Output = applyEdits(Src, S.editsFor("t.cu"));
  return R;
}

} // namespace

TEST_CASE("token pass renames code but not comments or strings", "[token]") {
  auto R = translate("cudaMalloc(&p, 4); // cudaMalloc\n"
                     "const char *s = \"cudaMalloc\"; /* cudaStream_t */\n");
  CHECK(R.Output == "hipMalloc(&p, 4); // cudaMalloc\n"
                    "const char *s = \"cudaMalloc\"; /* cudaStream_t */\n");
}

TEST_CASE("token pass translates skipped branches and #define bodies",
          "[token]") {
  auto R = translate("#if 0\ncudaStream_t s;\n#endif\n"
                     "#define ALLOC(p) cudaMalloc(&p, 4)\n"
                     "#ifdef __CUDACC__\n#endif\n");
  CHECK(R.Output == "#if 0\nhipStream_t s;\n#endif\n"
                    "#define ALLOC(p) hipMalloc(&p, 4)\n"
                    "#ifdef __HIPCC__\n#endif\n");
}

TEST_CASE("token pass leaves members, foreign qualifiers and user names",
          "[token]") {
  llvm::StringSet<> User;
  User.insert("cudaStream_t");
  auto R = translate("s.cudaMalloc(); p->cudaMalloc(); mine::cudaMalloc();\n"
                     "::cudaMalloc(); cub::cudaMalloc(); cudaStream_t t;\n",
                     &User);
  CHECK(R.Output == "s.cudaMalloc(); p->cudaMalloc(); mine::cudaMalloc();\n"
                    "::hipMalloc(); hipcub::hipMalloc(); cudaStream_t t;\n");
}

TEST_CASE("token pass maps includes and adds the implicit runtime include",
          "[token]") {
  auto R = translate("// header comment\n#include <cuda_runtime.h>\nint x;\n",
                     nullptr, /*ImplicitInclude=*/true);
  CHECK(R.Output ==
        "// header comment\n#include <hip/hip_runtime.h>\nint x;\n");
  auto R2 = translate("// c\n#include <cstdio>\nint x;\n", nullptr, true);
  CHECK(R2.Output ==
        "// c\n#include <hip/hip_runtime.h>\n#include <cstdio>\nint x;\n");
}

TEST_CASE("the implicit include and the prologue go inside the guard",
          "[token]") {
  // Above `#pragma once` the include would sit outside what the pragma
  // covers (issue 9: it was inserted there).
  auto R = translate("// c\n#pragma once // keep\nint x;\n", nullptr, true);
  CHECK(R.Output ==
        "// c\n#pragma once // keep\n#include <hip/hip_runtime.h>\nint x;\n");
  auto G = translate("/* c */\n#ifndef A_H\n#define A_H\n#if CUDART_VERSION\n"
                     "#endif\n#endif\n");
  CHECK(G.Output.rfind("/* c */\n#ifndef A_H\n#define A_H\n#ifndef "
                       "HIPWRIGHT_CUDART_VERSION\n",
                       0) == 0);
  auto D = translate("#if !defined(A_H)\n#define A_H\nint x;\n#endif\n",
                     nullptr, true);
  CHECK(D.Output == "#if !defined(A_H)\n#define A_H\n#include "
                    "<hip/hip_runtime.h>\nint x;\n#endif\n");
  // `#pragma once` as the whole file: the include follows on a new line.
  auto E = translate("#pragma once", nullptr, true);
  CHECK(E.Output == "#pragma once\n#include <hip/hip_runtime.h>\n");
  // A guard-like #ifndef that is not followed by its #define is code.
  auto N = translate("#ifndef X\nint x;\n#endif\n", nullptr, true);
  CHECK(N.Output ==
        "#include <hip/hip_runtime.h>\n#ifndef X\nint x;\n#endif\n");
}

TEST_CASE("__CUDA_ARCH__ tests keep their meaning", "[token]") {
  auto R = translate("#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 600\n"
                     "#endif\n#ifndef __CUDA_ARCH__\n#endif\n");
  CHECK(R.Output.find("#if defined(__HIP_DEVICE_COMPILE__) && "
                      "HIPWRIGHT_CUDA_ARCH < 600\n") != std::string::npos);
  CHECK(R.Output.find("#ifndef __HIP_DEVICE_COMPILE__\n") != std::string::npos);
  // The prologue defines the renamed macro, once, at the top.
  CHECK(R.Output.rfind("#if defined(__HIP_DEVICE_COMPILE__) && "
                       "!defined(HIPWRIGHT_CUDA_ARCH)\n#define "
                       "HIPWRIGHT_CUDA_ARCH 800",
                       0) == 0);
  REQUIRE(R.Result.Findings.size() == 1);
  CHECK(R.Result.Findings[0].RuleId == "unsupported-api.cuda-arch-check");
}

TEST_CASE("unsupported APIs stay and are reported with their place",
          "[token]") {
  auto R = translate("int a;\n  cudaGraphFoo(g);\n");
  CHECK(R.Output == "int a;\n  cudaGraphFoo(g);\n");
  REQUIRE(R.Result.Findings.size() == 1);
  const Finding &F = R.Result.Findings[0];
  CHECK(F.RuleId == "unsupported-api");
  CHECK(F.Line == 2);
  CHECK(F.Column == 3);
  REQUIRE(R.Result.References.size() == 1);
  CHECK(!R.Result.References[0].Converted);
}

TEST_CASE("a case label naming an enumerator HIP lacks becomes a comment",
          "[token]") {
  auto R = translate("switch (s) {\n"
                     "case CUFOO_OK:\n  return \"ok\";\n"
                     "case  CUFOO_LICENSE :\n  return \"licence\";\n"
                     "}\n");
  CHECK(R.Output == "switch (s) {\n"
                    "case HIPFOO_OK:\n  return \"ok\";\n"
                    "/* case  CUFOO_LICENSE : (no HIP twin) */\n"
                    "  return \"licence\";\n"
                    "}\n");
  REQUIRE(R.Result.Findings.size() == 1);
  CHECK(R.Result.Findings[0].RuleId == "unsupported-api.case-label");
  CHECK(R.Result.Findings[0].Level == Severity::Note);
  CHECK(R.Result.Findings[0].Line == 4);
  REQUIRE(R.Result.References.size() == 2);
  CHECK(R.Result.References[1].Converted);
}

TEST_CASE("other uses of such an enumerator stay and are reported", "[token]") {
  // Not a case label, a label with a comment inside, and a function name
  // that only looks like one: all left in place as warnings.
  auto R = translate("int v = CUFOO_LICENSE;\n"
                     "switch (s) { case CUFOO_LICENSE /* x */: break; }\n"
                     "switch (s) { case cudaGraphFoo: break; }\n");
  CHECK(R.Output == "int v = CUFOO_LICENSE;\n"
                    "switch (s) { case CUFOO_LICENSE /* x */: break; }\n"
                    "switch (s) { case cudaGraphFoo: break; }\n");
  REQUIRE(R.Result.Findings.size() == 3);
  for (const Finding &F : R.Result.Findings)
    CHECK(F.RuleId == "unsupported-api");
}

TEST_CASE("a struct tag losing its keyword brings HIP's declaration along",
          "[token]") {
  // `struct cudaStream_t *s;` declared the tag itself; the bare HIP name
  // needs the runtime, which the file did not include.
  auto R = translate("#pragma once\nstruct cudaStream_t *s;\n");
  CHECK(R.Output ==
        "#pragma once\n#include <hip/hip_runtime.h>\nhipStream_t *s;\n");
  // Included before the use: nothing to add.
  R = translate("#include <cuda_runtime.h>\nstruct cudaStream_t *s;\n");
  CHECK(R.Output == "#include <hip/hip_runtime.h>\nhipStream_t *s;\n");
}

TEST_CASE("the register storage class goes", "[token]") {
  // clang rejects it in C++17; in a macro body too. A string or a comment
  // naming it stays.
  auto R = translate("__global__ void k(int *p) {\n"
                     "  register int i = threadIdx.x; // register hint\n"
                     "  const char *s = \"register\";\n"
                     "}\n"
                     "#define FAST register unsigned\n"
                     "#ifdef register\n#endif\n");
  CHECK(R.Output == "__global__ void k(int *p) {\n"
                    "  int i = threadIdx.x; // register hint\n"
                    "  const char *s = \"register\";\n"
                    "}\n"
                    "#define FAST unsigned\n"
                    "#ifdef register\n#endif\n");
  CHECK(R.Result.Findings.empty());
}

TEST_CASE("a CUDA file's assert gets <cassert>", "[token]") {
  // ROCm's runtime header declares assert for the host pass only.
  auto R = translate("#include <cuda_runtime.h>\n"
                     "__global__ void k(int n) { assert(n > 0); }\n");
  CHECK(R.Output == "#include <cassert>\n#include <hip/hip_runtime.h>\n"
                    "__global__ void k(int n) { assert(n > 0); }\n");
  // Included already, or the file's own assert: nothing added.
  for (const char *Src :
       {"#include <cuda_runtime.h>\n#include <assert.h>\nvoid f() { "
        "assert(1); }\n",
        "#include <cuda_runtime.h>\n#define assert(x) (void)(x)\nvoid f() { "
        "assert(1); }\n"}) {
    R = translate(Src);
    CHECK(R.Output.find("<cassert>") == std::string::npos);
  }
}

namespace {
const RuleTable &versionedRules() {
  static RuleTable T = [] {
    RuleTable R;
    llvm::cantFail(R.addTable(
        "v.tsv", "cudaMalloc\thipMalloc\tfunction\tsupported\t\t1.6\n"
                 "cudaStreamLegacy\thipStreamLegacy\tmacro\tsupported\t\t6.2"
                 "\n"
                 "cudaUnknown\thipUnknown\tfunction\tsupported\n"
                 "math_constants.h\thip/hip_math_constants.h\theader\t"
                 "supported\t\t5.3\n"));
    return R;
  }();
  return T;
}

TuResult translateFor(llvm::StringRef Src, std::optional<RocmVersion> Target,
                      std::string &Output) {
  clang::LangOptions LO;
  LO.CPlusPlus = LO.CPlusPlus11 = LO.CPlusPlus17 = LO.CUDA = true;
  TokenPassInput In;
  In.File = "t.cu";
  In.Buffer = Src;
  In.LangOpts = &LO;
  In.Rules = &versionedRules();
  In.TargetRocm = Target;
  TuResult Out;
  runTokenPass(In, Out);
  EditSet S;
  S.addAll(Out.Edits);
  Output = applyEdits(Src, S.editsFor("t.cu"));
  return Out;
}
} // namespace

TEST_CASE("a target ROCm version (--rocm-version) holds back HIP names "
          "newer than the target",
          "[token][rocm]") {
  const char *Src = "#include <math_constants.h>\n"
                    "cudaMalloc(&p, 4);\n"
                    "cudaStreamSynchronize(cudaStreamLegacy);\n"
                    "cudaUnknown();\n";
  std::string Out;
  SECTION("new enough: everything is renamed, nothing reported") {
    TuResult R = translateFor(Src, RocmVersion{6, 2}, Out);
    CHECK(Out == "#include <hip/hip_math_constants.h>\n"
                 "hipMalloc(&p, 4);\n"
                 "cudaStreamSynchronize(hipStreamLegacy);\n"
                 "hipUnknown();\n");
    CHECK(R.Findings.empty());
  }
  SECTION("older: the newer names stay and say which ROCm they need") {
    TuResult R = translateFor(Src, RocmVersion{5, 2}, Out);
    CHECK(Out == "#include <math_constants.h>\n"
                 "hipMalloc(&p, 4);\n"
                 "cudaStreamSynchronize(cudaStreamLegacy);\n"
                 "hipUnknown();\n");
    REQUIRE(R.Findings.size() == 2);
    const Finding &H = R.Findings[0];
    CHECK(H.RuleId == "unsupported-api.rocm-version");
    CHECK(H.Line == 1);
    CHECK(H.Message == "<math_constants.h> maps to hip/hip_math_constants.h, "
                       "which needs ROCm 5.3 (target: ROCm 5.2); left in "
                       "place");
    const Finding &F = R.Findings[1];
    CHECK(F.RuleId == "unsupported-api.rocm-version");
    CHECK(F.Line == 3);
    CHECK(F.Column == 23);
    CHECK_THAT(F.Message, Catch::Contains("needs ROCm 6.2"));
    CHECK_THAT(F.Suggestion, Catch::Contains("--rocm-version 6.2"));
    // Reported as an API use that was not converted.
    unsigned NotConverted = 0;
    for (const ApiReference &Ref : R.References)
      NotConverted += !Ref.Converted;
    CHECK(NotConverted == 2);
  }
  SECTION("no target: no limit") {
    TuResult R = translateFor(Src, std::nullopt, Out);
    CHECK(Out.find("hipStreamLegacy") != std::string::npos);
    CHECK(R.Findings.empty());
  }
}

TEST_CASE("files without code get no implicit include", "[token]") {
  // Empty, blank and comment-only files (they once hung the port).
  for (const char *Src : {"", "\n", "\n\n\n", "\n// just a comment\n",
                          "\r\n/* block */\r\n", "\xEF\xBB\xBF"}) {
    auto R = translate(Src, nullptr, /*ImplicitInclude=*/true);
    CHECK(R.Result.Edits.empty());
    CHECK(R.Output == Src);
  }
}

TEST_CASE("the implicit include goes after a byte order mark", "[token]") {
  auto R = translate("\xEF\xBB\xBF"
                     "cudaMalloc(&p, 4);\n",
                     nullptr, /*ImplicitInclude=*/true);
  CHECK(R.Output == "\xEF\xBB\xBF"
                    "#include <hip/hip_runtime.h>\nhipMalloc(&p, 4);\n");
  // With a leading comment the include still goes before the first code.
  R = translate("\xEF\xBB\xBF// c\ncudaMalloc(&p, 4);\n", nullptr, true);
  CHECK(R.Output == "\xEF\xBB\xBF// c\n#include <hip/hip_runtime.h>\n"
                    "hipMalloc(&p, 4);\n");
}

TEST_CASE("inserted lines follow a CRLF file's line ending", "[token]") {
  auto R = translate("// c\r\n#if CUDART_VERSION >= 11000\r\n"
                     "cudaMalloc(&p, 4);\r\n#endif\r\n",
                     nullptr, /*ImplicitInclude=*/true);
  CHECK(R.Output.find("#include <hip/hip_runtime.h>\r\n") != std::string::npos);
  CHECK(R.Output.find("HIPWRIGHT_CUDART_VERSION >= 11000\r\n") !=
        std::string::npos);
  size_t Bare = 0;
  for (size_t I = 0; I < R.Output.size(); ++I)
    Bare += R.Output[I] == '\n' && (I == 0 || R.Output[I - 1] != '\r');
  CHECK(Bare == 0);
}

TEST_CASE("references on a long single line have the right column", "[token]") {
  // Line and column come from an index of line starts (a scan per
  // reference made a 2 MB one-line file take minutes).
  std::string Src = "int a;\n";
  std::vector<size_t> Offsets;
  for (int I = 0; I < 2000; ++I) {
    Offsets.push_back(Src.size());
    Src += "cudaMalloc(&p, 4); ";
  }
  Src += "\ncudaMalloc(&q, 4);\n";
  auto R = translate(Src);
  REQUIRE(R.Result.References.size() == 2001);
  for (size_t I = 0; I < 2000; ++I) {
    CHECK(R.Result.References[I].Line == 2);
    CHECK(R.Result.References[I].Column == Offsets[I] - 7 + 1);
  }
  CHECK(R.Result.References[2000].Line == 3);
  CHECK(R.Result.References[2000].Column == 1);
}

TEST_CASE("a file that starts with a CUDA name gets include and rename",
          "[token]") {
  auto R = translate("cudaStream_t s;\n", nullptr, /*ImplicitInclude=*/true);
  CHECK(R.Output == "#include <hip/hip_runtime.h>\nhipStream_t s;\n");
}
