#include "config/Config.h"

#include <catch2/catch.hpp>

using namespace hipwright;

TEST_CASE("a full config parses", "[config]") {
  auto C = parseConfig(".hipwright.yaml", R"(
rules:
  enable: ["*"]
  disable: [warp-size.launch-shape, "inline-ptx.*"]
severity:
  lane-mask: error
targets: [gfx942]
rocm-version: "6.1"
exclude: ["third_party/*", "*.gen.cu"]
effort:
  buckets: {low: [0.5, 1], high: [8, 24]}
  rules: {tensor-core: high}
)");
  REQUIRE(static_cast<bool>(C));
  CHECK(C->ruleEnabled("warp-size.shuffle-width"));
  CHECK(!C->ruleEnabled("warp-size.launch-shape"));
  CHECK(!C->ruleEnabled("inline-ptx.lane-id"));
  Finding F;
  F.RuleId = "lane-mask.narrow-mask";
  F.Level = Severity::Warning;
  CHECK(C->severityFor(F) == Severity::Error);
  CHECK(C->Targets == std::vector<std::string>{"gfx942"});
  REQUIRE(C->TargetRocm);
  CHECK(C->TargetRocm->str() == "6.1");
  CHECK(C->excludes("third_party/x.cu"));
  CHECK(C->excludes("src/deep/k.gen.cu"));
  CHECK(!C->excludes("src/k.cu"));
  CHECK(C->EffortBuckets["high"] == std::make_pair(8.0, 24.0));
}

TEST_CASE("config errors name the file and line", "[config]") {
  auto Bad = [](const char *Text) {
    auto C = parseConfig("cfg.yaml", Text);
    REQUIRE(!static_cast<bool>(C));
    return llvm::toString(C.takeError());
  };
  CHECK(Bad("rules:\n  enable: [a]\nbogus: 1\n").find("cfg.yaml:3:") == 0);
  CHECK(Bad("severity:\n  warp-size: loud\n").find("cfg.yaml:2:") == 0);
  CHECK(Bad("effort:\n  buckets:\n    low: [3, 1]\n").find("cfg.yaml:3:") == 0);
  CHECK(Bad("- just\n- a list\n").find("cfg.yaml:1:") == 0);
  CHECK(Bad("targets: [gfx942]\ninactive-branches: quiet\n")
            .find("cfg.yaml:2:") == 0);
  std::string Rocm = Bad("targets: [gfx942]\nrocm-version: latest\n");
  CHECK(Rocm.find("cfg.yaml:2:") == 0);
  CHECK(Rocm.find("rocm-version must be a ROCm release such as 6.2, not "
                  "'latest'") != std::string::npos);
}

TEST_CASE("dumpConfig output parses back to the same config", "[config]") {
  auto C = parseConfig("a.yaml", "rules: {disable: [x]}\nseverity: {y: note}\n"
                                 "targets: [gfx950]\nrocm-version: 5.7\n");
  REQUIRE(static_cast<bool>(C));
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  dumpConfig(*C, OS);
  auto Back = parseConfig("dump.yaml", Out);
  REQUIRE(static_cast<bool>(Back));
  CHECK(Back->Disable == C->Disable);
  CHECK(Back->Targets == C->Targets);
  CHECK(Back->TargetRocm == C->TargetRocm);
  CHECK(Back->SeverityOverrides.size() == 1);
}

TEST_CASE("an unknown target is reported at its line", "[config]") {
  auto C = parseConfig("cfg.yaml", "rules: {disable: [x]}\ntargets:\n"
                                   "  - gfx942\n  - gfx9042\n");
  REQUIRE(!C);
  std::string Msg = llvm::toString(C.takeError());
  CHECK(Msg.find("cfg.yaml:4:") == 0);
  CHECK(Msg.find("gfx9042") != std::string::npos);
  auto One = parseConfig("cfg.yaml", "\ntargets: sm_90\n");
  REQUIRE(!One);
  CHECK(llvm::toString(One.takeError()).find("cfg.yaml:2:") == 0);
}

TEST_CASE("an effort rule must name a known bucket, at its line", "[config]") {
  auto Bad = parseConfig("cfg.yaml", "effort:\n  rules:\n"
                                     "    tensor-core: hihg\n");
  REQUIRE(!Bad);
  std::string Msg = llvm::toString(Bad.takeError());
  CHECK(Msg.find("cfg.yaml:3:") == 0);
  CHECK(Msg.find("'hihg'") != std::string::npos);
  CHECK(Msg.find("none, automatic, site, low, medium, high") !=
        std::string::npos);
  // A bucket the same section defines, even further down, is known.
  auto Good = parseConfig("cfg.yaml", "effort:\n  rules: {tensor-core: huge}\n"
                                      "  buckets: {huge: [40, 80]}\n");
  CHECK(static_cast<bool>(Good));
}

TEST_CASE("dumpConfig shows the default targets, not an empty list",
          "[config]") {
  Config Defaults;
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  dumpConfig(Defaults, OS);
  CHECK(Out.find("targets: []") == std::string::npos);
  CHECK(Out.find("targets: [\"gfx942\", \"gfx950\"]") != std::string::npos);
  auto Back = parseConfig("dump.yaml", Out);
  REQUIRE(static_cast<bool>(Back));
  CHECK(Back->Targets == std::vector<std::string>{"gfx942", "gfx950"});
}

TEST_CASE("every rule pattern is kept with its key and line", "[config]") {
  auto C = parseConfig("cfg.yaml", "rules:\n"
                                   "  disable:\n"
                                   "    - warp-size\n"
                                   "    - lane-mask.*\n"
                                   "severity:\n"
                                   "  tensor-core: error\n"
                                   "effort:\n"
                                   "  rules: {inline-ptx: high}\n");
  REQUIRE(static_cast<bool>(C));
  REQUIRE(C->RulePatterns.size() == 4);
  CHECK(C->RulePatterns[0].Pattern == "warp-size");
  CHECK(C->RulePatterns[0].Key == "rules.disable");
  CHECK(C->RulePatterns[0].Line == 3);
  CHECK(C->RulePatterns[1].Line == 4);
  CHECK(C->RulePatterns[2].Key == "severity");
  CHECK(C->RulePatterns[2].Line == 6);
  CHECK(C->RulePatterns[3].Pattern == "inline-ptx");
  CHECK(C->RulePatterns[3].Key == "effort.rules");
  CHECK(C->RulePatterns[3].Line == 8);
}

TEST_CASE("a malformed exclude glob is an error at its line", "[config]") {
  auto C = parseConfig("cfg.yaml", "exclude:\n  - ok/*\n  - \"bad[\"\n");
  REQUIRE(!C);
  std::string Msg = llvm::toString(C.takeError());
  CHECK(Msg.find("cfg.yaml:3: exclude: 'bad[' is not a valid glob") == 0);
}

TEST_CASE("classify entries set a file's checklist class with a reason",
          "[config][checklist]") {
  auto C = parseConfig("cfg.yaml", "classify:\n"
                                   "  \"legacy/*.cu\": {class: drop, reason: "
                                   "\"kernels/ has the generic path\"}\n"
                                   "  legacy/keep.cu:\n"
                                   "    class: port\n"
                                   "    reason: still used on AMD\n");
  REQUIRE(static_cast<bool>(C));
  REQUIRE(C->ClassOverrides.size() == 2);
  CHECK(C->ClassOverrides[0].Line == 2);
  const ClassOverride *O = C->classOverrideFor("legacy/a.cu");
  REQUIRE(O);
  CHECK(O->Class == "drop");
  CHECK(O->Reason == "kernels/ has the generic path");
  // The last match wins.
  REQUIRE(C->classOverrideFor("legacy/keep.cu"));
  CHECK(C->classOverrideFor("legacy/keep.cu")->Class == "port");
  CHECK(!C->classOverrideFor("src/a.cu"));

  std::string Out;
  llvm::raw_string_ostream OS(Out);
  dumpConfig(*C, OS);
  auto Back = parseConfig("dump.yaml", Out);
  REQUIRE(static_cast<bool>(Back));
  REQUIRE(Back->ClassOverrides.size() == 2);
  CHECK(Back->ClassOverrides[1].Reason == "still used on AMD");
  CHECK(Back->ClassOverrides[0].Pattern == "legacy/*.cu");
}

TEST_CASE("a classify entry needs a known class and a reason, at its line",
          "[config][checklist]") {
  auto Bad = [](const char *Text) {
    auto C = parseConfig("cfg.yaml", Text);
    REQUIRE(!static_cast<bool>(C));
    return llvm::toString(C.takeError());
  };
  std::string Class =
      Bad("classify:\n  a.cu:\n    class: rewrite\n    reason: x\n");
  CHECK(Class.find("cfg.yaml:3:") == 0);
  CHECK(Class.find("class must be replace-with-library, drop or port, not "
                   "'rewrite'") != std::string::npos);
  CHECK(Bad("classify:\n  a.cu: {class: drop}\n").find("cfg.yaml:2:") == 0);
  CHECK(Bad("classify:\n  a.cu: {class: drop}\n").find("needs a reason") !=
        std::string::npos);
  CHECK(Bad("classify:\n  a.cu: {class: drop, reason: r, owner: me}\n")
            .find("unknown key 'owner'") != std::string::npos);
  CHECK(Bad("classify:\n  \"a[.cu\": {class: drop, reason: r}\n")
            .find("not a valid glob") != std::string::npos);
}
