//===- QueryCommand.cpp - `hipwright query NAME` --------------------------===//
#include "Commands.h"
#include "OptionTable.h"

#include "port/CompatHeader.h"
#include "rules/RuleCoverage.h"
#include "rules/RuleTable.h"
#include "verify/NvidiaMapping.h"

#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace hipwright {

static void printRule(const Rule &R, raw_ostream &OS) {
  OS << R.Cuda << " -> "
     << (R.hasHip()   ? R.Hip
         : R.erases() ? "(deleted: means nothing on HIP)"
                      : "(no HIP equivalent)")
     << "\n";
  OS << "  kind:   " << toString(R.Kind) << "\n";
  OS << "  status: " << toString(R.Status) << "\n";
  OS << "  family: " << R.Family << " (rules/" << R.Family << ".tsv:" << R.Line
     << ")\n";
  if (!R.CudaVersion.empty())
    OS << "  since CUDA " << R.CudaVersion << "\n";
  if (R.Until)
    OS << "  HIP twin in ROCm " << R.Since->str() << " through "
       << R.Until->str() << " (--rocm-version in that span)\n";
  else if (!R.RocmVersion.empty() && !R.hasHip())
    OS << "  no HIP twin from ROCm " << R.RocmVersion << "\n";
  else if (!R.RocmVersion.empty())
    OS << "  HIP twin since ROCm " << R.RocmVersion << "\n";
  if (!R.Notes.empty())
    OS << "  notes:  " << R.Notes << "\n";
}

/// Prints what the rules say about \p Name; false when they say nothing.
static bool queryOne(const RuleTable &T, const std::string &Name) {
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
      return true;
  }
  if (R) {
    // A name whose HIP twin changed between releases: each span's row.
    std::vector<const Rule *> Rows = T.rowsOf(Name);
    if (Rows.empty())
      Rows.push_back(R);
    for (size_t I = 0; I < Rows.size(); ++I) {
      if (I)
        outs() << "\n";
      printRule(*Rows[I], outs());
    }
    return true;
  }
  errs() << "hipwright query: no rule for '" << Name << "'\n";
  std::vector<const Rule *> Near = T.nearMisses(Name);
  if (!Near.empty()) {
    errs() << "did you mean:\n";
    for (const Rule *N : Near)
      errs() << "  " << N->Cuda << (N->hasHip() ? " -> " + N->Hip : "") << "\n";
  }
  return false;
}

int runQueryCommand(const std::vector<std::string> &Args) {
  std::vector<std::string> Names;
  CommandOptions Spec;
  Spec.Command = "query";
  Spec.Synopsis =
      "usage: hipwright query NAME...\n"
      "       hipwright query --coverage-markdown\n"
      "       hipwright query --compat-header\n"
      "  Prints the HIP mapping of each CUDA API name or header, with\n"
      "  its status; suggests near names for a misspelt one (exit 1).\n"
      "  The second form prints docs/rules-coverage.md from the\n"
      "  compiled-in tables; the third, hipwright_cuda_compat.h, which\n"
      "  a port writes next to files calling CUDA functions ROCm lacks.\n";
  Spec.Positional = appendTo(Names);
  if (Args.empty()) {
    errs() << renderHelp(Spec);
    return ExitUsage;
  }
  const RuleTable &T = RuleTable::builtin();
  // A mode is the whole command line. Not in the usage text:
  // --nvidia-mapping-header is a build-system hook (docs/compile-check.md),
  // not a question about one name.
  for (const char *Mode :
       {"--coverage-markdown", "--compat-header", "--nvidia-mapping-header"})
    if (Args[0] == Mode && Args.size() > 1) {
      errs() << "hipwright query: " << Mode << " takes no other argument, "
             << "got '" << Args[1] << "'\n";
      return ExitUsage;
    }
  if (Args[0] == "--coverage-markdown") {
    outs() << renderCoverageMarkdown(T);
    return ExitOk;
  }
  if (Args[0] == "--compat-header") {
    outs() << compatHeaderText();
    return ExitOk;
  }
  if (Args[0] == "--nvidia-mapping-header") {
    outs() << nvidiaMappingHeader();
    return ExitOk;
  }
  if (std::optional<int> Exit = parseCommandLine(Spec, Args))
    return *Exit;
  // Every name is answered, in order, one block each; the exit status says
  // whether all of them were known.
  bool AllKnown = true;
  for (size_t I = 0; I < Names.size(); ++I) {
    if (I)
      outs() << "\n";
    AllKnown &= queryOne(T, Names[I]);
  }
  return AllKnown ? ExitOk : ExitFindings;
}

} // namespace hipwright
