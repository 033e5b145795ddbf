#include "findings/RuleCatalog.h"
#include "AnalyzerList.h"
#include "findings/RulePattern.h"

#include <catch2/catch.hpp>

using namespace hipwright;

namespace {
/// A small catalog shaped like hipwright's: categories with subrules.
RuleCatalog sample() {
  return RuleCatalog({"warp-size", "warp-size.shuffle-width",
                      "warp-size.shuffle-offset", "lane-mask.narrow-mask",
                      "lane-mask.popc-truncation", "unsupported-api",
                      "nolint.unmatched"});
}

std::string errorOf(llvm::Error E) {
  REQUIRE(static_cast<bool>(E));
  return llvm::toString(std::move(E));
}
} // namespace

TEST_CASE("rule patterns: ids cover subrules, '*' is the only wildcard",
          "[rules]") {
  CHECK(ruleMatches("warp-size", "warp-size.shuffle-width"));
  CHECK(!ruleMatches("warp-size", "warp-sizes"));
  CHECK(ruleMatches("warp-*", "warp-size.shuffle-width"));
  CHECK(ruleMatches("*.narrow-mask", "lane-mask.narrow-mask"));
  CHECK(ruleMatches("lane-*.popc-*", "lane-mask.popc-truncation"));
  CHECK(!ruleMatches("lane-mask.*", "lane-mask"));
  CHECK(ruleMatches("*", "nolint.unmatched"));
  // What a GlobPattern would read as a class or a malformed bracket is
  // literal here: it matches nothing, so RuleCatalog reports it.
  CHECK(!ruleMatches("warp-[sz]ize", "warp-size"));
  CHECK(!ruleMatches("warp-[", "warp-size"));
  CHECK(!ruleMatches("warp-si?e", "warp-size"));
}

TEST_CASE("a pattern that names no rule is an error with the closest ids",
          "[rules]") {
  RuleCatalog C = sample();
  CHECK(!C.checkPattern("warp-size", "--rules"));
  CHECK(!C.checkPattern("lane-mask.*", "--rules"));
  CHECK(errorOf(C.checkPattern("warp-sise", "--rules")) ==
        "--rules: 'warp-sise' matches no hipwright rule; did you mean "
        "warp-size?");
  // A prefix of a subrule suggests it.
  CHECK(errorOf(C.checkPattern("lane-mask.popc", "x.yaml:3: severity")) ==
        "x.yaml:3: severity: 'lane-mask.popc' matches no hipwright rule; did "
        "you mean lane-mask.popc-truncation?");
  // A glob that matches nothing is an error too.
  CHECK(errorOf(C.checkPattern("lane-mask.narow*", "--rules"))
            .find("'lane-mask.narow*' matches no hipwright rule") !=
        std::string::npos);
  // Nothing close: no suggestion, a pointer to the list.
  CHECK(errorOf(C.checkPattern("frobnicate", "--rules")) ==
        "--rules: 'frobnicate' matches no hipwright rule (`hipwright "
        "explain` lists them)");
}

TEST_CASE("NOLINT entries: hipwright checks its own, leaves other tools'",
          "[rules][nolint]") {
  RuleCatalog C = sample();
  // hipwright's: known rules, its categories, near misses of them.
  CHECK(C.ownsNolintEntry("warp-size"));
  CHECK(C.ownsNolintEntry("warp-*"));
  CHECK(C.ownsNolintEntry("warp-size.shuffle-widht"));
  CHECK(C.ownsNolintEntry("warp-sise"));
  CHECK(C.ownsNolintEntry("lane_mask"));
  CHECK(C.ownsNolintEntry("warp-sz*"));
  CHECK(C.ownsNolintEntry("lane-mask.[x"));
  // clang-tidy's (and other tools'): never an error.
  for (const char *Other :
       {"readability-*", "google-explicit-constructor", "cert-err58-cpp",
        "misc-*", "hicpp-*", "cppcoreguidelines-pro-type-vararg", "llvm-*",
        "clang-analyzer-core.NullDereference", "bugprone-*", "modernize-*",
        "performance-unnecessary-value-param", "portability-*", "boost-*"})
    CHECK_FALSE(C.ownsNolintEntry(Other));
}

TEST_CASE("the built-in catalog knows every analyzer's rules", "[rules]") {
  const RuleCatalog C = RuleCatalog::of(builtinAnalyzers());
  CHECK(C.matchesAny("warp-size.shuffle-offset"));
  CHECK(C.matchesAny("nolint.unmatched"));
  CHECK(C.matchesAny("unsupported-api.rocm-version"));
  CHECK(C.isCategory("inline-ptx"));
  CHECK(errorOf(C.checkPattern("warp-sise", "--rules"))
            .find("did you mean warp-size?") != std::string::npos);
  // No real clang-tidy check is mistaken for a hipwright typo.
  for (const char *Other :
       {"readability-*", "google-explicit-constructor", "misc-*",
        "hicpp-signed-bitwise", "cppcoreguidelines-*", "llvmlibc-*",
        "clang-diagnostic-unused-variable", "bugprone-narrowing-conversions"})
    CHECK_FALSE(C.ownsNolintEntry(Other));
}
