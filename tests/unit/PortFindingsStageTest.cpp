// runPort applies fix-its only of findings the findings stage keeps: the
// defect of issue 12 was that they were merged before NOLINT and the
// configuration were applied.
#include "AnalyzerList.h"
#include "frontend/CudaToolkit.h"
#include "port/Porter.h"

#include "RequireTool.h"
#include "TempDir.h"

#include <catch2/catch.hpp>

using namespace hipwright;
using hipwright::testing::TempDir;

namespace {

/// Offsets from 16 with the default width: warp-size.shuffle-offset, whose
/// fix-it adds width 32. \p Comment ends the shuffle's line.
std::string shuffle(const std::string &Comment) {
  return "__device__ int reduce(int v) {\n"
         "  for (int offset = 16; offset > 0; offset /= 2)\n"
         "    v += __shfl_down_sync(__activemask(), v, offset);" +
         Comment +
         "\n"
         "  return v;\n"
         "}\n";
}

/// The ported text of \p File, with --fix.
std::optional<std::string> portFixed(const std::string &File) {
  if (auto Toolkit = findCudaToolkit(); !Toolkit) {
    llvm::consumeError(Toolkit.takeError());
    if (hipwright::test::toolchainRequired())
      FAIL("no CUDA toolkit (HIPWRIGHT_REQUIRE_TOOLCHAIN=1 makes this an "
           "error)");
    WARN("no CUDA toolkit; check skipped");
    return std::nullopt;
  }
  PortRequest Req;
  Req.Paths = {File};
  Req.ApplyFixes = true;
  auto Targets = parseTargets("gfx942");
  REQUIRE(static_cast<bool>(Targets));
  Req.Options.AnalyzeFor = *Targets;
  Req.Options.Analyzers = &builtinAnalyzers();
  Req.Jobs = 1;
  auto R = runPort(Req);
  REQUIRE(static_cast<bool>(R));
  REQUIRE(R->Files.size() == 1);
  return R->Files.front().Translated;
}

} // namespace

TEST_CASE("port --fix: the fix-it applies without suppression", "[stage]") {
  TempDir D;
  auto Out = portFixed(D.write("k.cu", shuffle("")));
  if (Out)
    CHECK(Out->find("v, offset, 32);") != std::string::npos);
}

TEST_CASE("port --fix: NOLINT(warp-size) keeps the fix-it out", "[stage]") {
  TempDir D;
  auto Out = portFixed(D.write("k.cu", shuffle(" // NOLINT(warp-size)")));
  if (Out)
    CHECK(Out->find("v, offset); // NOLINT(warp-size)") != std::string::npos);
}

TEST_CASE("port --fix: a rule .hipwright.yaml disables gives no fix-it",
          "[stage][config]") {
  TempDir D;
  D.write(".hipwright.yaml", "rules: {disable: [warp-size.shuffle-offset]}\n");
  auto Out = portFixed(D.write("k.cu", shuffle("")));
  if (Out)
    CHECK(Out->find("v, offset);") != std::string::npos);
}
