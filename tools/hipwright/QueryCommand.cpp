//===- QueryCommand.cpp - `hipwright query NAME` --------------------------===//
#include "ArgCursor.h"
#include "Commands.h"

#include "rules/RuleCoverage.h"
#include "rules/RuleTable.h"
#include "verify/NvidiaMapping.h"

#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace hipwright {

static void printRule(const Rule &R, raw_ostream &OS) {
  OS << R.Cuda << " -> " << (R.hasHip() ? R.Hip : "(no HIP equivalent)")
     << "\n";
  OS << "  kind:   " << toString(R.Kind) << "\n";
  OS << "  status: " << toString(R.Status) << "\n";
  OS << "  family: " << R.Family << " (rules/" << R.Family << ".tsv:" << R.Line
     << ")\n";
  if (!R.CudaVersion.empty())
    OS << "  since CUDA " << R.CudaVersion << "\n";
  if (!R.RocmVersion.empty())
    OS << "  HIP twin since ROCm " << R.RocmVersion << "\n";
  if (!R.Notes.empty())
    OS << "  notes:  " << R.Notes << "\n";
}

int runQueryCommand(const std::vector<std::string> &Args) {
  if (Args.empty() || Args[0] == "-h" || Args[0] == "--help") {
    (Args.empty() ? errs() : outs())
        << "usage: hipwright query NAME\n"
           "       hipwright query --coverage-markdown\n"
           "  Prints the HIP mapping of a CUDA API name or header, with its\n"
           "  status; suggests near names for a misspelt one. The second form\n"
           "  prints docs/rules-coverage.md from the compiled-in tables.\n";
    return Args.empty() ? ExitUsage : ExitOk;
  }
  const RuleTable &T = RuleTable::builtin();
  if (Args[0] == "--coverage-markdown") {
    outs() << renderCoverageMarkdown(T);
    return ExitOk;
  }
  // Not in the usage text: a build-system hook (docs/compile-check.md), not
  // a question about one name.
  if (Args[0] == "--nvidia-mapping-header") {
    outs() << nvidiaMappingHeader();
    return ExitOk;
  }
  const std::string &Name = Args[0];
  const Rule *R = T.lookup(Name);
  if (!R)
    R = T.lookupHeader(Name);
  if (!R) {
    // A HIP name asked about: find the CUDA rows that map to it.
    bool Any = false;
    for (const Rule &Row : T.rules())
      if (Row.Hip == Name) {
        printRule(Row, outs());
        Any = true;
      }
    if (Any)
      return ExitOk;
  }
  if (R) {
    printRule(*R, outs());
    return ExitOk;
  }
  errs() << "hipwright query: no rule for '" << Name << "'\n";
  std::vector<const Rule *> Near = T.nearMisses(Name);
  if (!Near.empty()) {
    errs() << "did you mean:\n";
    for (const Rule *N : Near)
      errs() << "  " << N->Cuda << (N->hasHip() ? " -> " + N->Hip : "")
             << "\n";
  }
  return ExitFindings;
}

} // namespace hipwright
