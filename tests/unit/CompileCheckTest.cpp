//===- CompileCheckTest.cpp - the compile check's typed results
//------------===//
#include "RequireTool.h"
#include "TempDir.h"

#include "verify/BuildCells.h"
#include "verify/CompileCheck.h"
#include "verify/CompileCheckReport.h"
#include "verify/CompileToolchain.h"
#include "verify/CompilerLog.h"
#include "verify/MissingLibraries.h"
#include "verify/Toolchain.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <catch2/catch.hpp>

using namespace hipwright::verify;
using hipwright::testing::TempDir;

namespace {

/// The tools a user's hipwright would use, with this source tree's
/// shipped headers (the unit tests do not run from the install layout).
CompileToolchain realTools() {
  CompileToolchain T = compileToolchainFrom(findToolchain(std::nullopt));
  T.ShippedInclude = std::string(HIPWRIGHT_SOURCE_DIR) + "/include";
  return T;
}

CompileCheckRequest requestFor(const TempDir &D,
                               std::vector<std::string> Files) {
  CompileCheckRequest R;
  R.Files = std::move(Files);
  R.Targets = {"gfx942"};
  R.WorkDir = D.path("work");
  return R;
}

} // namespace

TEST_CASE("compile check: first errors in clang's and nvcc's forms",
          "[compile-check]") {
  auto E = parseFirstError("In file included from a.hip:1:\n"
                           "/w/b.h:7:3: warning: unused\n"
                           "/w/a b.hip:12:5: error: use of undeclared "
                           "identifier 'x'\n"
                           "/w/a.hip:20:1: error: second\n");
  REQUIRE(E);
  CHECK(E->File == "/w/a b.hip");
  CHECK(E->Line == 12);
  CHECK(E->Column == 5);
  CHECK(E->Message == "use of undeclared identifier 'x'");

  auto F = parseFirstError("/w/x.hip:3:10: fatal error: 'nope.h' file not "
                           "found\n");
  REQUIRE(F);
  CHECK(F->Line == 3);
  CHECK(F->Message == "'nope.h' file not found");

  auto N = parseFirstError("/w/k.cu(41): error: identifier \"hipFoo\" is "
                           "undefined\n");
  REQUIRE(N);
  CHECK(N->File == "/w/k.cu");
  CHECK(N->Line == 41);
  CHECK(N->Column == 0);
  CHECK(N->Message == "identifier \"hipFoo\" is undefined");

  CHECK_FALSE(parseFirstError("ld: cannot find -lfoo\nclang: error: linker "
                              "command failed\n"));
}

TEST_CASE("compile check: the lines a failure shows first", "[compile-check]") {
  std::string Log;
  for (int I = 0; I < 9; ++I)
    Log += "a.hip:" + std::to_string(I + 1) + ":1: error: e" +
           std::to_string(I) + "\nnote: context\n";
  std::vector<std::string> L = firstErrorLines(Log);
  REQUIRE(L.size() == 6);
  CHECK(L.front() == "a.hip:1:1: error: e0");
  // No error line: the end of the log is what there is.
  L = firstErrorLines("one\ntwo\n\nthree\nfour\nfive\nsix\n");
  CHECK(L == std::vector<std::string>{"two", "three", "four", "five", "six"});
  CHECK(countWarningLines("x: warning: a\ny\nz: warning: b\n") == 2);
}

TEST_CASE("compile check: HIP libraries the ROCm in use lacks are named",
          "[compile-check]") {
  TempDir D;
  std::vector<std::string> None = {D.str()};
  auto R = missingLibraryReason("#include <hip/hip_runtime.h>\n"
                                "  #  include \"miopen/miopen.h\"\n",
                                None, "/opt/rocm");
  REQUIRE(R);
  CHECK(*R == "needs MIOpen, which the ROCm at /opt/rocm lacks (#include "
              "<miopen/miopen.h> not found)");
  // Present in a search directory: nothing is missing.
  D.write("miopen/miopen.h", "");
  CHECK_FALSE(missingLibraryReason("#include <miopen/miopen.h>\n", None, "/r"));
  CHECK_FALSE(
      missingLibraryReason("// #include <hipcub/hipcub.hpp>\n", None, "/r"));
  // rocWMMA's Debian package has rocwmma.hpp but not the internal/
  // headers it includes: named as such, not as absent.
  D.write("rocwmma/rocwmma.hpp", "");
  auto W = missingLibraryReason("#include <rocwmma/rocwmma.hpp>\n", None, "/r");
  REQUIRE(W);
  CHECK(W->find("needs rocWMMA, whose Debian package") == 0);
  CHECK(W->find("<rocwmma/internal/accessors.hpp> not found") !=
        std::string::npos);
  D.write("rocwmma/internal/accessors.hpp", "");
  CHECK_FALSE(
      missingLibraryReason("#include <rocwmma/rocwmma.hpp>\n", None, "/r"));
}

TEST_CASE("compile check: a missing tool is a skip, or an error when "
          "required",
          "[compile-check]") {
  TempDir D;
  std::string File = D.write("k.hip", "__global__ void k() {}\n");
  CompileToolchain T = realTools();
  T.Clang = D.path("no-such-clang++");
  CompileCheckRequest Req = requestFor(D, {File});
  Req.Targets = {"gfx942", "gfx950"};

  auto Skipped = runCompileCheck(Req, T);
  REQUIRE(static_cast<bool>(Skipped));
  REQUIRE(Skipped->ToolchainProblem);
  CHECK(Skipped->ToolchainProblem->find("no clang++") != std::string::npos);
  REQUIRE(Skipped->Results.size() == 2);
  for (const CompileResult &R : Skipped->Results) {
    CHECK(R.Status == CompileStatus::Skipped);
    CHECK(R.Detail == *Skipped->ToolchainProblem);
    CHECK(R.LogPath.empty());
  }
  CHECK(Skipped->Results[1].Target == "gfx950");
  CHECK(compileCheckExitCode(*Skipped) == 77);

  Req.RequireToolchain = true;
  auto Required = runCompileCheck(Req, T);
  REQUIRE(static_cast<bool>(Required));
  REQUIRE(Required->Results.size() == 2);
  CHECK(Required->Results[0].Status == CompileStatus::ToolchainMissing);
  CHECK(Required->Results[0].failed());
  CHECK(compileCheckExitCode(*Required) == 1);
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  printCompileReport(*Required, OS);
  CHECK(Text.rfind("FAIL gfx942 " + File +
                       ": toolchain incomplete: no "
                       "clang++",
                   0) == 0);

  // Nothing was built, so nothing was written.
  CHECK_FALSE(llvm::sys::fs::exists(D.path("work")));
}

TEST_CASE("compile check: nvcc missing for an sm_ target", "[compile-check]") {
  TempDir D;
  std::string File = D.write("k.hip", "__global__ void k() {}\n");
  std::string Header = D.write("map.h", "// hipwright-nvidia-shim: a.h A\n");
  CompileToolchain T = realTools();
  T.Nvcc.reset();
  CompileCheckRequest Req = requestFor(D, {File});
  Req.Targets = {"sm_90"};
  Req.NvidiaMappingHeader = Header;
  auto O = runCompileCheck(Req, T);
  REQUIRE(static_cast<bool>(O));
  REQUIRE(O->Results.size() == 1);
  CHECK(O->Results[0].Status == CompileStatus::Skipped);
  CHECK(O->Results[0].Detail == "not run: nvcc not found");
  CHECK(compileCheckExitCode(*O) == 0);
  Req.RequireToolchain = true;
  O = runCompileCheck(Req, T);
  REQUIRE(static_cast<bool>(O));
  CHECK(O->Results[0].Status == CompileStatus::ToolchainMissing);
  CHECK(compileCheckExitCode(*O) == 1);
}

TEST_CASE("compile check: a bad request is an error naming the file",
          "[compile-check]") {
  TempDir D;
  CompileCheckRequest Req = requestFor(D, {D.path("absent.hip")});
  auto O = runCompileCheck(Req, realTools());
  REQUIRE_FALSE(static_cast<bool>(O));
  CHECK(llvm::toString(O.takeError()) ==
        "no such file: " + D.path("absent.hip"));
}

TEST_CASE("compile check: results become verify's build cells",
          "[compile-check]") {
  CompileCheckOutcome O;
  CompileResult Pass{"/w/a.cu", "gfx942", CompileStatus::Compiled,
                     "bundle hipv4-amdgcn-amd-amdhsa--gfx942, code object v6"};
  CompileResult Fail{"/w/a.cu", "gfx950", CompileStatus::Failed,
                     "clang++ exited non-zero"};
  Fail.ErrorLines = {"/w/a.cu:3:1: error: unknown type name 'wmma'",
                     "  /w/a.cu:4:1: error: second  "};
  CompileResult Skip{"/w/b.cu", "sm_90", CompileStatus::Skipped,
                     "not run: no mapping header (--nvidia-mapping-header "
                     "FILE)"};
  O.Results = {Pass, Fail, Skip};
  BuildCells C = buildCellsFrom(O);
  CHECK(C["/w/a.cu"]["gfx942"].Status == CellStatus::Pass);
  CHECK(C["/w/a.cu"]["gfx942"].Detail == Pass.Detail);
  CHECK(C["/w/a.cu"]["gfx950"].Status == CellStatus::Fail);
  CHECK(C["/w/a.cu"]["gfx950"].Detail ==
        "clang++ exited non-zero | /w/a.cu:3:1: error: unknown type name "
        "'wmma' | /w/a.cu:4:1: error: second");
  CHECK(C["/w/b.cu"]["sm_90"].Status == CellStatus::NotRun);
  CHECK(C["/w/b.cu"]["sm_90"].Detail ==
        "no mapping header (--nvidia-mapping-header FILE)");

  std::string Text;
  llvm::raw_string_ostream OS(Text);
  printCompileReport(O, OS);
  CHECK(Text == "PASS gfx942 /w/a.cu: " + Pass.Detail + "\n" +
                    "FAIL gfx950 /w/a.cu: clang++ exited non-zero\n"
                    "    /w/a.cu:3:1: error: unknown type name 'wmma'\n"
                    "      /w/a.cu:4:1: error: second  \n" +
                    "SKIP sm_90 /w/b.cu: " + Skip.Detail + "\n");
  CHECK(compileCheckExitCode(O) == 1);
}

TEST_CASE("compile check: a file that compiles and one whose first error "
          "is reported with its line",
          "[compile-check][toolchain]") {
  CompileToolchain T = realTools();
  if (!T.Clang || !T.OffloadBundler)
    HIPWRIGHT_TOOL_MISSING("clang++ 22 or clang-offload-bundler not found");
  TempDir D;
  std::string Good = D.write("good.hip", "#include <hip/hip_runtime.h>\n"
                                         "__global__ void k(int *p) {\n"
                                         "  p[threadIdx.x] = warpSize;\n"
                                         "}\n");
  std::string Bad = D.write("bad.hip", "#include <hip/hip_runtime.h>\n"
                                       "__global__ void k(int *p) {\n"
                                       "  p[0] = undeclared_name;\n"
                                       "}\n");
  CompileCheckRequest Req = requestFor(D, {Good, Bad});
  Req.Jobs = 2;
  Req.RequireToolchain = hipwright::test::toolchainRequired();
  auto O = runCompileCheck(Req, T);
  REQUIRE(static_cast<bool>(O));
  if (O->ToolchainProblem)
    HIPWRIGHT_TOOL_MISSING(*O->ToolchainProblem);
  REQUIRE(O->Results.size() == 2);

  const CompileResult &G = O->Results[0];
  CHECK(G.File == Good);
  CHECK(G.Target == "gfx942");
  INFO(G.Detail);
  REQUIRE(G.Status == CompileStatus::Compiled);
  CHECK(G.Detail.find("bundle hipv4-amdgcn-amd-amdhsa--gfx942") !=
        std::string::npos);
  CHECK(G.Detail.find("code object v6") != std::string::npos);
  CHECK_FALSE(G.FirstError);
  CHECK(llvm::sys::fs::exists(G.LogPath));

  const CompileResult &B = O->Results[1];
  CHECK(B.File == Bad);
  REQUIRE(B.Status == CompileStatus::Failed);
  CHECK(B.Detail == "clang++ exited non-zero");
  REQUIRE(B.FirstError);
  CHECK(B.FirstError->File == Bad);
  CHECK(B.FirstError->Line == 3);
  CHECK(B.FirstError->Message.find("undeclared_name") != std::string::npos);
  REQUIRE(!B.ErrorLines.empty());
  CHECK(B.ErrorLines[0].find("undeclared_name") != std::string::npos);
  auto Log = hipwright::testing::readFile(B.LogPath);
  REQUIRE(Log);
  CHECK(Log->find("error:") != std::string::npos);
  CHECK(compileCheckExitCode(*O) == 1);
}
