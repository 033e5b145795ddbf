//===- Summary.cpp - the end-of-run report of `port` ----------------------===//
#include "port/Summary.h"
#include "port/CompatHeader.h"
#include "rules/RuleTable.h"

#include "output/VersionInfo.h"
#include "support/Plural.h"

#include "llvm/Support/Format.h"

#include <sys/resource.h>

#include <map>

using namespace llvm;

namespace hipwright {

PortStats computeStats(const PortResult &R) {
  PortStats S;
  for (const FileOutcome &F : R.Files) {
    switch (F.Status) {
    case FileStatus::Translated:
      ++S.Translated;
      break;
    case FileStatus::Unchanged:
      ++S.Unchanged;
      S.AlreadyHip += F.AlreadyHip;
      break;
    case FileStatus::Partial:
      ++S.Partial;
      break;
    case FileStatus::Failed:
      ++S.Failed;
      break;
    }
    if (F.BuildFile) {
      ++S.BuildFiles;
      S.BuildNotes += F.Notes.size();
      S.BuildNvccLeft += F.BuildNvccLeft;
      S.BuildFlagsUnplaced += F.BuildFlagsUnplaced;
      if (F.Status == FileStatus::Translated)
        ++S.BuildMigrated;
      else if (F.Status == FileStatus::Unchanged)
        ++S.BuildUnchanged;
      else
        ++S.BuildProblems;
    }
  }
  std::map<std::string, unsigned> Names;
  for (const ApiReference &Ref : R.References) {
    if (Ref.Converted) {
      ++S.Converted;
      // Calls: the constants they take are not counted apart.
      S.OwnEquivalents +=
          isHipwrightEquivalent(Ref.Hip) && !isHipwrightConstant(Ref.Hip);
    } else {
      ++S.Unconverted;
      ++Names[Ref.Name];
    }
  }
  S.UnconvertedNames.assign(Names.begin(), Names.end());
  return S;
}

void printSummary(const PortResult &R, raw_ostream &OS) {
  PortStats S = computeStats(R);
  OS << "hipwright port: " << countOf(R.Files.size(), "file") << ": "
     << S.Translated << " translated, " << S.Unchanged << " unchanged";
  if (S.AlreadyHip)
    OS << " (" << S.AlreadyHip << " already HIP)";
  OS << ", " << S.Partial << " partial, " << S.Failed << " failed\n";
  if (S.BuildFiles) {
    OS << "  build files: " << S.BuildFiles << " (" << S.BuildMigrated
       << " migrated, " << S.BuildUnchanged << " unchanged";
    if (S.BuildProblems)
      OS << ", " << S.BuildProblems << " not migrated";
    OS << "), " << countOf(S.BuildNvccLeft, "command")
       << " still running nvcc, " << countOf(S.BuildFlagsUnplaced, "nvcc flag")
       << " not placed, " << countOf(S.BuildNotes, "note") << " for a person\n";
    // Each note is something the port did not do for the user: show them
    // (paths relative to the tree, as the rest of the summary).
    const size_t Shown = 20;
    size_t Listed = 0;
    for (const FileOutcome &F : R.Files)
      for (const std::string &N : F.Notes)
        if (Listed++ < Shown)
          OS << "    " << R.Inputs.relative(F.Path)
             << StringRef(N).drop_front(F.Path.size()) << "\n";
    if (Listed > Shown)
      OS << "    ... and " << countOf(Listed - Shown, "more note")
         << " (--stats FILE.json lists them all)\n";
  }
  OS << "  API references: " << S.Converted << " converted, " << S.Unconverted
     << " left unconverted\n";
  if (S.OwnEquivalents)
    OS << "  " << countOf(S.OwnEquivalents, "call")
       << " to CUDA-only functions now use hipwright's equivalents ("
       << kCompatHeaderName << ", written next to the files using them)\n";
  {
    // As lint counts them: a NOLINT-suppressed finding is not one to see.
    unsigned Errors = 0, Warnings = 0, Notes = 0;
    for (const Finding &F : R.Findings)
      if (!F.Suppressed)
        (F.Level == Severity::Error     ? Errors
         : F.Level == Severity::Warning ? Warnings
                                        : Notes)++;
    if (Errors + Warnings + Notes)
      OS << "  findings: " << countOf(Errors, "error") << ", "
         << countOf(Warnings, "warning") << ", " << countOf(Notes, "note")
         << " (run `hipwright lint` to see them)\n";
  }
  {
    // --fix=native says per kernel whether it rewrote it for whole
    // wavefronts or why not; that decides what the user reviews by hand.
    const size_t Shown = 20;
    size_t Listed = 0;
    for (const Finding &F : R.Findings)
      if (F.RuleId == "warp-size.native-rewrite" && !F.Suppressed &&
          Listed++ < Shown)
        OS << "  native: " << R.Inputs.relative(F.File) << ":" << F.Line << ":"
           << F.Column << ": " << F.Message << "\n";
    if (Listed > Shown)
      OS << "  ... and " << countOf(Listed - Shown, "more native note") << "\n";
  }
  for (const InputNote &N : R.Inputs.Unreadable)
    OS << "  not read: " << R.Inputs.relative(N.Path) << " " << N.Message
       << "\n";
  for (const InputNote &N : R.Inputs.Skipped)
    OS << "  skipped: " << R.Inputs.relative(N.Path) << " " << N.Message
       << "\n";
  {
    // HIP input is left as it is; say so, so nobody wonders why nothing
    // happened to it.
    const size_t Shown = 10;
    size_t Listed = 0;
    for (const FileOutcome &F : R.Files)
      if (F.AlreadyHip && Listed++ < Shown)
        OS << "  already HIP, left unchanged: " << R.Inputs.relative(F.Path)
           << "\n";
    if (Listed > Shown)
      OS << "  ... and " << countOf(Listed - Shown, "more HIP file") << "\n";
  }
  for (const FileOutcome &F : R.Files) {
    if (F.Status != FileStatus::Partial && F.Status != FileStatus::Failed)
      continue;
    OS << "  " << toString(F.Status) << ": " << R.Inputs.relative(F.Path)
       << "\n";
    const size_t Shown = 5;
    for (size_t I = 0; I < F.Errors.size() && I < Shown; ++I)
      OS << "    " << F.Errors[I] << "\n";
    if (F.Errors.size() > Shown)
      OS << "    ... and " << countOf(F.Errors.size() - Shown, "more error")
         << "\n";
  }
  if (!S.UnconvertedNames.empty()) {
    OS << "  unconverted:";
    for (auto &[Name, Count] : S.UnconvertedNames)
      OS << " " << Name
         << (Count > 1 ? " (x" + std::to_string(Count) + ")" : "");
    OS << "\n";
  }
  OS << "  time: " << format("%.2f", R.Seconds) << " s\n";
}

/// Peak resident memory of this process so far, for the benchmark.
static int64_t peakRssKiB() {
  struct rusage U;
  if (getrusage(RUSAGE_SELF, &U) != 0)
    return -1;
  return U.ru_maxrss; // Linux reports KiB
}

static json::Array notesJson(const InputTree &Tree,
                             const std::vector<InputNote> &Notes) {
  json::Array Out;
  for (const InputNote &N : Notes)
    Out.push_back(
        json::Object{{"path", Tree.relative(N.Path)}, {"reason", N.Message}});
  return Out;
}

json::Value summaryJson(const PortResult &R) {
  PortStats S = computeStats(R);
  json::Array Files;
  for (const FileOutcome &F : R.Files) {
    json::Array Errors, Notes;
    for (const std::string &E : F.Errors)
      Errors.push_back(E);
    for (const std::string &N : F.Notes)
      Notes.push_back(N);
    Files.push_back(json::Object{{"path", R.Inputs.relative(F.Path)},
                                 {"kind", F.BuildFile ? "build" : "source"},
                                 {"status", toString(F.Status)},
                                 {"parsed", F.Parsed},
                                 {"already_hip", F.AlreadyHip},
                                 {"errors", std::move(Errors)},
                                 {"notes", std::move(Notes)}});
  }
  json::Array Unconverted;
  for (const ApiReference &Ref : R.References)
    if (!Ref.Converted)
      Unconverted.push_back(json::Object{{"name", Ref.Name},
                                         {"family", Ref.Family},
                                         {"file", R.Inputs.relative(Ref.File)},
                                         {"line", Ref.Line},
                                         {"column", Ref.Column}});
  std::map<std::string, unsigned> ByFamily;
  for (const ApiReference &Ref : R.References)
    if (Ref.Converted)
      ++ByFamily[Ref.Family];
  json::Object Families;
  for (auto &[F, N] : ByFamily)
    Families[F] = N;
  return json::Object{
      {"version", versionJson()},
      {"files", json::Object{{"total", int64_t(R.Files.size())},
                             {"translated", S.Translated},
                             {"unchanged", S.Unchanged},
                             {"partial", S.Partial},
                             {"failed", S.Failed},
                             {"already_hip", S.AlreadyHip}}},
      {"build_files",
       json::Object{{"total", S.BuildFiles},
                    {"migrated", S.BuildMigrated},
                    {"unchanged", S.BuildUnchanged},
                    {"not_migrated", S.BuildProblems},
                    {"notes", S.BuildNotes},
                    {"commands_running_nvcc", S.BuildNvccLeft},
                    {"nvcc_flags_not_placed", S.BuildFlagsUnplaced}}},
      {"inputs_not_read", notesJson(R.Inputs, R.Inputs.Unreadable)},
      {"inputs_skipped", notesJson(R.Inputs, R.Inputs.Skipped)},
      {"api_references",
       json::Object{{"converted", S.Converted},
                    {"unconverted", S.Unconverted},
                    {"own_equivalents", S.OwnEquivalents},
                    {"converted_by_family", std::move(Families)}}},
      {"unconverted", std::move(Unconverted)},
      {"file_results", std::move(Files)},
      {"seconds", R.Seconds},
      {"peak_rss_kib", peakRssKiB()}};
}

} // namespace hipwright
