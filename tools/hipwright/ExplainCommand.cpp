//===- ExplainCommand.cpp - `hipwright explain [RULE]` --------------------===//
#include "Commands.h"

#include "AnalyzerList.h"
#include "rules/RuleDocs.h"

#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace hipwright {

int runExplainCommand(const std::vector<std::string> &Args) {
  const std::vector<RuleInfo> &Rules = builtinAnalyzers().rules();
  if (Args.empty()) {
    size_t Width = 0;
    for (const RuleInfo &R : Rules)
      Width = std::max(Width, R.Id.size());
    for (const RuleInfo &R : Rules)
      outs() << left_justify(R.Id, Width) << "  "
             << left_justify(toString(R.DefaultLevel), 7) << "  " << R.Summary
             << "\n";
    outs() << "\nRun `hipwright explain RULE` for one rule's page.\n";
    return ExitOk;
  }
  if (Args[0] == "-h" || Args[0] == "--help") {
    outs() << "usage: hipwright explain [RULE]\n"
              "  Lists every rule, or explains one: why it breaks on AMD, a "
              "bad and a good\n  example, and what its fix-it does.\n";
    return ExitOk;
  }
  const RuleInfo *R = builtinAnalyzers().findRule(Args[0]);
  if (!R) {
    errs() << "hipwright explain: no rule '" << Args[0]
           << "'; run `hipwright explain` for the list\n";
    return ExitFindings;
  }
  if (StringRef Page = ruleDocPage(R->Id); !Page.empty()) {
    outs() << Page;
    return ExitOk;
  }
  outs() << R->Id << " (" << toString(R->DefaultLevel) << ")\n\n"
         << R->Summary << "\n\n"
         << R->Details << "\n";
  return ExitOk;
}

} // namespace hipwright
