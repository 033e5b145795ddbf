#include "OptionTable.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace hipwright;

namespace {

/// A command with one flag, one option with a value, -j (glued too) and
/// -I (compiler style); what the handlers saw is recorded.
struct Fixture {
  std::vector<std::string> Seen;
  std::vector<std::string> Paths;
  std::vector<std::string> Rest;
  bool WantRest = true;
  CommandOptions Spec;

  Fixture() {
    auto Record = [this](const OptionUse &U) -> std::optional<std::string> {
      Seen.push_back(U.Name + "|" + U.Value + "|" + U.Arg +
                     (U.Glued ? "|glued" : ""));
      return std::nullopt;
    };
    Spec.Command = "demo";
    Spec.Synopsis = "usage: hipwright demo [PATH...]\n\n";
    Spec.Epilogue = "exit status: 0 ok.\n";
    Spec.Options = {
        {{"--fast"}, OptionValue::None, "--fast", "go fast", "", Record},
        {{"--out", "-o"},
         OptionValue::Separate,
         "-o, --out FILE",
         "write FILE\n(atomically)",
         "",
         Record},
        {{"-j"}, OptionValue::Joined, "-j N", "jobs", "", Record},
        {{"-I"},
         OptionValue::CompilerStyle,
         "-I DIR, -IDIR",
         "headers",
         "",
         Record},
        {{"--level"},
         OptionValue::Separate,
         "--level=low|high-and-very-long",
         "how much",
         "",
         [](const OptionUse &U) -> std::optional<std::string> {
           if (U.Value != "low" && U.Value != "high")
             return "--level must be low or high, not '" + U.Value + "'";
           return std::nullopt;
         }},
        {{"--hidden"}, OptionValue::None, "", "", "", Record},
    };
    Spec.Positional = [this](const std::string &P) {
      Paths.push_back(P);
      return std::optional<std::string>();
    };
    Spec.AfterDashDash = [this](std::vector<std::string> R) {
      Rest = std::move(R);
      return std::optional<std::string>();
    };
  }

  std::string error(std::vector<std::string> Args) {
    llvm::Expected<ParseOutcome> R = parseOptions(Spec, Args);
    if (R)
      return "";
    return llvm::toString(R.takeError());
  }
  bool runs(std::vector<std::string> Args) {
    llvm::Expected<ParseOutcome> R = parseOptions(Spec, Args);
    if (!R) {
      llvm::consumeError(R.takeError());
      return false;
    }
    return *R == ParseOutcome::Run;
  }
};

} // namespace

TEST_CASE("option table: values as `--opt value` and `--opt=value`",
          "[options]") {
  Fixture F;
  REQUIRE(F.runs({"a.cu", "--out", "x", "--out=y", "-o", "z", "--fast", "b"}));
  CHECK(F.Seen == std::vector<std::string>{"--out|x|--out", "--out|y|--out=y",
                                           "-o|z|-o", "--fast||--fast"});
  CHECK(F.Paths == std::vector<std::string>{"a.cu", "b"});
  // A value may itself start with '-'.
  Fixture G;
  REQUIRE(G.runs({"--out", "--fast"}));
  CHECK(G.Seen == std::vector<std::string>{"--out|--fast|--out"});
}

TEST_CASE("option table: glued values only where the row allows them",
          "[options]") {
  Fixture F;
  REQUIRE(F.runs({"-j4", "-j=5", "-j", "6", "-Iinc", "-I", "dir", "-I=eq"}));
  CHECK(F.Seen == std::vector<std::string>{"-j|4|-j4|glued", "-j|5|-j=5",
                                           "-j|6|-j", "-I|inc|-Iinc|glued",
                                           "-I|dir|-I", "-I|=eq|-I=eq|glued"});
  // Separate options and flags take nothing glued on.
  CHECK(F.error({"--outx"}) == "unknown option '--outx'");
  CHECK(F.error({"--fast=1"}) == "unknown option '--fast=1'");
}

TEST_CASE("option table: unknown options and missing values name the option",
          "[options]") {
  Fixture F;
  CHECK(F.error({"a.cu", "--nope"}) == "unknown option '--nope'");
  CHECK(F.error({"-"}) == "unknown option '-'");
  CHECK(F.error({"--out"}) == "--out needs a value");
  CHECK(F.error({"a", "-o"}) == "-o needs a value");
  CHECK(F.error({"-j"}) == "-j needs a value");
  // A handler's message is the error.
  CHECK(F.error({"--level", "mid"}) ==
        "--level must be low or high, not 'mid'");
  CHECK(F.error({"--level=high"}).empty());
  // Parsing stops at the first error: later handlers do not run.
  Fixture G;
  CHECK(G.error({"--fast", "--bad", "--out", "x"}) == "unknown option '--bad'");
  CHECK(G.Seen == std::vector<std::string>{"--fast||--fast"});
  // A row left out of the help still works.
  Fixture H;
  CHECK(H.runs({"--hidden"}));
  CHECK(H.Seen == std::vector<std::string>{"--hidden||--hidden"});
}

TEST_CASE("option table: `--` hands over the rest, or is unknown",
          "[options]") {
  Fixture F;
  REQUIRE(F.runs({"a.cu", "--", "-DX=1", "--fast", "b"}));
  CHECK(F.Rest == std::vector<std::string>{"-DX=1", "--fast", "b"});
  CHECK(F.Seen.empty());
  CHECK(F.Paths == std::vector<std::string>{"a.cu"});
  Fixture G;
  G.Spec.AfterDashDash = nullptr;
  CHECK(G.error({"a", "--", "b"}) == "unknown option '--'");
  // A value that reads `--` is a value.
  Fixture H;
  REQUIRE(H.runs({"--out", "--"}));
  CHECK(H.Seen == std::vector<std::string>{"--out|--|--out"});
}

TEST_CASE("option table: help, positional arguments and `-`", "[options]") {
  Fixture F;
  llvm::Expected<ParseOutcome> R = parseOptions(F.Spec, {"a", "--help", "--x"});
  REQUIRE(static_cast<bool>(R));
  CHECK(*R == ParseOutcome::Help);
  R = parseOptions(F.Spec, {"-h"});
  REQUIRE(static_cast<bool>(R));
  CHECK(*R == ParseOutcome::Help);
  F.Paths.clear();
  F.Spec.DashIsPositional = true;
  REQUIRE(F.runs({"-"}));
  CHECK(F.Paths == std::vector<std::string>{"-"});
  F.Spec.Positional = nullptr;
  CHECK(F.error({"x"}) == "unexpected argument 'x'");
}

TEST_CASE("option table: help is generated from the rows", "[options]") {
  Fixture F;
  CHECK(renderHelp(F.Spec) == "usage: hipwright demo [PATH...]\n\n"
                              "  --fast                 go fast\n"
                              "  -o, --out FILE         write FILE\n"
                              "                         (atomically)\n"
                              "  -j N                   jobs\n"
                              "  -I DIR, -IDIR          headers\n"
                              "  --level=low|high-and-very-long\n"
                              "                         how much\n"
                              "\nexit status: 0 ok.\n");
  F.Spec.Options[0].Section = "output";
  F.Spec.Options[1].Section = "output";
  F.Spec.Options[2].Section = "scale";
  std::string Help = renderHelp(F.Spec);
  CHECK(Help.find("\n\noutput:\n  --fast ") != std::string::npos);
  CHECK(Help.find("(atomically)\n\nscale:\n  -j N ") != std::string::npos);
}
