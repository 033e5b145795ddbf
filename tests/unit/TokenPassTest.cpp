#include "port/EditSet.h"
#include "port/TokenPass.h"

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
  CHECK(R.Output.find("#ifndef __HIP_DEVICE_COMPILE__\n") !=
        std::string::npos);
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
