//===- AnalyzerRuleDocsTest.cpp - every analyzer rule is documented -------===//
//
// `hipwright explain`, SARIF's help text and docs/rules/ all serve the same
// page per rule; a rule added without one would print nothing to a user who
// asks why it fired.
//
//===----------------------------------------------------------------------===//
#include "AnalyzerList.h"
#include "findings/RuleCatalog.h"
#include "rules/RuleDocs.h"

#include <catch2/catch.hpp>

using namespace hipwright;

TEST_CASE("every analyzer rule and family has a docs/rules page", "[rules]") {
  for (const AnalyzerEntry &E : builtinAnalyzers().analyzers()) {
    INFO("family " << E.Family);
    CHECK_FALSE(ruleDocPage(E.Family).empty());
    for (const RuleInfo &R : E.Rules()) {
      INFO("rule " << R.Id);
      CHECK(llvm::StringRef(R.Id).starts_with(E.Family));
      CHECK_FALSE(R.Summary.empty());
      CHECK_FALSE(R.Details.empty());
      CHECK(ruleDocPage(R.Id).contains("## Bad"));
      CHECK(ruleDocPage(R.Id).contains("## Good"));
    }
  }
}

TEST_CASE("the memory-model rules are in the catalog", "[rules]") {
  const AnalyzerRegistry &A = builtinAnalyzers();
  const RuleCatalog C = RuleCatalog::of(A);
  CHECK(C.isCategory("memory-model"));
  for (const char *Id :
       {"memory-model.intra-warp-spin", "memory-model.volatile-polling",
        "memory-model.system-scope"}) {
    INFO(Id);
    REQUIRE(A.findRule(Id) != nullptr);
    CHECK(C.matchesAny(Id));
  }
  CHECK(A.findRule("memory-model.intra-warp-spin")->DefaultLevel ==
        Severity::Error);
  CHECK(A.findRule("memory-model.system-scope")->DefaultLevel ==
        Severity::Note);
}
