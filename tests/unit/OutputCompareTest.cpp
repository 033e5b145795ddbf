//===- OutputCompareTest.cpp - is the port's output the original's? -------===//
#include "verify/OutputCompare.h"

#include <catch2/catch.hpp>

using namespace hipwright::verify;

TEST_CASE("numbers compare within tolerance, text exactly",
          "[output-compare]") {
  CompareRules R;
  R.Relative = 1e-5;
  CHECK(!compareOutputs("sum = 1001000.0\n", "sum = 1001000.5\n", R));
  CHECK(compareOutputs("sum = 1001000.0\n", "sum = 1001100.0\n", R) ==
        std::string("output line 1: 'sum = 1001100.0' where the original "
                    "printed 'sum = 1001000.0'"));
  CHECK(compareOutputs("Result = PASS\n", "Result = FAIL\n", R));
  // Exponents, signs and NaN; a number inside a word is text (sm_90, x86).
  CHECK(
      !compareOutputs("err -1.000000e-03 nan\n", "err -1.000001e-03 nan\n", R));
  CHECK(compareOutputs("built for sm_90\n", "built for sm_91\n", R));
  // Trailing blanks and blank lines are not output.
  CHECK(!compareOutputs("a 1\n\nb 2\n", "a 1   \nb 2\n\n", R));
}

TEST_CASE("ignore patterns mask what varies and line counts must agree",
          "[output-compare]") {
  std::vector<std::string> Ignore = {"time: [0-9.]+ us", "^Device: .*"};
  CompareRules R;
  R.Ignore = Ignore;
  CHECK(!compareOutputs("Device: NVIDIA H100\nkernel time: 12.5 us\nok 3\n",
                        "Device: hipwright sim\nkernel time: 907.1 us\nok 3\n",
                        R));
  CHECK(compareOutputs("a\nb\nc\n", "a\nb\n", R) ==
        std::string("output has 2 lines where the original printed 3; first "
                    "missing: 'c'"));
  CHECK(compareOutputs("a\n", "a\nb\n", R) ==
        std::string("output has 2 lines where the original printed 1; first "
                    "extra: 'b'"));
}
