//===- PerfPortabilityTest.cpp - the perf-portability arithmetic ----------===//
//
// The numbers the notes print (wavefronts, idle lanes, workgroups per CU)
// and the promise that makes them notes: they never fail a default gate.
//
//===----------------------------------------------------------------------===//
#include "findings/LintGate.h"
#include "perf-portability/OccupancyMath.h"
#include "perf-portability/PerfPortabilityAnalyzer.h"

#include <catch2/catch.hpp>

using namespace hipwright;

static GpuTarget target(llvm::StringRef Name) {
  auto Ts = parseTargets(Name);
  REQUIRE(static_cast<bool>(Ts));
  return Ts->front();
}

TEST_CASE("a block's wavefronts and the idle lanes of the last one",
          "[perf-portability]") {
  auto Fill = [](uint64_t Threads, unsigned Wave) {
    WavefrontFill F = wavefrontFill(Threads, Wave);
    return std::make_pair(F.Waves, F.IdleLanes);
  };
  CHECK(Fill(96, 64) == std::make_pair<uint64_t, uint64_t>(2, 32));
  CHECK(Fill(32, 64) == std::make_pair<uint64_t, uint64_t>(1, 32));
  CHECK(Fill(168, 64) == std::make_pair<uint64_t, uint64_t>(3, 24));
  CHECK(Fill(256, 64) == std::make_pair<uint64_t, uint64_t>(4, 0));
  CHECK(Fill(96, 32) == std::make_pair<uint64_t, uint64_t>(3, 0));
  CHECK(Fill(1, 64) == std::make_pair<uint64_t, uint64_t>(1, 63));
}

TEST_CASE("workgroups per compute unit from static LDS", "[perf-portability]") {
  GpuTarget Mi300 = target("gfx942");
  GpuTarget Mi350 = target("gfx950");
  REQUIRE(ldsPerComputeUnit(Mi300) == 64u * 1024);
  REQUIRE(ldsPerComputeUnit(Mi350) == 160u * 1024);
  // RDNA's LDS per workgroup processor is not modelled.
  CHECK_FALSE(ldsPerComputeUnit(target("gfx1100")).has_value());

  CHECK(workgroupsPerCu(64 * 1024, 40 * 1024) == 1);
  CHECK(workgroupsPerCu(64 * 1024, 32 * 1024) == 2);
  CHECK(workgroupsPerCu(64 * 1024, 32 * 1024 + 4) == 1);
  CHECK(workgroupsPerCu(160 * 1024, 40 * 1024) == 4);
  CHECK(workgroupsPerCu(64 * 1024, 96 * 1024) == 0);
  CHECK(workgroupsPerCu(64 * 1024, 0) == 0);
}

TEST_CASE("perf-portability findings are notes a default gate passes",
          "[perf-portability]") {
  std::vector<RuleInfo> Rules = perfPortabilityRules();
  REQUIRE(Rules.size() == 2);
  std::vector<Finding> Findings;
  for (const RuleInfo &R : Rules) {
    INFO(R.Id);
    CHECK(R.DefaultLevel == Severity::Note);
    Finding F;
    F.RuleId = R.Id;
    F.Level = R.DefaultLevel;
    Findings.push_back(F);
  }
  auto Default = parseFailOn("warning");
  REQUIRE(static_cast<bool>(Default));
  CHECK_FALSE(decideGate(Findings, *Default).Fails);
  auto Strict = parseFailOn("note");
  REQUIRE(static_cast<bool>(Strict));
  CHECK(decideGate(Findings, *Strict).Fails);
}
