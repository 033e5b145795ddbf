//===- RuleTable.cpp - CUDA->HIP mapping tables ---------------------------===//
#include "rules/RuleTable.h"
#include "rules/EmbeddedRules.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace llvm;

namespace hipwright {

StringRef toString(RuleKind K) {
  switch (K) {
  case RuleKind::Function:
    return "function";
  case RuleKind::Type:
    return "type";
  case RuleKind::Enum:
    return "enum";
  case RuleKind::Macro:
    return "macro";
  case RuleKind::Header:
    return "header";
  case RuleKind::Namespace:
    return "namespace";
  case RuleKind::Member:
    return "member";
  case RuleKind::Erase:
    return "erase";
  case RuleKind::Call:
    return "call";
  }
  llvm_unreachable("bad RuleKind");
}

StringRef toString(RuleStatus S) {
  switch (S) {
  case RuleStatus::Supported:
    return "supported";
  case RuleStatus::Deprecated:
    return "deprecated";
  case RuleStatus::Removed:
    return "removed";
  case RuleStatus::Unsupported:
    return "unsupported";
  }
  llvm_unreachable("bad RuleStatus");
}

static std::optional<RuleKind> parseKind(StringRef S) {
  for (RuleKind K : {RuleKind::Function, RuleKind::Type, RuleKind::Enum,
                     RuleKind::Macro, RuleKind::Header, RuleKind::Namespace,
                     RuleKind::Call, RuleKind::Member, RuleKind::Erase})
    if (S == toString(K))
      return K;
  return std::nullopt;
}

static std::optional<RuleStatus> parseStatus(StringRef S) {
  for (RuleStatus St : {RuleStatus::Supported, RuleStatus::Deprecated,
                        RuleStatus::Removed, RuleStatus::Unsupported})
    if (S == toString(St))
      return St;
  return std::nullopt;
}

Error RuleTable::addTable(StringRef FileName, StringRef Text) {
  StringRef Family = FileName;
  Family.consume_back(".tsv");
  unsigned LineNo = 0;
  SmallVector<StringRef, 8> Lines;
  Text.split(Lines, '\n');
  for (StringRef Line : Lines) {
    ++LineNo;
    Line = Line.rtrim("\r");
    if (Line.trim().empty() || Line.ltrim().starts_with("#"))
      continue;
    auto Fail = [&](const Twine &Why) {
      return createStringError(inconvertibleErrorCode(),
                               FileName + ":" + Twine(LineNo) + ": " + Why);
    };
    SmallVector<StringRef, 8> Cols;
    Line.split(Cols, '\t');
    if (Cols.size() < 4)
      return Fail("expected at least 4 tab-separated columns "
                  "(cuda, hip, kind, status), got " +
                  Twine(Cols.size()));
    Rule R;
    R.Cuda = Cols[0].trim().str();
    StringRef Hip = Cols[1].trim();
    R.Hip = Hip == "-" ? "" : Hip.str();
    auto Kind = parseKind(Cols[2].trim());
    if (!Kind)
      return Fail("unknown kind '" + Cols[2].trim() + "'");
    auto Status = parseStatus(Cols[3].trim());
    if (!Status)
      return Fail("unknown status '" + Cols[3].trim() + "'");
    R.Kind = *Kind;
    R.Status = *Status;
    if (Cols.size() > 4)
      R.CudaVersion = Cols[4].trim().str();
    if (Cols.size() > 5)
      R.RocmVersion = Cols[5].trim().str();
    if (Cols.size() > 6)
      R.Notes = Cols[6].trim().str();
    R.Family = Family.str();
    R.Line = LineNo;
    if (R.Cuda.empty())
      return Fail("empty CUDA name");
    if (!R.RocmVersion.empty()) {
      auto [From, To] = StringRef(R.RocmVersion).split('-');
      R.Since = RocmVersion::parse(From);
      if (R.RocmVersion.find('-') != std::string::npos) {
        R.Until = RocmVersion::parse(To);
        if (!R.Since || !R.Until || *R.Until < *R.Since)
          return Fail("rocm_version '" + R.RocmVersion +
                      "' is not a range of releases like 6.1-6.4");
      }
      if (!R.Since)
        return Fail("rocm_version '" + R.RocmVersion +
                    "' is not a version like 6.2");
    }
    if (R.Status == RuleStatus::Unsupported && R.hasHip())
      return Fail("'" + R.Cuda + "' is unsupported but names a HIP twin");
    if (R.Kind == RuleKind::Erase &&
        (R.hasHip() || R.Status != RuleStatus::Supported))
      return Fail("erase row '" + R.Cuda +
                  "' must be supported with '-' as its HIP name");
    if (R.Status == RuleStatus::Supported && !R.hasHip() && !R.erases())
      return Fail("'" + R.Cuda + "' is supported but has no HIP name");
    if (R.Kind == RuleKind::Call) {
      Expected<CallRule> Call = parseCallRule(R.Cuda, R.Hip);
      if (!Call)
        return Fail(llvm::toString(Call.takeError()));
      for (const CallRow &Old : CallRows)
        if (Old.Row.Cuda == R.Cuda)
          return Fail("'" + R.Cuda + "' is already a call rule at " +
                      Old.Row.Family + ".tsv:" + Twine(Old.Row.Line));
      CallsByCallee[Call->Callee].push_back(CallRows.size());
      CallRows.push_back({std::move(R), std::move(*Call)});
      continue;
    }
    if (R.Kind == RuleKind::Member) {
      auto [Record, Field] = StringRef(R.Cuda).split("::");
      if (Record.empty() || Field.empty() || Field.contains(':'))
        return Fail("member row '" + R.Cuda +
                    "' must be spelled StructTag::field");
      auto [It, New] = MembersByName.try_emplace(R.Cuda, MemberRows.size());
      if (!New)
        return Fail("'" + R.Cuda + "' is already mapped by " +
                    MemberRows[It->second].Family +
                    ".tsv:" + Twine(MemberRows[It->second].Line));
      MemberRows.push_back(std::move(R));
      continue;
    }
    auto &Index = R.Kind == RuleKind::Header ? ByHeader : ByName;
    auto [It, Inserted] = Index.try_emplace(R.Cuda, Rules.size());
    if (!Inserted) {
      // A second row is allowed for another span of releases: the name's
      // HIP twin changed (hipblasCscal_v2_64 through ROCm 6.4,
      // hipblasCscal_64 from 7.0). Their spans may not overlap.
      const Rule &Old = Rules[It->second];
      std::vector<size_t> &Older = OlderByName[R.Cuda];
      // Two spans overlap when either holds the other's first release.
      bool Overlap =
          R.Kind == RuleKind::Header || !R.Since || (!R.Until && !Old.Until);
      for (const Rule *Other : rowsOf(R.Cuda))
        Overlap = Overlap || Other->availableIn(*R.Since) ||
                  (Other->Since && R.availableIn(*Other->Since));
      if (Overlap)
        return Fail("'" + R.Cuda + "' is already mapped by " + Old.Family +
                    ".tsv:" + Twine(Old.Line) +
                    " (a second row must name another span of ROCm "
                    "releases, such as 6.1-6.4)");
      // The row without an end (or with the later end) is the name's row;
      // the other joins the older ones, newest first.
      size_t New = Rules.size();
      bool NewIsNewest = !R.Until || (Old.Until && *Old.Until < *R.Until);
      Rules.push_back(std::move(R));
      if (NewIsNewest) {
        Older.insert(Older.begin(), It->second);
        It->second = New;
      } else {
        Older.push_back(New);
        llvm::sort(Older, [&](size_t A, size_t B) {
          return *Rules[B].Since < *Rules[A].Since;
        });
      }
      continue;
    }
    Rules.push_back(std::move(R));
  }
  return Error::success();
}

std::optional<RocmVersion> RuleTable::newestRocmVersion() const {
  std::optional<RocmVersion> Newest;
  for (const Rule &R : Rules)
    if (R.Since && (!Newest || *Newest < *R.Since))
      Newest = R.Since;
  return Newest;
}

const Rule *RuleTable::lookup(StringRef CudaName) const {
  auto It = ByName.find(CudaName);
  return It == ByName.end() ? nullptr : &Rules[It->second];
}

const Rule *
RuleTable::lookupFor(StringRef CudaName,
                     const std::optional<RocmVersion> &Target) const {
  const Rule *Newest = lookup(CudaName);
  if (!Newest || !Target)
    return Newest;
  for (const Rule *R : rowsOf(CudaName)) // the newest first
    if (R->availableIn(*Target))
      return R;
  return Newest;
}

std::vector<const Rule *> RuleTable::rowsOf(StringRef CudaName) const {
  std::vector<const Rule *> Out;
  if (const Rule *R = lookup(CudaName))
    Out.push_back(R);
  auto It = OlderByName.find(CudaName);
  if (It != OlderByName.end())
    for (size_t I : It->second)
      Out.push_back(&Rules[I]);
  return Out;
}

const Rule *RuleTable::lookupMember(StringRef Record, StringRef Field) const {
  auto It = MembersByName.find((Record + "::" + Field).str());
  return It == MembersByName.end() ? nullptr : &MemberRows[It->second];
}

std::vector<const CallRow *> RuleTable::callRules(StringRef CudaCallee) const {
  std::vector<const CallRow *> Out;
  auto It = CallsByCallee.find(CudaCallee);
  if (It != CallsByCallee.end())
    for (size_t I : It->second)
      Out.push_back(&CallRows[I]);
  return Out;
}

const Rule *RuleTable::lookupHeader(StringRef IncludePath) const {
  auto It = ByHeader.find(IncludePath);
  return It == ByHeader.end() ? nullptr : &Rules[It->second];
}

const RuleTable &RuleTable::builtin() {
  static const RuleTable Table = [] {
    RuleTable T;
    for (unsigned I = 0; I < kEmbeddedRuleFilesCount; ++I)
      if (Error E = T.addTable(kEmbeddedRuleFiles[I].Name,
                               kEmbeddedRuleFiles[I].Content))
        // The tables are compiled in and checked by the test suite, so a
        // broken one is a build defect, not a user error.
        report_fatal_error(std::move(E));
    return T;
  }();
  return Table;
}

std::vector<const Rule *> RuleTable::nearMisses(StringRef Name,
                                                unsigned Max) const {
  std::vector<std::pair<unsigned, const Rule *>> Scored;
  std::string Lower = Name.lower();
  unsigned Limit = std::max<unsigned>(2, Name.size() / 3);
  for (const Rule &R : Rules) {
    // Match either spelling so `hipMaloc` finds cudaMalloc as well.
    unsigned D = StringRef(Lower).edit_distance(StringRef(R.Cuda).lower(), true,
                                                Limit + 1);
    if (R.hasHip())
      D = std::min(D, StringRef(Lower).edit_distance(StringRef(R.Hip).lower(),
                                                     true, Limit + 1));
    if (D <= Limit)
      Scored.push_back({D, &R});
  }
  std::stable_sort(Scored.begin(), Scored.end(),
                   [](auto &A, auto &B) { return A.first < B.first; });
  std::vector<const Rule *> Out;
  for (auto &[D, R] : Scored) {
    if (Out.size() >= Max)
      break;
    Out.push_back(R);
  }
  return Out;
}

} // namespace hipwright
