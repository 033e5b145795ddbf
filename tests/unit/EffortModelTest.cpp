#include "report/EffortModel.h"

#include <catch2/catch.hpp>

using namespace hipwright;

static Finding finding(std::string Rule, bool Fix = false,
                       bool Suppressed = false) {
  Finding F;
  F.RuleId = std::move(Rule);
  if (Fix)
    F.Fixes.push_back(Replacement{"a.cu", 0, 1, "x"});
  F.Suppressed = Suppressed;
  return F;
}

TEST_CASE("default effort buckets follow the documented table",
          "[report][effort]") {
  auto M = EffortModel::forConfig(Config{});
  REQUIRE(static_cast<bool>(M));
  auto Bucket = [&](const Finding &F) { return M->costOf(F).Bucket; };
  CHECK(Bucket(finding("unsupported-api")) == "medium");
  CHECK(Bucket(finding("unsupported-api.cuda-arch-check")) == "low");
  CHECK(Bucket(finding("warp-size.shuffle-width", true)) == "low");
  CHECK(Bucket(finding("warp-size.shuffle-width", false)) == "medium");
  CHECK(Bucket(finding("lane-mask.narrow-mask")) == "medium");
  CHECK(Bucket(finding("inline-ptx.lane-id", true)) == "low");
  CHECK(Bucket(finding("inline-ptx.lane-id", false)) == "medium");
  CHECK(Bucket(finding("tensor-core.wmma")) == "high");
  CHECK(Bucket(finding("tensor-core.mma-ptx")) == "high");
  CHECK(Bucket(finding("tensor-core")) == "low");
  CHECK(Bucket(finding("hopper-only.tma")) == "high");
  CHECK(Bucket(finding("lds-limit")) == "medium");
  CHECK(Bucket(finding("some-future-rule")) == "medium");
  EffortCost C = M->costOf(finding("tensor-core.wmma"));
  CHECK(C.MinHours == 4);
  CHECK(C.MaxHours == 16);
  CHECK(C.Source == "default: tensor-core.*");
}

TEST_CASE("suppressed findings cost nothing", "[report][effort]") {
  auto M = EffortModel::forConfig(Config{});
  REQUIRE(static_cast<bool>(M));
  EffortCost C = M->costOf(finding("hopper-only.tma", false, true));
  CHECK(C.Bucket == "none");
  CHECK(C.MinHours == 0);
  CHECK(C.MaxHours == 0);
}

TEST_CASE("effort overrides from .hipwright.yaml", "[report][effort]") {
  auto Cfg = parseConfig("/t/.hipwright.yaml", R"(
effort:
  buckets: {high: [8, 24], huge: [40, 80]}
  rules: {tensor-core: huge, "warp-size.*": none, warp-size.shuffle-width: low}
)");
  REQUIRE(static_cast<bool>(Cfg));
  auto M = EffortModel::forConfig(*Cfg);
  REQUIRE(static_cast<bool>(M));
  EffortCost Tc = M->costOf(finding("tensor-core.wmma"));
  CHECK(Tc.Bucket == "huge");
  CHECK(Tc.MinHours == 40);
  CHECK(Tc.MaxHours == 80);
  CHECK(Tc.Source == "config /t/.hipwright.yaml: tensor-core");
  // A changed range applies to the table's mapping too.
  EffortCost H = M->costOf(finding("hopper-only.tma"));
  CHECK(H.Bucket == "high");
  CHECK(H.MinHours == 8);
  CHECK(H.MaxHours == 24);
  // Among overrides the last match wins, as severity overrides do.
  CHECK(M->costOf(finding("warp-size.shuffle-width")).Bucket == "low");
  CHECK(M->costOf(finding("warp-size.lane-arithmetic")).Bucket == "none");
}

TEST_CASE("an override naming an unknown bucket is an error naming the file",
          "[report][effort]") {
  // The parser rejects it with its line, so lint and report agree on what
  // a valid file is.
  auto Parsed = parseConfig("/t/.hipwright.yaml", R"(
effort:
  rules: {tensor-core: enormous}
)");
  REQUIRE(!Parsed);
  std::string ParseMsg = llvm::toString(Parsed.takeError());
  CHECK(ParseMsg.find("/t/.hipwright.yaml:3:") == 0);
  CHECK(ParseMsg.find("enormous") != std::string::npos);
  // A configuration built in code is still checked by the model.
  Config Cfg;
  Cfg.Source = "/t/.hipwright.yaml";
  Cfg.EffortRules.push_back({"tensor-core", "enormous"});
  auto M = EffortModel::forConfig(Cfg);
  REQUIRE(!M);
  std::string Msg = llvm::toString(M.takeError());
  CHECK(Msg.find("/t/.hipwright.yaml") != std::string::npos);
  CHECK(Msg.find("enormous") != std::string::npos);
}

TEST_CASE("the config layer knows the same default buckets as the model",
          "[report][effort]") {
  std::vector<std::string> Model, Config;
  for (const EffortBucket &B : EffortModel::defaultBuckets())
    Model.push_back(B.Name);
  for (llvm::StringRef N : defaultEffortBucketNames())
    Config.push_back(N.str());
  CHECK(Model == Config);
}

TEST_CASE("rule categories are the id before the first dot",
          "[report][effort]") {
  CHECK(ruleCategory("warp-size.shuffle-width") == "warp-size");
  CHECK(ruleCategory("lds-limit") == "lds-limit");
  CHECK(ruleCategory("a.b.c") == "a");
}
