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
  // A fix `port --fix` applies is automatic work.
  CHECK(Bucket(finding("warp-size.shuffle-width", true)) == "automatic");
  CHECK(Bucket(finding("lane-mask.narrow-mask", true)) == "automatic");
  CHECK(Bucket(finding("warp-size.shuffle-width", false)) == "medium");
  CHECK(Bucket(finding("lane-mask.narrow-mask")) == "medium");
  CHECK(Bucket(finding("inline-ptx.lane-id", true)) == "automatic");
  CHECK(Bucket(finding("inline-ptx.lane-id", false)) == "medium");
  CHECK(Bucket(finding("tensor-core.wmma")) == "high");
  CHECK(Bucket(finding("tensor-core.mma-ptx")) == "high");
  CHECK(Bucket(finding("tensor-core")) == "low");
  CHECK(Bucket(finding("hopper-only.tma")) == "high");
  CHECK(Bucket(finding("lds-limit")) == "medium");
  // Performance notes: a correct port needs none of them.
  CHECK(Bucket(finding("perf-portability.launch-bounds")) == "none");
  CHECK(Bucket(finding("perf-portability.lds-occupancy")) == "none");
  CHECK(Bucket(finding("some-future-rule")) == "medium");
  EffortCost C = M->costOf(finding("tensor-core.wmma"));
  CHECK(C.MinHours == 4);
  CHECK(C.MaxHours == 16);
  CHECK(C.Source == "default: tensor-core.* (no fix-it)");
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

#include "report/EffortPatterns.h"

namespace {
/// \p N findings of \p Rule with one suggestion, in files a.cu, b.cu, ...
std::vector<Finding> repeated(unsigned N, std::string Rule,
                              std::string Suggestion, bool Fix = false) {
  std::vector<Finding> Out;
  for (unsigned I = 0; I < N; ++I) {
    Finding F = finding(Rule, Fix);
    F.File = std::string(1, char('a' + I % 26)) + ".cu";
    F.Line = I + 1;
    F.Message = "site " + std::to_string(I); // differs: not the edit
    F.Suggestion = Suggestion;
    Out.push_back(std::move(F));
  }
  return Out;
}

struct Priced {
  std::vector<EffortCost> Costs;
  std::vector<EffortPattern> Patterns;
  double Min = 0, Max = 0;
};

Priced price(const std::vector<Finding> &Fs, const EffortModel &M) {
  Priced P;
  std::vector<size_t> Order;
  std::vector<const EffortModel *> ModelOf;
  for (size_t I = 0; I < Fs.size(); ++I) {
    P.Costs.push_back(M.costOf(Fs[I]));
    Order.push_back(I);
    ModelOf.push_back(&M);
  }
  P.Patterns = pricePatterns(Fs, Order, ModelOf, P.Costs);
  for (const EffortCost &C : P.Costs) {
    P.Min += C.MinHours;
    P.Max += C.MaxHours;
  }
  return P;
}
} // namespace

TEST_CASE("fifty identical findings cost one pattern and fifty small sites",
          "[report][effort][patterns]") {
  auto M = EffortModel::forConfig(Config{});
  REQUIRE(static_cast<bool>(M));
  const EffortBucket *Site = M->bucket("site");
  const EffortBucket *Medium = M->bucket("medium");
  REQUIRE(Site);
  REQUIRE(Medium);
  Priced One = price(repeated(1, "unsupported-api", "use a plain load"), *M);
  Priced Fifty = price(repeated(50, "unsupported-api", "use a plain load"), *M);
  REQUIRE(Fifty.Patterns.size() == 1);
  CHECK(Fifty.Patterns[0].Sites == 50);
  CHECK(One.Min == Medium->MinHours);
  CHECK(One.Max == Medium->MaxHours);
  // One pattern plus 49 further sites: the 50th finding is priced like the
  // second, not like the first.
  CHECK(Fifty.Min == Approx(One.Min + 49 * Site->MinHours));
  CHECK(Fifty.Max == Approx(One.Max + 49 * Site->MaxHours));
  CHECK(Fifty.Max < 50 * Medium->MaxHours / 4);
  CHECK(Fifty.Patterns[0].maxHours() == Approx(Fifty.Max));
  CHECK(Fifty.Costs[0].Role == "pattern");
  CHECK(Fifty.Costs[0].Bucket == "medium");
  for (size_t I = 1; I < 50; ++I) {
    CHECK(Fifty.Costs[I].Role == "site");
    CHECK(Fifty.Costs[I].Bucket == "site");
    CHECK(Fifty.Costs[I].Pattern == 0);
  }

  // Another edit, or another rule, is another pattern.
  std::vector<Finding> Mixed = repeated(3, "unsupported-api", "edit A");
  for (Finding &F : repeated(2, "unsupported-api", "edit B"))
    Mixed.push_back(F);
  for (Finding &F : repeated(2, "lds-limit", "edit A"))
    Mixed.push_back(F);
  Priced P = price(Mixed, *M);
  CHECK(P.Patterns.size() == 3);
  // Most hours first: the three-site pattern leads.
  CHECK(P.Patterns[0].Sites == 3);
}

TEST_CASE("automatic findings form no pattern and cost almost nothing",
          "[report][effort][patterns]") {
  auto M = EffortModel::forConfig(Config{});
  REQUIRE(static_cast<bool>(M));
  Priced P = price(repeated(50, "warp-size.shuffle-width", "64", true), *M);
  CHECK(P.Patterns.empty());
  for (const EffortCost &C : P.Costs)
    CHECK(C.Role == "automatic");
  const EffortBucket *Auto = M->bucket("automatic");
  REQUIRE(Auto);
  CHECK(Auto->MinHours == 0);
  CHECK(P.Max == Approx(50 * Auto->MaxHours));
  CHECK(P.Max <= 2.5);
}

TEST_CASE("patterns keep the .hipwright.yaml overrides",
          "[report][effort][patterns]") {
  auto Cfg = parseConfig("/t/.hipwright.yaml", R"(
effort:
  buckets: {huge: [10, 20], site: [0.5, 1]}
  rules: {unsupported-api: huge, warp-size: low}
)");
  REQUIRE(static_cast<bool>(Cfg));
  auto M = EffortModel::forConfig(*Cfg);
  REQUIRE(static_cast<bool>(M));
  Priced P = price(repeated(50, "unsupported-api", "same edit"), *M);
  REQUIRE(P.Patterns.size() == 1);
  CHECK(P.Costs[0].Bucket == "huge");
  CHECK(P.Costs[0].Source == "config /t/.hipwright.yaml: unsupported-api");
  // The configured site range prices the further sites.
  CHECK(P.Min == Approx(10 + 49 * 0.5));
  CHECK(P.Max == Approx(20 + 49 * 1.0));
  // A mapping applies with or without a fix-it, so the findings are not
  // automatic; a pattern whose bucket is no dearer than a site keeps it.
  // (low, 0.25-1 h, is no dearer than this file's site, 0.5-1 h).
  Priced Low = price(repeated(4, "warp-size.shuffle-width", "64", true), *M);
  CHECK(Low.Costs[0].Bucket == "low");
  CHECK(Low.Costs[1].Bucket == "low");
  CHECK(Low.Costs[1].Role == "site");
  auto Cheap = parseConfig("/t/.hipwright.yaml", R"(
effort:
  rules: {unsupported-api: none}
)");
  REQUIRE(static_cast<bool>(Cheap));
  auto MC = EffortModel::forConfig(*Cheap);
  REQUIRE(static_cast<bool>(MC));
  Priced None = price(repeated(5, "unsupported-api", "x"), *MC);
  CHECK(None.Max == 0);
  CHECK(None.Costs[3].Bucket == "none");
}
