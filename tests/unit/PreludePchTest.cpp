// The prelude PCH's key and plan (frontend/PreludePch.h), its stored form
// and when a stored one is stale, without a successful parse; the CLI test
// cli.pch builds real PCHs and checks that results do not change with them.
#include "TempDir.h"

#include "frontend/CompileArgs.h"
#include "frontend/ParsePrelude.h"
#include "frontend/PreludePch.h"
#include "frontend/PreludePchStore.h"
#include "support/FramedRecord.h"

#include "llvm/Support/FileSystem.h"

#include <set>

#include <catch2/catch.hpp>

using namespace hipwright;
using hipwright::testing::TempDir;

namespace {

std::vector<std::string> cudaArgs(const std::vector<std::string> &Extra,
                                  const std::string &File = "/p/a.cu") {
  CompileArgs A({"/usr/local/cuda", "test"}, "/res", Extra);
  return A.argsFor(File);
}

std::string keyOf(const std::vector<std::string> &Args) {
  std::optional<PchPlan> P = planPreludePch(Args);
  REQUIRE(P);
  return P->Key;
}

bool contains(const std::vector<std::string> &V, llvm::StringRef S) {
  return std::find(V.begin(), V.end(), S) != V.end();
}

} // namespace

TEST_CASE("TUs that differ only in their file share one prelude PCH", "[pch]") {
  std::optional<PchPlan> A = planPreludePch(cudaArgs({}, "/p/a.cu"));
  std::optional<PchPlan> B = planPreludePch(cudaArgs({}, "/q/b.cu"));
  REQUIRE(A);
  REQUIRE(B);
  CHECK(A->Key == B->Key);
  CHECK(A->BuildArgs == B->BuildArgs);
  CHECK(A->BuildArgs.back() == kPreludePchMainPath);
  CHECK(!contains(A->BuildArgs, "/p/a.cu"));
  // The parse prelude is what the PCH is for: it stays.
  CHECK(contains(A->BuildArgs, kParsePreludePath));
  CHECK(A->Key.size() == 64);
}

TEST_CASE("every flag that changes the prelude's meaning changes the key",
          "[pch]") {
  std::string Base = keyOf(cudaArgs({}));
  std::set<std::string> Keys = {Base};
  for (std::vector<std::string> Extra : {std::vector<std::string>{"-DNDEBUG"},
                                         {"-UNDEBUG"},
                                         {"-D__CUDA_NO_HALF_OPERATORS__=1"},
                                         {"-I/opt/inc"},
                                         {"-isystem", "/opt/sys"},
                                         {"-std=c++20"},
                                         {"-imacros", "/p/m.h"},
                                         {"--cuda-device-only"},
                                         {"--cuda-gpu-arch=sm_90"}})
    CHECK(Keys.insert(keyOf(cudaArgs(Extra))).second);
  // Another toolkit is another set of headers.
  CompileArgs Other({"/opt/cuda-12", "test"}, "/res", {});
  CHECK(Keys.insert(keyOf(Other.argsFor("/p/a.cu"))).second);
  // Order matters to the preprocessor (-D then -U is not -U then -D).
  CHECK(keyOf(cudaArgs({"-DX", "-UX"})) != keyOf(cudaArgs({"-UX", "-DX"})));
}

TEST_CASE("the user's -include files are left to the TU, in every spelling",
          "[pch]") {
  std::string Base = keyOf(cudaArgs({}));
  for (std::vector<std::string> Extra :
       {std::vector<std::string>{"-include", "/p/force.h"},
        {"-include/p/force.h"},
        {"--include", "/p/force.h"},
        {"--include=/p/force.h"}}) {
    std::optional<PchPlan> P = planPreludePch(cudaArgs(Extra));
    REQUIRE(P);
    CHECK(P->Key == Base);
    for (const std::string &A : P->BuildArgs)
      CHECK(llvm::StringRef(A).contains("force.h") == false);
  }
  // A -D after the -include still counts.
  CHECK(keyOf(cudaArgs({"-include", "/p/force.h", "-DY"})) != Base);
}

TEST_CASE("no PCH for what it does not serve", "[pch]") {
  CHECK(!planPreludePch(cudaArgs({}, "/p/a.cpp"))); // C++: no CUDA prelude
  CHECK(!planPreludePch(cudaArgs({}, "/p/a.c")));
  CHECK(!planPreludePch(cudaArgs({"-include-pch", "/p/x.pch"})));
  CHECK(!planPreludePch(cudaArgs({"-Xclang", "-fno-validate-pch"})));
  CHECK(!planPreludePch(cudaArgs({"-fmodules"})));
  CHECK(!planPreludePch({}));
}

TEST_CASE("a stored PCH reads back whole, and a damaged one never", "[pch]") {
  PreludePch P;
  P.Key = std::string(64, 'a');
  P.Bytes = llvm::MemoryBuffer::getMemBufferCopy(std::string(4096, '\x07'));
  P.Inputs = {{"/usr/include/time.h", std::string(64, 'b')},
              {"/usr/local/cuda/include/cuda_runtime.h", std::string(64, 'c')}};
  P.Absent = {"/usr/include/c++/12/cuda_runtime.h", "/usr/local/include/x.h"};
  std::string Stored = encodePreludePch(P);
  llvm::Expected<PreludePch> Back = decodePreludePch(Stored, "x.pch");
  REQUIRE(static_cast<bool>(Back));
  CHECK(Back->Key == P.Key);
  CHECK(Back->Bytes->getBuffer() == P.Bytes->getBuffer());
  REQUIRE(Back->Inputs.size() == 2);
  CHECK(Back->Inputs[1].Path == P.Inputs[1].Path);
  CHECK(Back->Inputs[1].Digest == P.Inputs[1].Digest);
  CHECK(Back->Absent == P.Absent);

  std::string Flipped = Stored;
  Flipped[Flipped.size() - 100] ^= 1;
  llvm::Expected<PreludePch> Bad = decodePreludePch(Flipped, "x.pch");
  CHECK(!Bad);
  if (!Bad)
    llvm::consumeError(Bad.takeError());
  llvm::Expected<PreludePch> Cut =
      decodePreludePch(llvm::StringRef(Stored).drop_back(10), "x.pch");
  CHECK(!Cut);
  if (!Cut)
    llvm::consumeError(Cut.takeError());
}

TEST_CASE("a key only one TU uses gets no PCH built", "[pch]") {
  TempDir Dir;
  PreludePchStore Store(Dir.path("cache"));
  std::vector<std::string> Args = cudaArgs({});
  Store.expect(Args, Args.back());
  // Returns at once: building would parse the CUDA headers (seconds) to
  // save one parse of them.
  CHECK(Store.get(Args, Args.back()).Pch == nullptr);
  CHECK(Store.stats().Built == 0);
  CHECK(!llvm::sys::fs::exists(Dir.path("cache/pch-v1")));
  // And no PCH for a command line that has none.
  CHECK(Store.get(cudaArgs({}, "/p/a.cpp"), "/p/a.cpp").Pch == nullptr);
}

TEST_CASE("a stored PCH is stale once a path its build missed exists",
          "[pch]") {
  TempDir Dir;
  std::vector<std::string> Args = cudaArgs({});
  PreludePch P;
  P.Key = keyOf(Args);
  P.Bytes = llvm::MemoryBuffer::getMemBufferCopy(std::string(4096, '\x07'));
  std::string Read = Dir.write("inc/read.h", "int x;\n");
  P.Inputs = {{Read, contentDigest("int x;\n")}};
  // Earlier on the include path than read.h: created, it would shadow it.
  std::string Shadow = Dir.path("first/read.h");
  P.Absent = {Shadow};
  auto Store = [&] {
    auto S = std::make_unique<PreludePchStore>(Dir.path("cache"));
    Dir.write(
        llvm::StringRef(S->pathFor(P.Key)).drop_front(Dir.str().size() + 1),
        encodePreludePch(P));
    S->expect(Args, Args.back());
    return S;
  };
  {
    auto S = Store();
    std::shared_ptr<const PreludePch> Got = S->get(Args, Args.back()).Pch;
    REQUIRE(Got);
    CHECK(Got->Absent == P.Absent);
    CHECK(S->stats().Loaded == 1);
    CHECK(S->stats().Rejected == 0);
  }
  Dir.write("first/read.h", "int y;\n");
  auto S = Store();
  // Rebuilt, not loaded (the build itself fails here: /res is no resource
  // directory, so the TUs would parse without a PCH).
  S->get(Args, Args.back());
  CHECK(S->stats().Loaded == 0);
  CHECK(S->stats().Rejected == 1);
}

TEST_CASE("a prefix PCH: one per run of lines and the folder they are read in",
          "[pch][include-prefix]") {
  PrefixCandidate InP{"/p", "#include \"a.h\"\n", {}};
  std::optional<PchPlan> A = planPrefixPch(cudaArgs({}, "/p/a.cu"), InP);
  std::optional<PchPlan> B = planPrefixPch(cudaArgs({}, "/p/b.cu"), InP);
  REQUIRE(A);
  REQUIRE(B);
  CHECK(A->Prefix);
  CHECK(A->Key == B->Key);
  CHECK(A->MainText == InP.Text);
  // Built from a file beside the TUs, so that "a.h" means the same file.
  CHECK(llvm::StringRef(A->MainPath).starts_with("/p/.hipwright-prefix-"));
  CHECK(A->BuildArgs.back() == A->MainPath);
  CHECK(isVirtualParseFile(A->MainPath));
  CHECK(A->Key != keyOf(cudaArgs({}, "/p/a.cu")));
  PrefixCandidate InQ{"/q", InP.Text, {}};
  PrefixCandidate Other{"/p", "#include \"b.h\"\n", {}};
  CHECK(planPrefixPch(cudaArgs({}, "/q/a.cu"), InQ)->Key != A->Key);
  CHECK(planPrefixPch(cudaArgs({}, "/p/a.cu"), Other)->Key != A->Key);
  CHECK(planPrefixPch(cudaArgs({"-DX"}, "/p/a.cu"), InP)->Key != A->Key);
  // Angled names only: no folder, one PCH for TUs anywhere.
  PrefixCandidate Angled{"", "#include <cstdio>\n", {}};
  std::optional<PchPlan> C = planPrefixPch(cudaArgs({}, "/p/a.cu"), Angled);
  REQUIRE(C);
  CHECK(llvm::StringRef(C->MainPath).starts_with("/hipwright-virtual/"));
  // A user -include comes between the prelude and the lines: no prefix PCH.
  CHECK_FALSE(
      planPrefixPch(cudaArgs({"-include", "/p/force.h"}, "/p/a.cu"), InP));
}
