//===- BuildRules.cpp - CMake names of CUDA builds and their HIP twins ----===//
#include "buildfiles/BuildRules.h"
#include "rules/EmbeddedRules.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/ErrorHandling.h"

using namespace llvm;

namespace hipwright {

const std::vector<std::string> &knownRocmPackages() {
  static const std::vector<std::string> Packages = {
      "hip",    "hipblas",   "hipblaslt", "hiprand", "rocrand",
      "hipfft", "hipsparse", "hipsolver", "hipcub",  "rocthrust",
      "miopen", "rccl",      "hiprtc"};
  return Packages;
}

static std::optional<BuildRuleKind> parseKind(StringRef S) {
  if (S == "target")
    return BuildRuleKind::Target;
  if (S == "variable")
    return BuildRuleKind::Variable;
  if (S == "libvar")
    return BuildRuleKind::LibVar;
  if (S == "property")
    return BuildRuleKind::Property;
  if (S == "command")
    return BuildRuleKind::Command;
  if (S == "library")
    return BuildRuleKind::Library;
  return std::nullopt;
}

static std::vector<std::string> words(StringRef S) {
  SmallVector<StringRef, 4> Parts;
  S.split(Parts, ' ', -1, /*KeepEmpty=*/false);
  std::vector<std::string> Out;
  for (StringRef P : Parts)
    if (P != "-")
      Out.push_back(P.str());
  return Out;
}

Error BuildRuleTable::addTable(StringRef Name, StringRef Text) {
  unsigned LineNo = 0;
  SmallVector<StringRef, 0> Lines;
  Text.split(Lines, '\n');
  for (StringRef L : Lines) {
    ++LineNo;
    L = L.rtrim("\r");
    if (L.trim().empty() || L.starts_with("#"))
      continue;
    auto Fail = [&](const Twine &Msg) {
      return createStringError(inconvertibleErrorCode(), "%s:%u: %s",
                               Name.str().c_str(), LineNo, Msg.str().c_str());
    };
    SmallVector<StringRef, 5> Cols;
    L.split(Cols, '\t');
    if (Cols.size() < 4)
      return Fail("expected 4 or 5 tab-separated columns, found " +
                  Twine(Cols.size()));
    std::optional<BuildRuleKind> K = parseKind(Cols[2].trim());
    if (!K)
      return Fail("unknown kind '" + Cols[2].trim() + "'");
    BuildRule R;
    R.Cuda = Cols[0].trim().str();
    R.Remove = Cols[1].trim() == "(remove)";
    R.Hip = R.Remove ? std::vector<std::string>() : words(Cols[1].trim());
    R.Kind = *K;
    R.Packages = words(Cols[3].trim());
    R.Notes = Cols.size() > 4 ? Cols[4].trim().str() : "";
    R.Line = LineNo;
    if (R.Cuda.empty())
      return Fail("empty CUDA name");
    if (!R.hasHip() && R.Notes.empty())
      return Fail("'" + R.Cuda + "' has no HIP name and no reason in notes");
    if ((R.Kind == BuildRuleKind::Target || R.Kind == BuildRuleKind::LibVar ||
         R.Kind == BuildRuleKind::Library) &&
        R.hasHip() && R.Packages.empty())
      return Fail("'" + R.Cuda + "' names HIP targets but no package");
    for (const std::string &P : R.Packages)
      if (!is_contained(knownRocmPackages(), P))
        return Fail("unknown ROCm package '" + P + "'");
    if (!Index.try_emplace({R.Kind, R.Cuda}, Rows.size()).second)
      return Fail("'" + R.Cuda + "' appears twice");
    Rows.push_back(std::move(R));
  }
  return Error::success();
}

const BuildRule *BuildRuleTable::lookup(BuildRuleKind K, StringRef Cuda) const {
  auto It = Index.find({K, Cuda.str()});
  return It == Index.end() ? nullptr : &Rows[It->second];
}

const BuildRuleTable &BuildRuleTable::builtin() {
  static const BuildRuleTable Table = [] {
    BuildRuleTable T;
    for (unsigned I = 0; I < kEmbeddedBuildRulesCount; ++I)
      if (Error E = T.addTable(kEmbeddedBuildRules[I].Name,
                               kEmbeddedBuildRules[I].Content))
        // Compiled in and checked by the unit tests: a build defect.
        report_fatal_error(std::move(E));
    return T;
  }();
  return Table;
}

} // namespace hipwright
