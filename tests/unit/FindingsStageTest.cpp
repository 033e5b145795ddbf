// The findings stage's decisions, without a CLI: configuration per file,
// --rules, NOLINT, baseline, and which fix-its survive (issue 12).
#include "findings/FindingsStage.h"
#include "AnalyzerList.h"
#include "findings/LintGate.h"

#include "TempDir.h"

#include <catch2/catch.hpp>

using namespace hipwright;
using hipwright::testing::TempDir;

namespace {

Finding finding(const std::string &File, unsigned Line, const char *Rule,
                const char *FixText = nullptr) {
  Finding F;
  F.RuleId = Rule;
  F.File = File;
  F.Line = Line;
  F.Column = 3;
  F.Message = "m";
  if (FixText)
    F.Fixes.push_back({File, 10 * Line, 2, FixText});
  return F;
}

/// One run of the stage over \p Files (path, text) with \p Policy.
llvm::Expected<std::vector<Finding>>
stage(const TempDir &D, std::vector<Finding> Findings,
      const std::vector<std::pair<std::string, std::string>> &Files,
      FindingsPolicy Policy = {}) {
  FindingsStageInput In;
  In.Findings = std::move(Findings);
  for (const auto &[Path, Text] : Files)
    In.Files.push_back({Path, Text});
  In.Root = D.str();
  static const RuleCatalog Builtin = RuleCatalog::of(builtinAnalyzers());
  if (!Policy.Catalog)
    Policy.Catalog = &Builtin;
  return runFindingsStage(std::move(In), Policy);
}

const Finding *byRule(const std::vector<Finding> &Fs, llvm::StringRef Rule) {
  for (const Finding &F : Fs)
    if (F.RuleId == Rule)
      return &F;
  return nullptr;
}

} // namespace

TEST_CASE("a NOLINT-suppressed finding is kept, marked, and gives no fix-it",
          "[stage]") {
  TempDir D;
  // The shuffle of issue 12: offsets from 16, suppressed by NOLINT.
  std::string Src = "float v = 0;\n"
                    "for (int o = 16; o > 0; o /= 2)\n"
                    "  v += __shfl_down_sync(~0u, v, o); // NOLINT(warp-size)\n"
                    "int lane = threadIdx.x % 32;\n";
  std::string K = D.write("k.cu", Src);
  auto Out = stage(D,
                   {finding(K, 3, "warp-size.shuffle-offset", ", 32"),
                    finding(K, 4, "warp-size.lane-arithmetic", "warpSize")},
                   {{K, Src}});
  REQUIRE(static_cast<bool>(Out));
  REQUIRE(Out->size() == 2);
  const Finding *Shuffle = byRule(*Out, "warp-size.shuffle-offset");
  REQUIRE(Shuffle);
  CHECK(Shuffle->Suppressed);
  CHECK(!Shuffle->Fingerprint.empty());
  std::vector<Replacement> Fixes = survivingFixes(*Out, true, {});
  REQUIRE(Fixes.size() == 1);
  CHECK(Fixes[0].Text == "warpSize");
}

TEST_CASE("the nearest .hipwright.yaml decides each file's rules and "
          "severities",
          "[stage][config]") {
  TempDir D;
  D.write(".hipwright.yaml", "severity: {warp-size.lane-arithmetic: error}\n");
  D.write("sub/.hipwright.yaml",
          "rules: {disable: [warp-size.shuffle-offset]}\n");
  std::string Top = D.write("top.cu", "x\ny\n");
  std::string Sub = D.write("sub/s.cu", "x\ny\n");
  auto Out = stage(D,
                   {finding(Top, 1, "warp-size.shuffle-offset", ", 32"),
                    finding(Sub, 1, "warp-size.shuffle-offset", ", 32"),
                    finding(Sub, 2, "warp-size.lane-arithmetic", "warpSize"),
                    finding(Top, 2, "warp-size.lane-arithmetic", "warpSize")},
                   {{Top, "x\ny\n"}, {Sub, "x\ny\n"}});
  REQUIRE(static_cast<bool>(Out));
  // sub/ disables the shuffle rule: its finding and its fix-it are gone;
  // top.cu keeps both.
  REQUIRE(Out->size() == 3);
  for (const Finding &F : *Out) {
    CHECK(!(F.File == Sub && F.RuleId == "warp-size.shuffle-offset"));
    // The nearest file wins whole: sub/'s config has no severity override.
    if (F.RuleId == "warp-size.lane-arithmetic")
      CHECK(F.Level == (F.File == Top ? Severity::Error : Severity::Warning));
  }
  std::vector<Replacement> Fixes = survivingFixes(*Out, true, {});
  CHECK(Fixes.size() == 3);
  for (const Replacement &R : Fixes)
    CHECK(!(R.File == Sub && R.Text == ", 32"));
  // port --rules: only the named rules' fix-its.
  CHECK(survivingFixes(*Out, true, {"warp-size.shuffle-*"}).size() == 1);
}

TEST_CASE("a --rules filter keeps only the rules it names", "[stage]") {
  TempDir D;
  std::string K = D.write("k.cu", "a\nb\n");
  FindingsPolicy P;
  P.OnlyRules = {"lane-mask"};
  auto Out = stage(D,
                   {finding(K, 1, "warp-size.lane-arithmetic"),
                    finding(K, 2, "lane-mask.narrow-mask")},
                   {{K, "a\nb\n"}}, P);
  REQUIRE(static_cast<bool>(Out));
  REQUIRE(Out->size() == 1);
  CHECK(Out->front().RuleId == "lane-mask.narrow-mask");
}

TEST_CASE("rule patterns that name no rule are errors naming where they are",
          "[stage]") {
  TempDir D;
  SECTION("--rules") {
    std::string K = D.write("k.cu", "a\n");
    FindingsPolicy P;
    P.OnlyRules = {"warp-sise"};
    auto Out = stage(D, {}, {{K, "a\n"}}, P);
    REQUIRE(!Out);
    CHECK(llvm::toString(Out.takeError()) ==
          "--rules: 'warp-sise' matches no hipwright rule; did you mean "
          "warp-size?");
  }
  SECTION("a configuration file, with its line") {
    std::string Cfg =
        D.write(".hipwright.yaml", "rules:\n  disable:\n    - warp-size\n"
                                   "    - lane-mask.narow-mask\n");
    std::string K = D.write("k.cu", "a\n");
    auto Out = stage(D, {}, {{K, "a\n"}});
    REQUIRE(!Out);
    CHECK(llvm::toString(Out.takeError()) ==
          Cfg + ":4: rules.disable: 'lane-mask.narow-mask' matches no "
                "hipwright rule; did you mean lane-mask.narrow-mask?");
  }
  SECTION("NOLINT entries: every bad one, each with file and line") {
    std::string Src = "a(); // NOLINT(warp-sise)\n"
                      "b(); // NOLINT(readability-*, google-explicit-"
                      "constructor)\n"
                      "// NOLINTNEXTLINE(lane-mask.narow*)\n"
                      "c();\n";
    std::string K = D.write("k.cu", Src);
    auto Out = stage(D, {}, {{K, Src}});
    REQUIRE(!Out);
    std::string Msg = llvm::toString(Out.takeError());
    CHECK(Msg.find(K + ":1:6: NOLINT: 'warp-sise' matches no hipwright "
                       "rule; did you mean warp-size?") != std::string::npos);
    CHECK(Msg.find(K + ":3:1: NOLINT: 'lane-mask.narow*' matches no") !=
          std::string::npos);
    // Other tools' checks are theirs.
    CHECK(Msg.find("readability") == std::string::npos);
    CHECK(Msg.find("google") == std::string::npos);
  }
}

TEST_CASE("NOLINT naming only other tools' checks is no error and "
          "suppresses nothing of hipwright's",
          "[stage][nolint]") {
  TempDir D;
  std::string Src = "a(); // NOLINT(readability-magic-numbers)\n";
  std::string K = D.write("k.cu", Src);
  auto Out =
      stage(D, {finding(K, 1, "warp-size.lane-arithmetic", "w")}, {{K, Src}});
  REQUIRE(static_cast<bool>(Out));
  REQUIRE(Out->size() == 1);
  CHECK(!Out->front().Suppressed);
  CHECK(survivingFixes(*Out, true, {}).size() == 1);
}

TEST_CASE("the baseline marks what it records, the gate skips those and "
          "suppressed findings",
          "[stage][gate]") {
  TempDir D;
  std::string Src = "a();\nb(); // NOLINT\nc();\n";
  std::string K = D.write("k.cu", Src);
  std::vector<Finding> Raw = {finding(K, 1, "warp-size.lane-arithmetic"),
                              finding(K, 2, "warp-size.lane-arithmetic"),
                              finding(K, 3, "lane-mask.narrow-mask")};
  // Record the first run as the baseline, as --write-baseline does.
  auto First = stage(D, Raw, {{K, Src}});
  REQUIRE(static_cast<bool>(First));
  std::vector<Finding> Recorded = baselineEntries(*First);
  CHECK(Recorded.size() == 2); // the suppressed one is not recorded
  FindingsPolicy P;
  P.Known.emplace();
  for (const Finding &F : Recorded)
    if (F.RuleId == "warp-size.lane-arithmetic")
      P.Known->Known.insert({F.RuleId, F.Fingerprint});
  auto Out = stage(D, Raw, {{K, Src}}, P);
  REQUIRE(static_cast<bool>(Out));
  REQUIRE(Out->size() == 3);
  CHECK((*Out)[0].InBaseline);
  CHECK(!(*Out)[2].InBaseline);

  GateDecision G = decideGate(*Out, Severity::Warning);
  CHECK(G.InBaseline == 1);
  REQUIRE(G.Gating.size() == 1);
  CHECK(G.Gating[0].RuleId == "lane-mask.narrow-mask");
  CHECK(G.Fails);
  CHECK(!decideGate(*Out, Severity::Error).Fails);
  CHECK(!decideGate(*Out, std::nullopt).Fails);
}

TEST_CASE("the levels of --fail-on", "[gate]") {
  CHECK(*parseFailOn("note") == Severity::Note);
  CHECK(*parseFailOn("error") == Severity::Error);
  auto Never = parseFailOn("never");
  REQUIRE(static_cast<bool>(Never));
  CHECK(!*Never);
  auto Bad = parseFailOn("warn");
  REQUIRE(!Bad);
  CHECK(llvm::toString(Bad.takeError()) ==
        "--fail-on must be note, warning, error or never");
}

TEST_CASE("a file the configuration excludes keeps no finding and no fix-it",
          "[stage][config]") {
  TempDir D;
  D.write(".hipwright.yaml", "exclude: [\"third_party/*\"]\n");
  std::string Mine = D.write("src/k.cu", "a\n");
  std::string Theirs = D.write("third_party/v.cu", "a\n");
  auto Out =
      stage(D,
            {finding(Mine, 1, "warp-size.lane-arithmetic", "warpSize"),
             finding(Theirs, 1, "warp-size.lane-arithmetic", "warpSize")},
            {{Mine, "a\n"}, {Theirs, "a\n"}});
  REQUIRE(static_cast<bool>(Out));
  REQUIRE(Out->size() == 1);
  CHECK(Out->front().File == Mine);
  std::vector<Replacement> Fixes = survivingFixes(*Out, true, {});
  REQUIRE(Fixes.size() == 1);
  CHECK(Fixes[0].File == Mine);
}

TEST_CASE("findings in #if branches no build compiles are capped or dropped "
          "by inactive-branches",
          "[stage][config]") {
  TempDir D;
  D.write("capped/.hipwright.yaml", "inactive-branches: note\n");
  D.write("off/.hipwright.yaml", "inactive-branches: off\n");
  std::string Default = D.write("d.cu", "x\ny\n");
  std::string Capped = D.write("capped/c.cu", "x\ny\n");
  std::string Off = D.write("off/o.cu", "x\ny\n");
  std::vector<Finding> In;
  for (const std::string &File : {Default, Capped, Off}) {
    Finding Live = finding(File, 1, "lane-mask.ballot-truncation");
    Live.Level = Severity::Error;
    Finding Skipped = Live;
    Skipped.Line = 2;
    Skipped.InactiveBranch = "`#ifdef VERIFY`, line 2";
    In.push_back(Live);
    In.push_back(Skipped);
  }
  auto Out =
      stage(D, In, {{Default, "x\ny\n"}, {Capped, "x\ny\n"}, {Off, "x\ny\n"}});
  REQUIRE(static_cast<bool>(Out));
  // Code the build compiles keeps its level everywhere; the default caps an
  // inactive branch's error at warning, `note` at note, `off` drops it.
  REQUIRE(Out->size() == 5);
  for (const Finding &F : *Out) {
    if (F.InactiveBranch.empty())
      CHECK(F.Level == Severity::Error);
    else if (F.File == Default)
      CHECK(F.Level == Severity::Warning);
    else
      CHECK((F.File == Capped && F.Level == Severity::Note));
  }
}
