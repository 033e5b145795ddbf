// Deeply nested JSON is refused before the recursive parser sees it.
#include "support/JsonNesting.h"
#include "findings/Baseline.h"
#include "report/VerifyResults.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <catch2/catch.hpp>

using namespace hipwright;
using namespace llvm;

static std::string nested(unsigned Depth) {
  return std::string(Depth, '[') + std::string(Depth, ']');
}

TEST_CASE("JSON nesting is bounded before parsing", "[json]") {
  CHECK(!errorToBool(checkJsonNesting(nested(kMaxJsonNesting))));
  Error E = checkJsonNesting(nested(kMaxJsonNesting + 1));
  REQUIRE(bool(E));
  CHECK(toString(std::move(E)) ==
        "line 1: arrays and objects nested deeper than 512 levels");
  // Objects count as well as arrays, and the line is the one that crossed.
  std::string Objects;
  for (int I = 0; I < 3; ++I)
    Objects += "{\"a\":\n";
  E = checkJsonNesting(Objects, 2);
  REQUIRE(bool(E));
  CHECK(toString(std::move(E)) ==
        "line 3: arrays and objects nested deeper than 2 levels");
  // Brackets inside strings, escaped quotes included, are text.
  CHECK(!errorToBool(
      checkJsonNesting(R"({"s": "[[[[\"{{{{", "t": ["]]]]"]})", 2)));
  Expected<json::Value> V = parseJsonBounded(R"({"s": "[[\"[["})", 1);
  REQUIRE(bool(V));
  CHECK(V->getAsObject()->getString("s") == StringRef("[[\"[["));
  // Malformed input is still the parser's to report.
  Expected<json::Value> Bad = parseJsonBounded("]]]");
  CHECK(!Bad);
  consumeError(Bad.takeError());
}

TEST_CASE("a 200,000-deep baseline or verify file is an error, not a crash",
          "[json]") {
  SmallString<128> Path;
  REQUIRE(!sys::fs::createTemporaryFile("hipwright-deep", "json", Path));
  {
    std::error_code EC;
    raw_fd_ostream OS(Path, EC);
    REQUIRE(!EC);
    OS << nested(200000);
  }
  Expected<Baseline> B = readBaseline(Path);
  REQUIRE(!B);
  std::string Msg = toString(B.takeError());
  CHECK(Msg.find(Path.str().str() + ": not a hipwright baseline: line 1: "
                                    "arrays and objects nested deeper") == 0);
  Expected<json::Object> V = readVerifyResults(Path);
  REQUIRE(!V);
  Msg = toString(V.takeError());
  CHECK(Msg.find(Path.str().str() + ": not a verify results file: line 1: "
                                    "arrays and objects nested deeper") == 0);
  sys::fs::remove(Path);
}
