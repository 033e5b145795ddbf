//===- RuleArityTest.cpp - rules' argument counts vs. the headers ---------===//
//
// RulesAgainstHeadersTest proves every HIP name a rule emits is declared in
// ROCm's headers; this proves the call still fits once renamed. Both sides
// are parsed for real (CUDA 13.0's headers as CUDA, ROCm's as HIP) and every
// function overload's accepted argument counts are collected:
//
// * a `call` row rewrites a call into a HIP call with a known number of
//   arguments: some overload of the HIP function must take that many;
// * a `function` row only renames, so it assumes the HIP function takes
//   what CUDA's takes: every argument count a CUDA overload accepts must be
//   accepted by a HIP overload too, unless a call row handles calls of that
//   many arguments (that is what call rows are for).
//
//===----------------------------------------------------------------------===//
#include "ParsedHeaders.h"
#include "RequireTool.h"
#include "rules/RuleTable.h"
#include "support/RocmPrefix.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <climits>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

using namespace hipwright;
namespace fs = std::filesystem;

namespace {

using namespace parsed_headers;

std::string where(const Rule &R) {
  return "rules/" + R.Family + ".tsv:" + std::to_string(R.Line);
}

std::string show(const std::vector<Arity> &As) {
  std::string S;
  for (const Arity &A : As) {
    if (!S.empty())
      S += ", ";
    S += std::to_string(A.Min);
    if (A.Max == UINT_MAX)
      S += "+";
    else if (A.Max != A.Min)
      S += "-" + std::to_string(A.Max);
  }
  return S;
}

bool anyAccepts(const std::vector<Arity> &As, unsigned N) {
  for (const Arity &A : As)
    if (A.accepts(N))
      return true;
  return false;
}

/// The call rows of \p Cuda handle calls of \p N arguments. cuda.h
/// defines many driver calls as macros of versioned entry points
/// (cuGraphAddNode -> cuGraphAddNode_v2): the rows that handle such an
/// entry point are those of the name a program spells.
bool callRowCovers(const RuleTable &Rules, llvm::StringRef Cuda, unsigned N) {
  llvm::StringRef Spelled = Cuda;
  size_t V = Cuda.rfind("_v");
  if (V != llvm::StringRef::npos && V + 2 < Cuda.size() &&
      llvm::all_of(Cuda.drop_front(V + 2), llvm::isDigit))
    Spelled = Cuda.take_front(V);
  for (llvm::StringRef Name : {Cuda, Spelled})
    for (const CallRow *C : Rules.callRules(Name))
      if (C->Call.acceptsArgCount(N))
        return true;
  return false;
}

/// The indexes, or why there are none (a missing tool is a failure in CI).
struct Indexes {
  const FunctionIndex *Cuda = nullptr;
  const FunctionIndex *Hip = nullptr;
};

std::optional<Indexes> indexes() {
  std::optional<RocmInstall> Rocm = findRocm();
  if (!fs::is_directory(std::string(CudaRoot) + "/include") || !Rocm)
    return std::nullopt;
  Indexes I;
  std::string Problem;
  I.Cuda = &cudaIndex(Problem);
  REQUIRE(Problem.empty());
  I.Hip = &hipIndex(*Rocm, Problem);
  REQUIRE(Problem.empty());
  return I;
}

} // namespace

TEST_CASE("each call row's rewrite fits an overload of its HIP function",
          "[rules][headers][arity]") {
  std::optional<Indexes> I = indexes();
  if (!I)
    HIPWRIGHT_TOOL_MISSING("CUDA or ROCm headers not found");
  std::vector<std::string> Failures;
  unsigned Checked = 0;
  for (const CallRow &C : RuleTable::builtin().allCallRules()) {
    if (!C.Call.rewrites() || C.Call.Expression)
      continue;
    auto It = I->Hip->find(C.Call.HipCallee);
    if (It == I->Hip->end())
      continue; // a macro or a newer release: RulesAgainstHeadersTest's job
    ++Checked;
    unsigned N = C.Call.Args.size();
    bool Fits = anyAccepts(It->second.Arities, N);
    // `...` passes on whatever the call had beyond the pattern: the HIP
    // function must take the spelled arguments and more.
    if (C.Call.KeepsRest)
      Fits = llvm::any_of(It->second.Arities,
                          [N](const Arity &A) { return A.Max > N; });
    if (!Fits)
      Failures.push_back(where(C.Row) + ": " + C.Row.Hip + " passes " +
                         std::to_string(N) + " argument(s); " +
                         C.Call.HipCallee + " takes " +
                         show(It->second.Arities));
  }
  for (const std::string &F : Failures)
    UNSCOPED_INFO(F);
  CHECK(Failures.empty());
  CHECK(Checked > 40); // the index found the functions it should
}

TEST_CASE("each renamed function takes the arguments CUDA's takes",
          "[rules][headers][arity]") {
  std::optional<Indexes> I = indexes();
  if (!I)
    HIPWRIGHT_TOOL_MISSING("CUDA or ROCm headers not found");
  const RuleTable &Rules = RuleTable::builtin();
  std::vector<std::string> Failures;
  unsigned Checked = 0;
  for (const Rule &R : Rules.rules()) {
    if (R.Kind != RuleKind::Function || !R.hasHip() ||
        (R.Until && R.Until->Major < 7))
      continue;
    auto C = I->Cuda->find(R.Cuda);
    auto H = I->Hip->find(R.Hip);
    if (C == I->Cuda->end() || H == I->Hip->end())
      continue; // a macro, or a header not indexed
    ++Checked;
    std::vector<unsigned> Missing;
    for (const Arity &A : C->second.Arities)
      for (unsigned N = A.Min; N <= std::min(A.Max, A.Min + 16); ++N)
        if (!anyAccepts(H->second.Arities, N) &&
            !callRowCovers(Rules, R.Cuda, N) && !llvm::is_contained(Missing, N))
          Missing.push_back(N);
    if (!Missing.empty())
      Failures.push_back(
          where(R) + ": " + R.Cuda + " takes " + show(C->second.Arities) +
          " argument(s), " + R.Hip + " takes " + show(H->second.Arities) +
          "; no call row for " + std::to_string(Missing.front()));
  }
  for (const std::string &F : Failures)
    UNSCOPED_INFO(F);
  INFO(Failures.size() << " of " << Checked << " renamed functions differ");
  CHECK(Failures.empty());
  CHECK(Checked > 1000);
}

TEST_CASE("hipwright_cuda_compat.h defines every equivalent a rule names",
          "[rules][headers][arity]") {
  std::optional<Indexes> I = indexes();
  if (!I)
    HIPWRIGHT_TOOL_MISSING("CUDA or ROCm headers not found");
  // Constants (HIPWRIGHT_ATOMIC_RELAXED) are enumerators the index of
  // functions does not hold: the header must give each a value.
  std::ifstream In(HIPWRIGHT_SOURCE_DIR
                   "/include/hipwright/compat/hipwright_cuda_compat.h");
  std::string Header((std::istreambuf_iterator<char>(In)),
                     std::istreambuf_iterator<char>());
  REQUIRE(!Header.empty());
  // Nor are the operator structs of a namespace's `member` rows
  // (cooperative_groups::hipwright_plus).
  std::vector<std::string> Missing;
  unsigned Emulated = 0, Constants = 0, Members = 0;
  auto Check = [&](const Rule &R) {
    if (!R.emulated())
      return;
    ++Emulated;
    bool Defined = I->Hip->count(R.Hip) != 0;
    if (isHipwrightConstant(R.Hip)) {
      ++Constants;
      Defined = std::regex_search(
          Header, std::regex("\\n *" + R.Hip + " = [A-Z_0-9]+,?\\n"));
    } else if (R.Kind == RuleKind::Member) {
      ++Members;
      Defined = Defined || std::regex_search(
                               Header, std::regex("struct " + R.Hip + " \\{"));
    }
    if (!Defined)
      Missing.push_back(where(R) + ": " + R.Hip);
  };
  const RuleTable &Rules = RuleTable::builtin();
  std::for_each(Rules.rules().begin(), Rules.rules().end(), Check);
  std::for_each(Rules.memberRules().begin(), Rules.memberRules().end(), Check);
  CHECK(Constants >= 11); // __nv_atomic_*'s orders and scopes
  CHECK(Members >= 7);    // cg::reduce and its six operators
  for (const std::string &M : Missing)
    UNSCOPED_INFO(M << " is not defined by hipwright_cuda_compat.h");
  CHECK(Missing.empty());
  CHECK(Emulated >= 85); // the SIMD video family and the dot products
}
