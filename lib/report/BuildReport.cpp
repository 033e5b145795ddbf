//===- BuildReport.cpp - the migration-effort report as JSON --------------===//
#include "report/BuildReport.h"
#include "report/HourTerms.h"

#include "analysis/AnalyzerRegistry.h"
#include "output/VersionInfo.h"
#include "port/Summary.h"
#include "report/BuildFilesSection.h"
#include "report/Checklist.h"
#include "report/EffortModel.h"
#include "report/EffortPatterns.h"
#include "report/TensorCoreTable.h"
#include "support/Version.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

using namespace llvm;

namespace hipwright {

std::string formatHours(double H) {
  std::string S;
  raw_string_ostream(S) << format("%.2f", H);
  while (S.find('.') != std::string::npos &&
         (S.back() == '0' || S.back() == '.'))
    S.pop_back();
  return S;
}

namespace {

/// count x [min, max] per bucket range, summed: the arithmetic the report
/// prints, kept as its terms so a reader can redo it.
struct EffortSum {
  HourTerms Terms;
  unsigned Findings = 0, Suppressed = 0;
  /// Active findings in #if branches no part of the build compiles
  /// (Finding::InactiveBranch): counted in Findings and also apart.
  unsigned InactiveBranches = 0;
  /// Active findings by how they are priced (EffortPatterns.h).
  unsigned Automatic = 0, Patterns = 0, Sites = 0;
  /// Some of it comes from a file the parse did not fully read: the hours
  /// are a floor, not an estimate.
  bool Floor = false;

  void add(const Finding &F, const EffortCost &C, bool FromUnparsed) {
    Floor |= FromUnparsed;
    if (F.Suppressed) {
      ++Suppressed;
      return;
    }
    ++Findings;
    InactiveBranches += !F.InactiveBranch.empty();
    Automatic += C.Role == "automatic";
    Patterns += C.Role == "pattern";
    Sites += C.Role == "site";
    Terms.add(C.Bucket, C.MinHours, C.MaxHours);
  }
  double minHours() const { return Terms.minHours(); }
  double maxHours() const { return Terms.maxHours(); }
  json::Object toJson() const {
    return json::Object{{"findings", Findings},
                        {"suppressed", Suppressed},
                        {"inactive_branches", InactiveBranches},
                        {"automatic", Automatic},
                        {"patterns", Patterns},
                        {"further_sites", Sites},
                        {"floor", Floor},
                        {"min_hours", minHours()},
                        {"max_hours", maxHours()},
                        {"terms", Terms.toJson()}};
  }
};

/// Named sums, most hours first.
json::Array sumsJson(const std::map<std::string, EffortSum> &Sums) {
  std::vector<std::pair<std::string, const EffortSum *>> L;
  for (auto &[N, S] : Sums)
    L.push_back({N, &S});
  std::stable_sort(L.begin(), L.end(), [](auto &A, auto &B) {
    return std::make_pair(A.second->maxHours(), A.second->minHours()) >
           std::make_pair(B.second->maxHours(), B.second->minHours());
  });
  json::Array Out;
  for (auto &[N, S] : L) {
    json::Object O = S->toJson();
    O["name"] = N;
    Out.push_back(std::move(O));
  }
  return Out;
}

unsigned countLines(StringRef Text) {
  if (Text.empty())
    return 0;
  return Text.count('\n') + (Text.back() == '\n' ? 0 : 1);
}

std::string directoryOf(StringRef Rel) {
  StringRef D = sys::path::parent_path(Rel);
  return D.empty() ? "." : D.str();
}

json::Object findingRef(const Finding &F, const std::string &Rel) {
  json::Object O{{"rule", F.RuleId},
                 {"level", toString(F.Level)},
                 {"file", Rel},
                 {"line", F.Line},
                 {"column", F.Column},
                 {"message", F.Message},
                 {"suggestion", F.Suggestion},
                 {"suppressed", F.Suppressed}};
  if (!F.InactiveBranch.empty())
    O["inactive_branch"] = F.InactiveBranch;
  return O;
}

} // namespace

Expected<json::Object> buildReport(const ReportInput &In) {
  const PortResult &R = *In.Result;
  auto Rel = [&](StringRef P) { return R.Inputs.relative(P); };

  // Effort models per configuration (a tree may hold several).
  EffortModels Models;
  std::vector<std::pair<std::string, json::Object>> Overrides;
  std::vector<EffortCost> Costs;
  std::vector<const EffortModel *> ModelOf;
  for (const Finding &F : In.Findings) {
    Expected<const EffortModel *> M = Models.forFile(*In.Configs, F.File);
    if (!M)
      return M.takeError();
    Costs.push_back((*M)->costOf(F));
    ModelOf.push_back(*M);
  }

  // Findings in category, file, line order: printers group them as they go.
  std::vector<size_t> Order(In.Findings.size());
  for (size_t I = 0; I < Order.size(); ++I)
    Order[I] = I;
  auto Key = [&](size_t I) {
    const Finding &F = In.Findings[I];
    return std::make_tuple(ruleCategory(F.RuleId), Rel(F.File), F.Line,
                           F.Column, F.RuleId);
  };
  std::stable_sort(Order.begin(), Order.end(),
                   [&](size_t A, size_t B) { return Key(A) < Key(B); });
  std::vector<EffortPattern> Patterns =
      pricePatterns(In.Findings, Order, ModelOf, Costs);

  // Files the parse did not fully read (compile errors): what they cost is
  // at least what was found, not an estimate.
  std::set<std::string> Unparsed;
  for (const FileOutcome &F : R.Files)
    if (F.Status == FileStatus::Partial || F.Status == FileStatus::Failed)
      Unparsed.insert(F.Path);

  EffortSum Total;
  std::map<std::string, EffortSum> ByCategory, ByDirectory, ByFile;
  std::map<std::string, unsigned> RuleCounts;
  json::Array FindingsJson, Hopper, Unsupported;
  for (size_t I : Order) {
    const Finding &F = In.Findings[I];
    const EffortCost &C = Costs[I];
    std::string File = Rel(F.File);
    bool Floor = Unparsed.count(F.File) != 0;
    Total.add(F, C, Floor);
    ByCategory[ruleCategory(F.RuleId)].add(F, C, Floor);
    ByDirectory[directoryOf(File)].add(F, C, Floor);
    ByFile[F.File].add(F, C, Floor);
    ++RuleCounts[F.RuleId];
    json::Object O = findingRef(F, File);
    O["category"] = ruleCategory(F.RuleId);
    O["directory"] = directoryOf(File);
    O["fix_it"] = !F.Fixes.empty();
    O["fingerprint"] = F.Fingerprint;
    O["effort"] =
        json::Object{{"bucket", C.Bucket},
                     {"min_hours", C.MinHours},
                     {"max_hours", C.MaxHours},
                     {"source", C.Source},
                     {"role", C.Role},
                     {"pattern", C.Pattern >= 0 ? json::Value(C.Pattern)
                                                : json::Value(nullptr)}};
    FindingsJson.push_back(std::move(O));
    if (ruleCategory(F.RuleId) == "hopper-only")
      Hopper.push_back(findingRef(F, File));
    if (ruleCategory(F.RuleId) == "unsupported-api")
      Unsupported.push_back(findingRef(F, File));
  }

  // The checklist: each file's class, from a token pass over its text.
  ChecklistInput CI;
  CI.Result = &R;
  CI.Configs = In.Configs;
  for (auto &[Path, S] : ByFile)
    CI.Hours[Path] = FileHours{S.Findings, S.minHours(), S.maxHours(), S.Floor};
  Expected<ChecklistJson> Checklist = buildChecklist(CI);
  if (!Checklist)
    return Checklist.takeError();

  // Tree size.
  std::map<std::string, unsigned> KernelsPerFile;
  for (const KernelDef &K : R.Kernels)
    ++KernelsPerFile[K.File];
  unsigned Lines = 0;
  json::Array Files;
  {
    std::vector<const FileOutcome *> Sorted;
    for (const FileOutcome &F : R.Files)
      Sorted.push_back(&F);
    // Most manual work first; ties by path so the order is stable.
    auto Work = [&](const FileOutcome *F) {
      auto It = ByFile.find(F->Path);
      if (It == ByFile.end())
        return std::make_tuple(0.0, 0.0, 0u);
      return std::make_tuple(It->second.maxHours(), It->second.minHours(),
                             It->second.Findings);
    };
    std::stable_sort(Sorted.begin(), Sorted.end(),
                     [&](auto *A, auto *B) { return Work(A) > Work(B); });
    for (const FileOutcome *F : Sorted) {
      unsigned N = countLines(F->Original);
      Lines += N;
      auto It = ByFile.find(F->Path);
      EffortSum Empty;
      const EffortSum &S = It == ByFile.end() ? Empty : It->second;
      json::Array Errors;
      for (size_t I = 0; I < F->Errors.size() && I < 3; ++I)
        Errors.push_back(F->Errors[I]);
      std::string P = Rel(F->Path);
      if (Unparsed.count(F->Path)) {
        // An unparsed file with no findings still lowers the confidence.
        Total.Floor = true;
        ByDirectory[directoryOf(P)].Floor = true;
      }
      auto Class = Checklist->ClassOf.find(F->Path);
      Files.push_back(json::Object{{"path", P},
                                   {"directory", directoryOf(P)},
                                   {"class", Class == Checklist->ClassOf.end()
                                                 ? json::Value(nullptr)
                                                 : json::Value(Class->second)},
                                   {"status", toString(F->Status)},
                                   {"lines", N},
                                   {"kernels", KernelsPerFile[F->Path]},
                                   {"findings", S.Findings},
                                   {"suppressed", S.Suppressed},
                                   {"min_hours", S.minHours()},
                                   {"max_hours", S.maxHours()},
                                   {"floor", Unparsed.count(F->Path) != 0},
                                   {"errors", std::move(Errors)}});
    }
  }
  PortStats Stats = computeStats(R);
  json::Array Kernels;
  for (const KernelDef &K : R.Kernels)
    Kernels.push_back(json::Object{
        {"name", K.Name}, {"file", Rel(K.File)}, {"line", K.Line}});

  // Translation: converted / unconverted references per family.
  std::map<std::string, std::pair<unsigned, unsigned>> Families;
  std::map<std::string, std::pair<std::string, unsigned>> Names;
  for (const ApiReference &Ref : R.References) {
    auto &P = Families[Ref.Family];
    (Ref.Converted ? P.first : P.second)++;
    if (!Ref.Converted) {
      auto &N = Names[Ref.Name];
      N.first = Ref.Family;
      ++N.second;
    }
  }
  json::Array FamiliesJson, NamesJson;
  for (auto &[F, P] : Families)
    FamiliesJson.push_back(json::Object{
        {"family", F}, {"converted", P.first}, {"unconverted", P.second}});
  for (auto &[N, P] : Names)
    NamesJson.push_back(
        json::Object{{"name", N}, {"family", P.first}, {"count", P.second}});
  unsigned Refs = Stats.Converted + Stats.Unconverted;

  // Effort model legend: the buckets of the run's configurations and the
  // default table, so the arithmetic can be checked from the report alone.
  json::Array Buckets;
  {
    std::map<std::string, std::pair<double, double>> Seen;
    for (const EffortBucket &B : EffortModel::defaultBuckets())
      Seen[B.Name] = {B.MinHours, B.MaxHours};
    std::vector<std::string> Order;
    for (const EffortBucket &B : EffortModel::defaultBuckets())
      Order.push_back(B.Name);
    for (auto &[Cfg, M] : Models.all())
      for (const EffortBucket &B : M.buckets()) {
        if (!Seen.count(B.Name))
          Order.push_back(B.Name);
        Seen[B.Name] = {B.MinHours, B.MaxHours};
      }
    for (const std::string &N : Order)
      Buckets.push_back(json::Object{{"name", N},
                                     {"min_hours", Seen[N].first},
                                     {"max_hours", Seen[N].second}});
  }
  json::Array DefaultRules;
  for (const DefaultEffortRule &D : EffortModel::defaultRules())
    DefaultRules.push_back(json::Object{{"pattern", D.Pattern},
                                        {"with_fix", D.WithFix},
                                        {"without_fix", D.WithoutFix},
                                        {"reason", D.Reason}});
  json::Array OverridesJson;
  for (auto &[Cfg, M] : Models.all()) {
    for (auto &[Pattern, Bucket] : Cfg->EffortRules)
      OverridesJson.push_back(json::Object{
          {"source", Cfg->Source}, {"pattern", Pattern}, {"bucket", Bucket}});
    for (auto &[Bucket, Range] : Cfg->EffortBuckets)
      OverridesJson.push_back(json::Object{{"source", Cfg->Source},
                                           {"bucket", Bucket},
                                           {"min_hours", Range.first},
                                           {"max_hours", Range.second}});
  }

  json::Array PatternsJson;
  for (size_t I = 0; I < Patterns.size(); ++I) {
    const EffortPattern &P = Patterns[I];
    const Finding &F = In.Findings[P.FirstFinding];
    PatternsJson.push_back(json::Object{
        {"id", int64_t(I)},
        {"rule", P.Rule},
        {"category", ruleCategory(P.Rule)},
        {"edit", P.Edit},
        {"sites", P.Sites},
        {"first", json::Object{{"file", Rel(F.File)}, {"line", F.Line}}},
        {"bucket", P.First.Bucket},
        {"min_each", P.First.MinHours},
        {"max_each", P.First.MaxHours},
        {"site_bucket", P.Site.Bucket},
        {"site_min_each", P.Site.MinHours},
        {"site_max_each", P.Site.MaxHours},
        {"min_hours", P.minHours()},
        {"max_hours", P.maxHours()}});
  }

  // What the range means, what it rests on, and where it is only a floor.
  json::Array UnparsedJson;
  for (const FileOutcome &F : R.Files) {
    if (!Unparsed.count(F.Path))
      continue;
    auto It = ByFile.find(F.Path);
    EffortSum Empty;
    const EffortSum &S = It == ByFile.end() ? Empty : It->second;
    UnparsedJson.push_back(json::Object{{"path", Rel(F.Path)},
                                        {"status", toString(F.Status)},
                                        {"errors", int64_t(F.Errors.size())},
                                        {"findings", S.Findings},
                                        {"min_hours", S.minHours()},
                                        {"max_hours", S.maxHours()}});
  }
  json::Object Confidence{
      {"range",
       "the low end prices every finding and every build-file note at its "
       "bucket's easy end and the high end at its hard end; work neither a "
       "rule nor the build-file migration detects (testing, performance "
       "tuning) is not in either"},
      {"calibration", EffortModel::calibration()},
      {"floor", Total.Floor},
      {"unparsed_files", std::move(UnparsedJson)}};

  json::Array RulesSeen;
  for (auto &[Id, N] : RuleCounts) {
    const RuleInfo *Info = In.Analyzers ? In.Analyzers->findRule(Id) : nullptr;
    RulesSeen.push_back(json::Object{
        {"id", Id}, {"count", N}, {"summary", Info ? Info->Summary : ""}});
  }

  json::Array TensorCores;
  for (const TensorCoreKernel &K : tensorCoreKernels(In.Findings, In.Targets)) {
    json::Array Shapes, Rocwmma, Mfma;
    for (const std::string &S : K.Shapes)
      Shapes.push_back(S);
    for (const std::string &S : K.Rocwmma)
      Rocwmma.push_back(S);
    for (const std::string &T : In.Targets) {
      json::Array B;
      auto It = K.Mfma.find(T);
      if (It != K.Mfma.end())
        for (const std::string &S : It->second)
          B.push_back(S);
      Mfma.push_back(json::Object{{"target", T}, {"builtins", std::move(B)}});
    }
    TensorCores.push_back(json::Object{{"function", K.Name},
                                       {"kind", K.Kind},
                                       {"file", Rel(K.File)},
                                       {"line", K.Line},
                                       {"findings", K.Findings},
                                       {"shapes", std::move(Shapes)},
                                       {"mfma", std::move(Mfma)},
                                       {"rocwmma", std::move(Rocwmma)}});
  }

  // Build files: what their migration left for a person, priced apart from
  // the findings and added to them in effort.overall.
  Expected<json::Object> BuildFiles =
      buildFilesSection(R, In.Targets, *In.Configs);
  if (!BuildFiles)
    return BuildFiles.takeError();
  double BuildMin = BuildFiles->getNumber("min_hours").value_or(0);
  double BuildMax = BuildFiles->getNumber("max_hours").value_or(0);
  json::Object Overall{{"min_hours", Total.minHours() + BuildMin},
                       {"max_hours", Total.maxHours() + BuildMax},
                       {"findings_min_hours", Total.minHours()},
                       {"findings_max_hours", Total.maxHours()},
                       {"build_files_min_hours", BuildMin},
                       {"build_files_max_hours", BuildMax},
                       {"floor", Total.Floor}};

  json::Array Targets;
  for (const std::string &T : In.Targets)
    Targets.push_back(T);
  json::Object Report{
      {"schema", "hipwright-report/4"},
      {"generator", std::string("hipwright ") + toolVersion()},
      {"version", versionJson()},
      {"root", R.Inputs.Root},
      {"targets", std::move(Targets)},
      {"seconds", R.Seconds},
      {"tree", json::Object{{"files", int64_t(R.Files.size())},
                            {"sources", int64_t(R.Inputs.Units.size())},
                            {"headers", int64_t(R.Inputs.Headers.size())},
                            {"lines", Lines},
                            {"kernels", int64_t(R.Kernels.size())}}},
      {"translation",
       json::Object{
           {"files_translated", Stats.Translated},
           {"files_unchanged", Stats.Unchanged},
           {"files_partial", Stats.Partial},
           {"files_failed", Stats.Failed},
           {"converted", Stats.Converted},
           {"unconverted", Stats.Unconverted},
           {"percent_converted", Refs ? 100.0 * Stats.Converted / Refs : 100.0},
           {"own_equivalents", Stats.OwnEquivalents},
           {"families", std::move(FamiliesJson)},
           {"unconverted_names", std::move(NamesJson)}}},
      {"effort", json::Object{{"buckets", std::move(Buckets)},
                              {"default_rules", std::move(DefaultRules)},
                              {"overrides", std::move(OverridesJson)},
                              {"total", Total.toJson()},
                              {"overall", std::move(Overall)},
                              {"confidence", std::move(Confidence)},
                              {"patterns", std::move(PatternsJson)},
                              {"by_category", sumsJson(ByCategory)},
                              {"by_directory", sumsJson(ByDirectory)}}},
      {"checklist", std::move(Checklist->Checklist)},
      {"dependencies", std::move(Checklist->Dependencies)},
      {"build_files", std::move(*BuildFiles)},
      {"rules", std::move(RulesSeen)},
      {"findings", std::move(FindingsJson)},
      {"files", std::move(Files)},
      {"kernels", std::move(Kernels)},
      {"tensor_core_kernels", std::move(TensorCores)},
      {"hopper_only", std::move(Hopper)},
      {"unsupported_api", std::move(Unsupported)},
      {"verify", In.Verify ? json::Value(json::Object(*In.Verify))
                           : json::Value(nullptr)}};
  return Report;
}

} // namespace hipwright
