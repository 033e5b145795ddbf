//===- RuleCoverageTest.cpp - docs/rules-coverage.md stays current --------===//
#include "rules/RuleCoverage.h"
#include "rules/RuleTable.h"

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

using namespace hipwright;

TEST_CASE("coverage counts every status per family", "[rules][coverage]") {
  RuleTable T;
  // llvm::Error must be consumed; toString does that and gives "" on success.
  REQUIRE(llvm::toString(
              T.addTable("b.tsv", "cudaA\thipA\tfunction\tsupported\n"
                                  "cudaB\t-\tfunction\tunsupported\n")) == "");
  REQUIRE(llvm::toString(T.addTable("a.tsv",
                                    "cudaC\thipC\tfunction\tdeprecated\n"
                                    "cudaD\t-\tfunction\tremoved\n")) == "");
  std::string Md = renderCoverageMarkdown(T);
  // Families come out in name order whatever order they were added in.
  size_t A = Md.find("| a | 2 | 0 | 1 | 1 | 0 | 50.0% |");
  size_t B = Md.find("| b | 2 | 1 | 0 | 0 | 1 | 50.0% |");
  CHECK(A != std::string::npos);
  CHECK(B != std::string::npos);
  CHECK(A < B);
  CHECK(Md.find("| **total** | 4 | 1 | 1 | 1 | 1 | 50.0% |") !=
        std::string::npos);
}

TEST_CASE("coverage counts HIP names by the ROCm release that added them",
          "[rules][coverage][rocm]") {
  RuleTable T;
  REQUIRE(llvm::toString(T.addTable(
              "a.tsv", "cudaA\thipA\tfunction\tsupported\t\t4.3\n"
                       "cudaB\thipB\tfunction\tsupported\t\t6.2\n"
                       "cudaC\thipC\tfunction\tsupported\t\t5.3\n"
                       "cudaD\thipD\tfunction\tsupported\t\t6.2\n"
                       "cudaE\thipE\tfunction\tsupported\n"
                       "cudaF\t-\tfunction\tunsupported\t\t\twhy\n")) == "");
  std::string Md = renderCoverageMarkdown(T);
  // Cumulative counts include the rows of unknown release.
  size_t Before = Md.find("| before 5.0 | 1 | 2 |");
  size_t V53 = Md.find("| 5.3 | 1 | 3 |");
  size_t V62 = Md.find("| 6.2 | 2 | 5 |");
  CHECK(Before != std::string::npos);
  CHECK(V53 != std::string::npos);
  CHECK(V62 != std::string::npos);
  CHECK(Before < V53);
  CHECK(V53 < V62);
  CHECK(Md.find("| unknown | 1 | (always) |") != std::string::npos);
  CHECK(Md.find("| **all** | 5 | |") != std::string::npos);
}

TEST_CASE("docs/rules-coverage.md matches the tables", "[rules][coverage]") {
  std::string Path =
      std::string(HIPWRIGHT_SOURCE_DIR) + "/docs/rules-coverage.md";
  std::ifstream In(Path);
  std::stringstream SS;
  SS << In.rdbuf();
  std::string Expected = renderCoverageMarkdown(RuleTable::builtin());
  INFO(Path << " is out of date with rules/*.tsv; regenerate it with\n"
               "  build/bin/hipwright query --coverage-markdown > "
               "docs/rules-coverage.md");
  CHECK(SS.str() == Expected);
}
