//===- RuleCoverage.cpp - coverage summary of the rule tables -------------===//
#include "rules/RuleCoverage.h"
#include "rules/HeaderCheckScope.h"
#include "rules/RuleTable.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <map>

using namespace llvm;

namespace hipwright {

namespace {
struct Counts {
  unsigned Entries = 0;
  unsigned Supported = 0;
  unsigned Deprecated = 0;
  unsigned Removed = 0;
  unsigned Unsupported = 0;
  unsigned WithHip = 0;

  void add(const Rule &R) {
    ++Entries;
    WithHip += R.hasHip();
    switch (R.Status) {
    case RuleStatus::Supported:
      ++Supported;
      break;
    case RuleStatus::Deprecated:
      ++Deprecated;
      break;
    case RuleStatus::Removed:
      ++Removed;
      break;
    case RuleStatus::Unsupported:
      ++Unsupported;
      break;
    }
  }
  void add(const Counts &O) {
    Entries += O.Entries;
    Supported += O.Supported;
    Deprecated += O.Deprecated;
    Removed += O.Removed;
    Unsupported += O.Unsupported;
    WithHip += O.WithHip;
  }
  /// Share of entries a port can rewrite (those with a HIP twin), with one
  /// decimal so small changes show.
  std::string translatable() const {
    if (Entries == 0)
      return "-";
    std::string S;
    raw_string_ostream OS(S);
    OS << format("%.1f%%", 100.0 * WithHip / Entries);
    return S;
  }
};

void printRow(raw_ostream &OS, StringRef Name, const Counts &C) {
  OS << "| " << Name << " | " << C.Entries << " | " << C.Supported << " | "
     << C.Deprecated << " | " << C.Removed << " | " << C.Unsupported << " | "
     << C.translatable() << " |\n";
}
/// How many HIP names each ROCm release adds, and how many a port with
/// --rocm-version set to that release may emit: the numbers a user needs to
/// pick a target. Releases before 5.0 are summed into one row.
void printByRelease(raw_ostream &OS, const RuleTable &Table) {
  const RocmVersion Cutoff{5, 0};
  std::map<RocmVersion, unsigned> Added;
  unsigned Older = 0, Unknown = 0, Own = 0, WithHip = 0, Spans = 0;
  for (const Rule &R : Table.rules()) {
    if (R.Until) {
      ++Spans; // an older release's name: the name counts by its newest row
      continue;
    }
    if (!R.hasHip())
      continue;
    ++WithHip;
    if (R.emulated())
      ++Own; // ships with the port, not with ROCm
    else if (!R.Since)
      ++Unknown;
    else if (*R.Since < Cutoff)
      ++Older;
    else
      ++Added[*R.Since];
  }
  OS << "\n## HIP names by ROCm release\n\n"
     << "Each row with a HIP name records the ROCm release that first shipped "
        "it. `--rocm-version X.Y` emits only names available in X.Y; the "
        "others stay as CUDA and are reported (`unsupported-api.rocm-version`)."
        " Rows whose release is unknown are never held back.\n\n"
     << "| ROCm | HIP names added | available with `--rocm-version` at this "
        "release |\n"
     << "| --- | ---: | ---: |\n";
  unsigned Available = Unknown + Older;
  OS << "| before " << Cutoff.str() << " | " << Older << " | " << Available
     << " |\n";
  for (const auto &[V, N] : Added) {
    Available += N;
    OS << "| " << V.str() << " | " << N << " | " << Available << " |\n";
  }
  OS << "| unknown | " << Unknown << " | (always) |\n"
     << "| hipwright's own (`hipwright_cuda_compat.h`) | " << Own
     << " | (always) |\n"
     << "| **all** | " << WithHip << " | |\n";
  OS << "\n"
     << Spans
     << " rows give the HIP name a span of older releases used (`6.1-6.4`: "
        "hipBLAS's `_v2_64` functions before ROCm 7.0 renamed them); "
        "`--rocm-version` in that span emits it, and the tables above count "
        "each CUDA name once, by its newest row.\n";
}
/// What the test suite checks of each table against the headers of the
/// ROCm release the compile checks use (HeaderCheckScope.h).
void printHeaderChecks(raw_ostream &OS, const RuleTable &Table) {
  struct Row {
    unsigned Checked = 0, Emulated = 0, Newer = 0, Older = 0;
    std::map<std::string, unsigned> Missing;
  };
  std::map<std::string, Row> ByFamily;
  Row Total;
  for (const Rule &R : Table.rules()) {
    std::string Lib;
    HeaderCheck C = headerCheckOf(R, kCheckedRocmRelease, &Lib);
    if (C == HeaderCheck::NoHipName)
      continue;
    for (Row *T : {&ByFamily[R.Family], &Total}) {
      switch (C) {
      case HeaderCheck::Checked:
        ++T->Checked;
        break;
      case HeaderCheck::Emulated:
        ++T->Emulated;
        break;
      case HeaderCheck::MissingLibrary:
        ++T->Missing[Lib];
        break;
      case HeaderCheck::NewerRelease:
        ++T->Newer;
        break;
      case HeaderCheck::OlderRelease:
        ++T->Older;
        break;
      case HeaderCheck::NoHipName:
        break;
      }
    }
  }
  unsigned CallRows = 0, CallRewrites = 0;
  for (const CallRow &C : Table.allCallRules()) {
    ++CallRows;
    CallRewrites += C.Call.rewrites() && !C.Call.Expression;
  }
  const std::string Rel = kCheckedRocmRelease.str();
  OS << "\n## Checked against the ROCm " << Rel << " headers\n\n"
     << "The test suite checks the tables against real headers "
        "(`scripts/fetch-rocm.sh` installs ROCm "
     << Rel
     << "): "
        "`RulesAgainstHeadersTest` finds every CUDA name in CUDA 13.0's "
        "headers and every HIP name below in ROCm "
     << Rel
     << "'s (HIP, its "
        "libraries, and clang's `__clang_hip_*.h`); `RuleArityTest` parses "
        "both sets of headers and checks that each renamed function takes "
        "the argument counts CUDA's takes (or a call row rewrites the calls "
        "that would not fit), and that each of the "
     << CallRewrites << " call rows that rewrite into a HIP call (of "
     << CallRows
     << " call rows) passes a count some overload takes. "
        "*own*: hipwright's equivalents in `hipwright_cuda_compat.h`, which "
        "a port writes next to the files that call them; checked the same "
        "way against that header. A name from a release after "
     << Rel
     << " or from a span that ended before it, or from a library the ROCm "
        "prefix lacks, cannot be checked here.\n\n"
     << "| family | checked against ROCm " << Rel
     << " | own | newer | "
        "older span | library not in the prefix |\n"
     << "| --- | ---: | ---: | ---: | ---: | --- |\n";
  auto Print = [&OS](StringRef Name, const Row &R) {
    std::string Missing;
    for (const auto &[Lib, N] : R.Missing)
      Missing += (Missing.empty() ? "" : ", ") + Lib + " " + std::to_string(N);
    OS << "| " << Name << " | " << R.Checked << " | " << R.Emulated << " | "
       << R.Newer << " | " << R.Older << " | "
       << (Missing.empty() ? "-" : Missing) << " |\n";
  };
  for (const auto &[Family, R] : ByFamily)
    Print(Family, R);
  Print("**total**", Total);
}
} // namespace

std::string renderCoverageMarkdown(const RuleTable &Table) {
  // std::map keeps families in name order whatever order the tables were
  // embedded in, so the page is stable.
  std::map<std::string, Counts> ByFamily;
  Counts Total;
  for (const Rule &R : Table.rules()) {
    if (R.Until)
      continue; // counted by the name's newest row
    ByFamily[R.Family].add(R);
    Total.add(R);
  }

  std::string Out;
  raw_string_ostream OS(Out);
  OS << "# Rule coverage\n\n"
     << "Generated from `rules/*.tsv` by `hipwright query --coverage-markdown`;"
        " do not edit by hand.\n\n"
     << "One row per table. *supported*: renamed to a HIP twin; "
        "*deprecated*: deprecated by CUDA, still translated; *removed*: gone "
        "from CUDA 13.0 headers, translated where HIP has a twin; "
        "*unsupported*: no HIP equivalent, left in place and reported. "
        "*translatable* = share of entries with a HIP name.\n\n"
     << "| family | entries | supported | deprecated | removed | unsupported "
        "| translatable |\n"
     << "| --- | ---: | ---: | ---: | ---: | ---: | ---: |\n";
  for (const auto &[Family, C] : ByFamily)
    printRow(OS, Family, C);
  printRow(OS, "**total**", Total);
  printByRelease(OS, Table);
  printHeaderChecks(OS, Table);
  return Out;
}

} // namespace hipwright
