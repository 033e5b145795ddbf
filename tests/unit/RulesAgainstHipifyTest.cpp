//===- RulesAgainstHipifyTest.cpp - rules/ covers HIPIFY's renames --------===//
//
// rules/reference/hipify_names.tsv lists every CUDA name HIPIFY's published
// tables rename to HIP (facts only: names and versions, extracted by
// scripts/extract-hipify-names.py). Each must have a row in rules/*.tsv that
// either maps it or says why it stays: a port must never be quietly less
// complete than HIPIFY's.
//
//===----------------------------------------------------------------------===//
#include "rules/RuleTable.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"

#include <catch2/catch.hpp>

#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

using namespace hipwright;

namespace {

struct ReferenceName {
  std::string Cuda, Hip, Rocm, Family;
  unsigned Line = 0;
};

/// Parses the reference list; malformed lines are returned in \p Problems.
std::vector<ReferenceName> parseReference(llvm::StringRef Text,
                                          std::vector<std::string> &Problems) {
  std::vector<ReferenceName> Out;
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  Text.split(Lines, '\n');
  llvm::StringSet<> Seen;
  for (unsigned I = 0; I < Lines.size(); ++I) {
    llvm::StringRef L = Lines[I].rtrim("\r");
    if (L.empty() || L.starts_with("#"))
      continue;
    llvm::SmallVector<llvm::StringRef, 4> Cols;
    L.split(Cols, '\t');
    std::string Where = "line " + std::to_string(I + 1) + ": ";
    if (Cols.size() != 4 || Cols[0].empty() || Cols[1].empty() ||
        Cols[3].empty()) {
      Problems.push_back(Where + "expected cuda, hip, rocm_added, family");
      continue;
    }
    if (!Cols[2].empty() && !RocmVersion::parse(Cols[2]))
      Problems.push_back(Where + "bad version '" + Cols[2].str() + "'");
    if (!Seen.insert(Cols[0]).second)
      Problems.push_back(Where + "'" + Cols[0].str() + "' listed twice");
    Out.push_back(
        {Cols[0].str(), Cols[1].str(), Cols[2].str(), Cols[3].str(), I + 1});
  }
  return Out;
}

/// The reference names \p Table neither maps nor marks unsupported with a
/// reason (a row without a HIP name must say why in its notes).
std::vector<std::string> uncovered(const RuleTable &Table,
                                   const std::vector<ReferenceName> &Names) {
  std::vector<std::string> Out;
  for (const ReferenceName &N : Names) {
    const Rule *R = Table.lookup(N.Cuda);
    if (!R)
      Out.push_back(N.Cuda + " (" + N.Family + "; HIPIFY: " + N.Hip +
                    "): no row in rules/");
    else if (!R->hasHip() && R->Notes.empty())
      Out.push_back(N.Cuda + " (rules/" + R->Family +
                    ".tsv:" + std::to_string(R->Line) + "; HIPIFY: " + N.Hip +
                    "): no HIP name and no reason in the notes");
  }
  return Out;
}

std::string readFile(const std::string &Path) {
  std::ifstream In(Path, std::ios::binary);
  std::stringstream SS;
  SS << In.rdbuf();
  return SS.str();
}

} // namespace

TEST_CASE("coverage check flags missing rows and unexplained gaps",
          "[rules][hipify]") {
  RuleTable T;
  REQUIRE(llvm::toString(T.addTable(
              "t.tsv",
              "cudaA\thipA\tfunction\tsupported\n"
              "cudaB\t-\tfunction\tunsupported\t\t\tno HIP twin\n"
              "cudaC\t-\tfunction\tunsupported\n"
              "cudaD\t-\tfunction\tremoved\t\t\tgone, HIP lacks it\n")) == "");
  std::vector<std::string> Problems;
  auto Names = parseReference("# comment\n"
                              "cudaA\thipA\t1.0\truntime\n"
                              "cudaB\thipB\t6.2\truntime\n"
                              "cudaC\thipC\t\truntime\n"
                              "cudaD\thipD\t2.0\truntime\n"
                              "cudaE\thipE\t3.1\truntime\n",
                              Problems);
  CHECK(Problems.empty());
  REQUIRE(Names.size() == 5);
  std::vector<std::string> Gaps = uncovered(T, Names);
  REQUIRE(Gaps.size() == 2);
  CHECK_THAT(Gaps[0], Catch::StartsWith("cudaC (rules/t.tsv:3;"));
  CHECK_THAT(Gaps[0], Catch::Contains("no reason"));
  CHECK_THAT(Gaps[1], Catch::StartsWith("cudaE (runtime; HIPIFY: hipE)"));
}

TEST_CASE("reference list parser rejects malformed lines", "[rules][hipify]") {
  std::vector<std::string> Problems;
  parseReference("cudaA\thipA\t1.0\n"           // 3 columns
                 "cudaB\thipB\tsoon\truntime\n" // not a version
                 "cudaC\thipC\t1.0\truntime\n"
                 "cudaC\thipC\t1.0\truntime\n", // twice
                 Problems);
  REQUIRE(Problems.size() == 3);
  CHECK_THAT(Problems[0], Catch::StartsWith("line 1: expected"));
  CHECK_THAT(Problems[1], Catch::Contains("bad version 'soon'"));
  CHECK_THAT(Problems[2], Catch::Contains("'cudaC' listed twice"));
}

TEST_CASE("every CUDA name HIPIFY renames is mapped or explained",
          "[rules][hipify]") {
  std::string Path =
      std::string(HIPWRIGHT_SOURCE_DIR) + "/rules/reference/hipify_names.tsv";
  std::string Text = readFile(Path);
  INFO(Path);
  std::vector<std::string> Problems;
  std::vector<ReferenceName> Names = parseReference(Text, Problems);
  for (const std::string &P : Problems)
    UNSCOPED_INFO(P);
  REQUIRE(Problems.empty());
  // An empty or truncated list would make the check below vacuous.
  REQUIRE(Names.size() > 5000);

  const RuleTable &Table = RuleTable::builtin();
  std::vector<std::string> Gaps = uncovered(Table, Names);
  for (const std::string &G : Gaps)
    UNSCOPED_INFO(G);
  CHECK(Gaps.empty());

  // Where both name a HIP twin, say how often hipwright chose another one
  // (deliberate choices, e.g. hipBLAS's non-_v2 complex API): informational.
  std::map<std::string, unsigned> Different;
  for (const ReferenceName &N : Names)
    if (const Rule *R = Table.lookup(N.Cuda);
        R && R->hasHip() && R->Hip != N.Hip)
      ++Different[N.Family];
  std::string Summary = std::to_string(Names.size()) + " HIPIFY names";
  for (const auto &[Family, Count] : Different)
    Summary += "; " + Family + ": " + std::to_string(Count) +
               " mapped to another HIP name";
  WARN(Summary);
}
