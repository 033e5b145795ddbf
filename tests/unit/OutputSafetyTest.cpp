#include "port/OutputSafety.h"

#include "TempDir.h"

using namespace hipwright;
using namespace hipwright::testing;
namespace fs = llvm::sys::fs;

static bool refused(llvm::Error E) { return llvm::errorToBool(std::move(E)); }

TEST_CASE("an output root (--out-root) inside an input directory is "
          "refused",
          "[output-safety]") {
  TempDir D;
  D.write("src/k.cu", "x\n");
  std::vector<std::string> In = {D.path("src")};
  CHECK(refused(checkOutRootOutsideInputs(D.path("src"), In)));
  CHECK(refused(checkOutRootOutsideInputs(D.path("src/hip"), In)));
  CHECK(refused(checkOutRootOutsideInputs(D.path("src/a/b/c"), In)));
  CHECK(refused(checkOutRootOutsideInputs(D.path("src/../src/hip"), In)));
  CHECK_FALSE(refused(checkOutRootOutsideInputs(D.path("hip"), In)));
  CHECK_FALSE(refused(checkOutRootOutsideInputs(D.path("src-hip"), In)));
  // Through a link that leads into the inputs.
  REQUIRE(!fs::create_link(D.path("src"), D.path("alias")));
  CHECK(refused(checkOutRootOutsideInputs(D.path("alias/hip"), In)));
  // A file input's directory is not an input directory: `port k.cu
  // --out-root hip` beside it is the common case.
  CHECK_FALSE(refused(
      checkOutRootOutsideInputs(D.path("src/hip"), {D.path("src/k.cu")})));
}

TEST_CASE("an output that is an input is refused, through any link",
          "[output-safety]") {
  TempDir D;
  InputTree T;
  T.Root = D.str();
  T.Units = {D.write("k.cu", "x\n")};
  T.Headers = {D.write("k.cuh", "y\n")};
  REQUIRE(!fs::create_hard_link(D.path("k.cu"), D.path("hard.json")));
  REQUIRE(!fs::create_link(D.path("k.cuh"), D.path("soft.json")));
  InputFiles Inputs(T);
  CHECK(Inputs.inputAt(D.path("k.cu")) == D.path("k.cu"));
  CHECK(refused(checkNotAnInput(D.path("k.cu"), "-o", Inputs)));
  CHECK(refused(checkNotAnInput(D.path("hard.json"), "--stats", Inputs)));
  CHECK(refused(checkNotAnInput(D.path("soft.json"), "-o", Inputs)));
  CHECK_FALSE(refused(checkNotAnInput(D.path("new.json"), "-o", Inputs)));
  llvm::Error E = checkNotAnInput(D.path("k.cuh"), "--write-baseline", Inputs);
  std::string Msg = llvm::toString(std::move(E));
  CHECK(Msg.find("--write-baseline") != std::string::npos);
  CHECK(Msg.find("k.cuh") != std::string::npos);
}
