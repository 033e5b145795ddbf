//===- CallRuleTest.cpp - parsing `call` rows of rules/*.tsv --------------===//
#include "rules/CallRule.h"
#include "rules/RuleTable.h"

#include <catch2/catch.hpp>

#include <optional>

using namespace hipwright;

namespace {
/// The parsed row, or nullopt (its error consumed) when it is rejected.
std::optional<CallRule> parse(llvm::StringRef Pattern,
                              llvm::StringRef Replacement) {
  llvm::Expected<CallRule> R = parseCallRule(Pattern, Replacement);
  if (!R) {
    llvm::consumeError(R.takeError());
    return std::nullopt;
  }
  return std::move(*R);
}

/// The error text of a rejected row ("" when it parses).
std::string errorOf(llvm::StringRef Pattern, llvm::StringRef Replacement) {
  llvm::Expected<CallRule> R = parseCallRule(Pattern, Replacement);
  if (R)
    return "";
  return llvm::toString(R.takeError());
}
std::string errorText(llvm::Error E) {
  return E ? llvm::toString(std::move(E)) : "";
}
} // namespace

TEST_CASE("call patterns: arguments, conditions and rewrites",
          "[rules][call]") {
  auto R = parse("cudaFuncGetAttributes($1, $2:fn)",
                 "hipFuncGetAttributes($1, "
                 "reinterpret_cast<const void *>($2))");
  REQUIRE(R);
  CHECK(R->Callee == "cudaFuncGetAttributes");
  REQUIRE(R->Params.size() == 2);
  CHECK(R->Params[0] == ArgCondition::Any);
  CHECK(R->Params[1] == ArgCondition::Function);
  CHECK(R->HipCallee == "hipFuncGetAttributes");
  REQUIRE(R->Args.size() == 2);
  CHECK(R->Args[0].Source == 1);
  CHECK(R->Args[0].Prefix.empty());
  CHECK(R->Args[1].Source == 2);
  // The template argument list's brackets do not split the argument.
  CHECK(R->Args[1].Prefix == "reinterpret_cast<const void *>(");
  CHECK(R->Args[1].Suffix == ")");
  CHECK(R->acceptsArgCount(2));
  CHECK_FALSE(R->acceptsArgCount(3));

  auto Drop =
      parse("cuCtxCreate($1, $2:null, $3, $4)", "hipCtxCreate($1, $3, $4)");
  REQUIRE(Drop);
  CHECK(Drop->Params[1] == ArgCondition::Null);
  REQUIRE(Drop->Args.size() == 3);
  CHECK(Drop->Args[1].Source == 3);

  auto Add =
      parse("cudaStreamWaitEvent($1, $2)", "hipStreamWaitEvent($1, $2, 0)");
  REQUIRE(Add);
  REQUIRE(Add->Args.size() == 3);
  CHECK(Add->Args[2].Source == 0);
  CHECK(Add->Args[2].Prefix == "0");

  auto Rest =
      parse("cudaLaunchKernel($1:fn, ...)", "hipLaunchKernel(f($1), ...)");
  REQUIRE(Rest);
  CHECK(Rest->KeepsRest);
  CHECK(Rest->acceptsArgCount(1));
  CHECK(Rest->acceptsArgCount(6));
  CHECK_FALSE(Rest->acceptsArgCount(0));

  auto None = parse("cuCtxCreate($1, $2, $3, $4)", "");
  REQUIRE(None);
  CHECK_FALSE(None->rewrites());

  auto TypedPP = parse("cudaHostAlloc($1:T**, $2, $3)",
                       "hipHostAlloc(reinterpret_cast<void **>($1), $2, $3)");
  REQUIRE(TypedPP);
  CHECK(TypedPP->Params[0] == ArgCondition::TypedPointerPointer);

  auto Sym = parse("cudaMemcpyFromSymbol($1, $2:symbol, ...)",
                   "hipMemcpyFromSymbol($1, HIP_SYMBOL($2), ...)");
  REQUIRE(Sym);
  CHECK(Sym->Params[0] == ArgCondition::Any);
  CHECK(Sym->Params[1] == ArgCondition::Symbol);

  // An enumerator as written, and an enum type: each keeps its name.
  auto Named = parse("cublasFoo($1, $2:=CUDA_R_32F, $3:of=cudaDataType_t)",
                     "hipblasFoo($1, HIPBLAS_COMPUTE_32F, $3)");
  REQUIRE(Named);
  REQUIRE(Named->Params.size() == 3);
  REQUIRE(Named->ParamNames.size() == 3);
  CHECK(Named->Params[1] == ArgCondition::Enumerator);
  CHECK(Named->ParamNames[1] == "CUDA_R_32F");
  CHECK(Named->Params[2] == ArgCondition::OfEnumType);
  CHECK(Named->ParamNames[2] == "cudaDataType_t");
  CHECK(Named->ParamNames[0].empty());
  // The dropped enumerator's place takes new text; $3 stays.
  REQUIRE(Named->Args.size() == 3);
  CHECK(Named->Args[1].Source == 0);
  CHECK(Named->Args[1].Prefix == "HIPBLAS_COMPUTE_32F");
  CHECK(Named->Args[2].Source == 3);
}

TEST_CASE("call patterns: malformed rows are rejected", "[rules][call]") {
  CHECK_THAT(errorOf("cudaFoo", "hipFoo()"),
             Catch::Contains("not of the form name(arguments)"));
  CHECK_THAT(errorOf("cudaFoo($2)", "hipFoo($2)"),
             Catch::Contains("argument 1 of 'cudaFoo($2)' must be $1"));
  CHECK_THAT(errorOf("cudaFoo($1:maybe)", "hipFoo($1)"),
             Catch::Contains("unknown condition 'maybe'"));
  CHECK_THAT(errorOf("cudaFoo($1:=)", "hipFoo($1)"),
             Catch::Contains("must name an identifier"));
  CHECK_THAT(errorOf("cudaFoo($1:of=a b)", "hipFoo($1)"),
             Catch::Contains("must name an identifier"));
  CHECK_THAT(errorOf("cudaFoo($1, $2)", "hipFoo($2, $1)"),
             Catch::Contains("in their order"));
  CHECK_THAT(errorOf("cudaFoo($1)", "hipFoo($1, $2)"),
             Catch::Contains("uses $2 but 'cudaFoo($1)' has 1 arguments"));
  CHECK_THAT(errorOf("cudaFoo($1, $2)", "hipFoo(g($1, $2))"),
             Catch::Contains("more than one original argument"));
  CHECK_THAT(errorOf("cudaFoo($1)", "hipFoo($1, ...)"),
             Catch::Contains("only where the pattern ends in '...'"));
  CHECK_THAT(errorOf("cudaFoo($1, ...)", "hipFoo($1)"),
             Catch::Contains("must end in '...'"));
  CHECK_THAT(errorOf("cudaFoo(..., $1)", "hipFoo($1)"),
             Catch::Contains("'...' must be the last argument"));
  CHECK_THAT(errorOf("cudaFoo($1,)", "hipFoo($1)"),
             Catch::Contains("empty argument"));
  CHECK_THAT(errorOf("cudaFoo($1)", "hipFoo(f($1)"),
             Catch::Contains("unbalanced brackets"));
}

TEST_CASE("call rows in a table: looked up by callee, in table order",
          "[rules][call]") {
  RuleTable T;
  REQUIRE(errorText(T.addTable(
              "t.tsv",
              "cudaFoo\thipFoo\tfunction\tsupported\n"
              "cudaFoo($1, $2:null)\thipFoo($1)\tcall\tsupported\n"
              "cudaFoo($1, $2)\t-\tcall\tunsupported\t\t\tno way\n")) == "");
  // Call rows do not take the name: the name row is still found.
  REQUIRE(T.lookup("cudaFoo"));
  CHECK(T.rules().size() == 1);
  auto Rows = T.callRules("cudaFoo");
  REQUIRE(Rows.size() == 2);
  CHECK(Rows[0]->Row.Line == 2);
  CHECK(Rows[1]->Row.Notes == "no way");
  CHECK_FALSE(Rows[1]->Call.rewrites());
  CHECK(T.callRules("cudaBar").empty());

  RuleTable Bad;
  CHECK_THAT(errorText(Bad.addTable("t.tsv", "# c\ncudaFoo($1\thipFoo($1)\t"
                                             "call\tsupported\n")),
             Catch::StartsWith("t.tsv:2: "));
  RuleTable Dup;
  CHECK_THAT(errorText(Dup.addTable(
                 "t.tsv", "cudaFoo($1)\thipFoo($1, 0)\tcall\tsupported\n"
                          "cudaFoo($1)\thipFoo($1, 1)\tcall\tsupported\n")),
             Catch::Contains("already a call rule at t.tsv:1"));
}

TEST_CASE("the built-in call rows parse and name known callees",
          "[rules][call]") {
  const RuleTable &T = RuleTable::builtin();
  REQUIRE_FALSE(T.allCallRules().empty());
  for (const CallRow &C : T.allCallRules()) {
    INFO(C.Row.Family << ".tsv:" << C.Row.Line << ": " << C.Row.Cuda);
    // Every callee is a CUDA name the name tables know. It has a HIP twin,
    // so a call no row fits is still renamed; or (umin and the like: no HIP
    // function takes CUDA's arguments as they are) a row without conditions
    // rewrites every call of the only arity CUDA declares, and the name row
    // reports any other use.
    const Rule *Name = T.lookup(C.Call.Callee);
    REQUIRE(Name);
    if (Name->hasHip())
      continue;
    // An expression form's callee (a cache-hinted load) has no HIP twin: a
    // call the form does not fit keeps its name and its name row says why.
    if (C.Call.Expression) {
      CHECK(!Name->Notes.empty());
      continue;
    }
    CHECK(Name->Status == RuleStatus::Unsupported);
    bool Unconditional = false;
    for (const CallRow &Other : T.allCallRules())
      if (Other.Call.Callee == C.Call.Callee && Other.Call.rewrites() &&
          !Other.Call.KeepsRest &&
          llvm::all_of(Other.Call.Params,
                       [](ArgCondition A) { return A == ArgCondition::Any; }))
        Unconditional = true;
    CHECK(Unconditional);
  }
}

TEST_CASE("call rewrites that are expressions: cache-hinted loads and stores",
          "[rules][call]") {
  auto Load = parse("__ldcs($1)", "*$1");
  REQUIRE(Load);
  CHECK(Load->Expression);
  CHECK_FALSE(Load->StatementOnly);
  CHECK(Load->rewrites());
  CHECK(Load->HipCallee.empty());
  REQUIRE(Load->Args.size() == 1);
  CHECK(Load->Args[0].Prefix == "*");
  CHECK(Load->Args[0].Source == 1);
  CHECK(Load->Args[0].Suffix.empty());

  auto Store = parse("__stcs($1, $2)", "*$1 = $2");
  REQUIRE(Store);
  CHECK(Store->Expression);
  // An assignment: only a call that is a statement of its own becomes one.
  CHECK(Store->StatementOnly);
  REQUIRE(Store->Args.size() == 2);
  CHECK(Store->Args[1].Prefix == " = ");
  CHECK(Store->Args[1].Source == 2);

  // A comparison is not an assignment.
  auto Cmp = parse("f($1, $2)", "$1 == $2");
  REQUIRE(Cmp);
  CHECK_FALSE(Cmp->StatementOnly);

  CHECK(errorOf("__stcs($1, $2)", "*$2 = $1").find("in order") !=
        std::string::npos);
  CHECK(errorOf("__stcs($1, $2)", "*$1").find("$2 is missing") !=
        std::string::npos);
  CHECK(errorOf("f($1, ...)", "*$1").find("'...'") != std::string::npos);
  CHECK(errorOf("f()", "0").find("keeps none") != std::string::npos);
}

TEST_CASE("the builtin tables turn cache-hinted calls into plain accesses",
          "[rules][call]") {
  const RuleTable &T = RuleTable::builtin();
  for (const char *Name :
       {"__ldcs", "__ldcg", "__ldca", "__ldlu", "__stcs", "__stcg", "__stwb"}) {
    INFO(Name);
    auto Rows = T.callRules(Name);
    REQUIRE(Rows.size() == 1);
    CHECK(Rows[0]->Call.Expression);
  }
  // Volatile-like and write-through accesses are not plain ones.
  CHECK(T.callRules("__ldcv").empty());
  CHECK(T.callRules("__stwt").empty());
}
