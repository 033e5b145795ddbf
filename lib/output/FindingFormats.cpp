//===- FindingFormats.cpp - findings as JSON and SARIF --------------------===//
#include "output/FindingFormats.h"

#include "analysis/Analyzer.h"
#include "findings/Suppressions.h"
#include "output/VersionInfo.h"
#include "rules/RuleDocs.h"
#include "support/Version.h"

#include "llvm/ADT/StringExtras.h"

#include <map>

using namespace llvm;

namespace hipwright {

std::string sarifUriPath(StringRef Path) {
  // RFC 3986: everything but the unreserved characters and the path's '/'
  // is percent-encoded. Raw, a '#' starts a fragment and a '?' a query (the
  // viewer opens another file), a ' ' or newline is no URI at all, and a
  // ':' in a relative path's first segment would read as a scheme.
  std::string Out;
  for (unsigned char C : Path) {
    if (isAlnum(C) || C == '-' || C == '.' || C == '_' || C == '~' ||
        C == '/') {
      Out += C;
      continue;
    }
    Out += '%';
    Out += hexdigit(C >> 4);
    Out += hexdigit(C & 15);
  }
  return Out;
}

/// The artifactLocation of \p Display (a path as PathMapper spells it):
/// relative to %SRCROOT% when relative, a file:// URI when absolute (a file
/// outside the directory lint ran in has no place under the root).
static json::Object artifactLocation(StringRef Display) {
  if (Display.starts_with("/"))
    return json::Object{{"uri", "file://" + sarifUriPath(Display)}};
  return json::Object{{"uri", sarifUriPath(Display)},
                      {"uriBaseId", "%SRCROOT%"}};
}

json::Value findingsJson(const std::vector<Finding> &Findings,
                         const PathMapper &Path) {
  json::Array List;
  unsigned Counts[3] = {0, 0, 0}, Suppressed = 0;
  for (const Finding &F : Findings) {
    json::Array Fixes;
    for (const Replacement &R : F.Fixes)
      Fixes.push_back(json::Object{{"file", Path(R.File)},
                                   {"offset", R.Offset},
                                   {"length", R.Length},
                                   {"text", R.Text}});
    json::Object Row{
        {"rule", F.RuleId},           {"level", toString(F.Level)},
        {"file", Path(F.File)},       {"line", F.Line},
        {"column", F.Column},         {"message", F.Message},
        {"suggestion", F.Suggestion}, {"fingerprint", F.Fingerprint},
        {"suppressed", F.Suppressed}, {"fixes", std::move(Fixes)}};
    if (!F.InactiveBranch.empty())
      Row["inactive_branch"] = F.InactiveBranch;
    List.push_back(std::move(Row));
    if (F.Suppressed)
      ++Suppressed;
    else
      ++Counts[static_cast<int>(F.Level)];
  }
  return json::Object{{"version", 1},
                      {"tool", json::Object{{"name", "hipwright"},
                                            {"version", toolVersion()},
                                            {"build", versionJson()}}},
                      {"findings", std::move(List)},
                      {"summary", json::Object{{"errors", Counts[2]},
                                               {"warnings", Counts[1]},
                                               {"notes", Counts[0]},
                                               {"suppressed", Suppressed}}}};
}

json::Value findingsSarif(const std::vector<Finding> &Findings,
                          const std::vector<RuleInfo> &KnownRules,
                          const PathMapper &Path) {
  std::vector<RuleInfo> Rules = KnownRules;
  // Findings about hipwright's own inputs are rules too.
  Rules.push_back(unmatchedNolintRule());
  std::map<std::string, size_t> Index;
  json::Array RuleList;
  for (const RuleInfo &R : Rules) {
    Index[R.Id] = RuleList.size();
    std::string Page = ruleDocPage(R.Id).str();
    json::Object Help{{"text", R.Details}};
    if (!Page.empty())
      Help["markdown"] = Page;
    RuleList.push_back(
        json::Object{{"id", R.Id},
                     {"name", R.Id},
                     {"shortDescription", json::Object{{"text", R.Summary}}},
                     {"fullDescription", json::Object{{"text", R.Details}}},
                     {"help", std::move(Help)},
                     {"defaultConfiguration",
                      json::Object{{"level", toString(R.DefaultLevel)}}}});
  }
  json::Array Results;
  for (const Finding &F : Findings) {
    json::Object Region{{"startLine", F.Line}, {"startColumn", F.Column}};
    json::Object Result{
        {"ruleId", F.RuleId},
        {"level", toString(F.Level)},
        {"message",
         json::Object{{"text", F.Suggestion.empty()
                                   ? F.Message
                                   : F.Message + " " + F.Suggestion}}},
        {"locations",
         json::Array{json::Object{
             {"physicalLocation",
              json::Object{{"artifactLocation", artifactLocation(Path(F.File))},
                           {"region", std::move(Region)}}}}}},
        {"partialFingerprints",
         json::Object{{"hipwrightFingerprint/v1", F.Fingerprint}}}};
    auto It = Index.find(F.RuleId);
    if (It != Index.end())
      Result["ruleIndex"] = int64_t(It->second);
    if (F.Suppressed)
      Result["suppressions"] = json::Array{json::Object{{"kind", "inSource"}}};
    Results.push_back(std::move(Result));
  }
  return json::Object{
      {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
      {"version", "2.1.0"},
      {"runs",
       json::Array{json::Object{
           {"tool",
            json::Object{
                {"driver",
                 json::Object{{"name", "hipwright"},
                              {"version", toolVersion()},
                              {"semanticVersion", toolVersion()},
                              {"informationUri",
                               "https://github.com/hipwright/hipwright"},
                              {"rules", std::move(RuleList)}}}}},
           {"results", std::move(Results)},
           {"properties", json::Object{{"hipwright", versionJson()}}}}}}};
}

} // namespace hipwright
