//===- RuleCoverage.cpp - coverage summary of the rule tables -------------===//
#include "rules/RuleCoverage.h"
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
  unsigned Older = 0, Unknown = 0, WithHip = 0, Spans = 0;
  for (const Rule &R : Table.rules()) {
    if (R.Until) {
      ++Spans; // an older release's name: the name counts by its newest row
      continue;
    }
    if (!R.hasHip())
      continue;
    ++WithHip;
    if (!R.Since)
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
     << "| **all** | " << WithHip << " | |\n";
  OS << "\n"
     << Spans
     << " rows give the HIP name a span of older releases used (`6.1-6.4`: "
        "hipBLAS's `_v2_64` functions before ROCm 7.0 renamed them); "
        "`--rocm-version` in that span emits it, and the tables above count "
        "each CUDA name once, by its newest row.\n";
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
  return Out;
}

} // namespace hipwright
