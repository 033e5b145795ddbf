// Which #if a skipped branch belongs to, and whether the real build
// compiles it (analysis/BranchCondition.h).
#include "analysis/BranchCondition.h"

#include <catch2/catch.hpp>

using namespace hipwright;

namespace {

/// The branch whose directive is on 1-based line \p Line of \p Text.
BranchCondition at(const std::string &Text, unsigned Line) {
  size_t Offset = 0;
  for (unsigned L = 1; L < Line; ++L)
    Offset = Text.find('\n', Offset) + 1;
  return describeBranch(Text, Offset);
}

} // namespace

TEST_CASE("a skipped #ifdef is labelled with its condition and line",
          "[branch-condition]") {
  std::string Src = "int a;\n"
                    "#ifdef VERIFY // checks\n"
                    "int v;\n"
                    "#endif\n";
  BranchCondition C = at(Src, 2);
  CHECK(C.Label == "`#ifdef VERIFY`, line 2");
  CHECK(!C.CompiledByBuild);
  CHECK(!C.VendorSwitch);
  // A range that starts at the newline before its '#' is the same branch.
  CHECK(describeBranch(Src, Src.find("\n#ifdef")).Label == C.Label);
}

TEST_CASE("an #else names the #if it belongs to, over nested chains",
          "[branch-condition]") {
  std::string Src = "#if USE_FAST\n"         // 1
                    "#  if DEEP\n"           // 2
                    "int d;\n"               // 3
                    "#  else\n"              // 4
                    "int e;\n"               // 5
                    "#  endif\n"             // 6
                    "#elif defined(OTHER)\n" // 7
                    "int o;\n"               // 8
                    "#else\n"                // 9
                    "int s;\n"               // 10
                    "#endif\n";
  CHECK(at(Src, 9).Label == "`#else` (line 9) of `#if USE_FAST`, line 1");
  CHECK(at(Src, 4).Label == "`# else` (line 4) of `# if DEEP`, line 2");
  CHECK(at(Src, 7).Label ==
        "`#elif defined(OTHER)` (line 7) of `#if USE_FAST`, line 1");
}

TEST_CASE("device-pass and vendor chains are told apart",
          "[branch-condition]") {
  std::string Src = "#if __CUDA_ARCH__ >= 800\n" // 1
                    "int a;\n"                   // 2
                    "#else\n"                    // 3
                    "int b;\n"                   // 4
                    "#endif\n"                   // 5
                    "#ifdef USE_ROCM\n"          // 6
                    "int r;\n"                   // 7
                    "#else\n"                    // 8
                    "int c;\n"                   // 9
                    "#endif\n"                   // 10
                    "#ifdef __NVCC__\n"          // 11
                    "int n;\n"                   // 12
                    "#endif\n";
  CHECK(at(Src, 1).CompiledByBuild);
  // The #else of an arch test is device code too: the chain decides.
  CHECK(at(Src, 3).CompiledByBuild);
  CHECK(at(Src, 6).VendorSwitch);
  CHECK(at(Src, 8).VendorSwitch);
  CHECK(!at(Src, 8).CompiledByBuild);
  CHECK(at(Src, 11).CompiledByBuild);
}

TEST_CASE("one skipped range over an #ifdef and its #elif labels each "
          "branch by its own directive",
          "[branch-condition]") {
  std::string Src = "#ifdef VERIFY\n"    // 1
                    "#if DEEP\n"         // 2
                    "#else\n"            // 3: nested, not the chain's
                    "#endif\n"           // 4
                    "int v;\n"           // 5
                    "#elif defined(P)\n" // 6
                    "int p;\n"           // 7
                    "#endif\n";
  size_t V = Src.find("int v"), P = Src.find("int p");
  CHECK(governingDirective(Src, 0, V) == 0);
  CHECK(describeBranch(Src, governingDirective(Src, 0, P)).Label ==
        "`#elif defined(P)` (line 6) of `#ifdef VERIFY`, line 1");
}

TEST_CASE("a chain that tests a macro the device pass defines is device "
          "code",
          "[branch-condition]") {
  std::string Src = "#ifdef TURING_MMA_AVAILABLE\n"
                    "int t;\n"
                    "#endif\n";
  BranchCondition C = at(Src, 1);
  CHECK(!C.CompiledByBuild);
  CHECK(C.mentionsAny({"TURING_MMA_AVAILABLE"}));
  // Whole names only.
  CHECK(!C.mentionsAny({"TURING_MMA"}));
  CHECK(!C.mentionsAny({}));
}
