#include "findings/Suppressions.h"

#include <catch2/catch.hpp>

using namespace hipwright;

static Finding at(unsigned Line, const char *Rule) {
  Finding F;
  F.RuleId = Rule;
  F.Line = Line;
  return F;
}

TEST_CASE("NOLINT forms suppress the lines and rules they name", "[nolint]") {
  const char *Src = "a(); // NOLINT\n"                               // 1
                    "b(); // NOLINT(warp-size)\n"                    // 2
                    "// NOLINTNEXTLINE(lane-mask.popc-truncation)\n" // 3
                    "c();\n"                                         // 4
                    "// NOLINTBEGIN(lane-mask.*)\n"                  // 5
                    "d();\n"                                         // 6
                    "// NOLINTEND(lane-mask.*)\n"                    // 7
                    "e();\n";                                        // 8
  FileSuppressions S = parseSuppressions("f.cu", Src);
  CHECK(S.Problems.empty());
  CHECK(isSuppressed(S, at(1, "inline-ptx")));
  CHECK(isSuppressed(S, at(2, "warp-size.shuffle-width")));
  CHECK(!isSuppressed(S, at(2, "lane-mask")));
  CHECK(isSuppressed(S, at(4, "lane-mask.popc-truncation")));
  CHECK(!isSuppressed(S, at(4, "lane-mask.narrow-mask")));
  CHECK(isSuppressed(S, at(6, "lane-mask.narrow-mask")));
  CHECK(!isSuppressed(S, at(6, "warp-size")));
  CHECK(!isSuppressed(S, at(8, "lane-mask.narrow-mask")));
}

TEST_CASE("NOLINT in a string literal is not a suppression", "[nolint]") {
  FileSuppressions S =
      parseSuppressions("f.cu", "const char *s = \"// NOLINT\"; x();\n");
  CHECK(!isSuppressed(S, at(1, "warp-size")));
}

TEST_CASE("an unmatched NOLINTBEGIN or NOLINTEND is reported", "[nolint]") {
  FileSuppressions S = parseSuppressions(
      "f.cu",
      "x();\n  // NOLINTBEGIN(warp-size)\ny();\n// NOLINTEND(lane-mask)\n");
  REQUIRE(S.Problems.size() == 2);
  CHECK(S.Problems[0].RuleId == "nolint.unmatched");
  CHECK(S.Problems[0].Line == 4); // the stray END
  CHECK(S.Problems[1].Line == 2); // the open BEGIN
  CHECK(S.Problems[1].Column == 3);
  CHECK(!isSuppressed(S, at(3, "warp-size")));
}

TEST_CASE("rule patterns cover subrules and globs", "[nolint]") {
  CHECK(ruleMatches("warp-size", "warp-size"));
  CHECK(ruleMatches("warp-size", "warp-size.shuffle-width"));
  CHECK(!ruleMatches("warp-size", "warp-sizes"));
  CHECK(ruleMatches("lane-*", "lane-mask.narrow-mask"));
  CHECK(!ruleMatches("", "warp-size"));
}
