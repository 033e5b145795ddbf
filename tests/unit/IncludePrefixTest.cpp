//===- IncludePrefixTest.cpp - the #include lines TUs can share -----------===//
#include "TempDir.h"

#include "frontend/IncludePrefix.h"

#include <catch2/catch.hpp>

using namespace hipwright;
using hipwright::testing::TempDir;

TEST_CASE("leading includes: comments between them, anything else ends them",
          "[include-prefix]") {
  LeadingIncludes L = leadingIncludes("// Copyright\n"
                                      "/* a block\n   comment */\n"
                                      "\n"
                                      "#include \"common.cuh\"  // why\n"
                                      "#  include <cstdio>\n"
                                      "#define N 4\n"
                                      "#include \"late.h\"\n");
  CHECK_FALSE(L.PragmaOnce);
  REQUIRE(L.Lines.size() == 2);
  CHECK(L.Lines[0] == "#include \"common.cuh\"");
  CHECK(L.Lines[1] == "#include <cstdio>");
  CHECK(L.Names[0] == "common.cuh");
  CHECK_FALSE(L.Angled[0]);
  CHECK(L.Angled[1]);

  // #pragma once only before the first include.
  CHECK(leadingIncludes("#pragma once\n#include \"a.h\"\n").PragmaOnce);
  CHECK(leadingIncludes("#include \"a.h\"\n#pragma once\n#include \"b.h\"\n")
            .Lines.size() == 1);
  // A macro-named header, a continued line, code: nothing clang would read
  // otherwise.
  CHECK(leadingIncludes("#include HEADER\n#include \"a.h\"\n").Lines.empty());
  CHECK(leadingIncludes("#include \"a.h\" \\\n").Lines.empty());
  CHECK(leadingIncludes("int x;\n#include \"a.h\"\n").Lines.empty());
  CHECK(leadingIncludes("#include \"a.h\" /* trailing */\n").Lines.empty());
}

TEST_CASE("prefix candidates: the main file's runs, then its first header's",
          "[include-prefix]") {
  TempDir Dir;
  Dir.write("src/common.cuh", "#pragma once\n#include <cstdint>\nint c;\n");
  Dir.write("src/own.cuh",
            "#pragma once\n// about own\n#include \"common.cuh\"\nint o;\n");
  std::string Main = Dir.write(
      "src/a.cu", "#include \"own.cuh\"\n#include <cstdio>\nint a;\n");
  std::vector<std::string> Args = {"clang++", "-x", "cuda", Main};
  std::vector<PrefixCandidate> C = prefixCandidates(Args, Main);
  // a.cu's two lines, its first; own.cuh's common.cuh; common.cuh's
  // <cstdint> (angled: not descended into).
  REQUIRE(C.size() == 4);
  CHECK(C[0].Text == "#include \"own.cuh\"\n#include <cstdio>\n");
  CHECK(C[0].Dir == Dir.path("src"));
  CHECK(C[1].Text == "#include \"own.cuh\"\n");
  CHECK(C[2].Text == "#include \"common.cuh\"\n");
  REQUIRE(C[2].Chain.size() == 2);
  CHECK(C[2].Chain[0].Path == Main);
  CHECK(C[2].Chain[0].Lines ==
        std::vector<std::string>{"#include \"own.cuh\""});
  CHECK(C[2].Chain[1].Path == Dir.path("src/own.cuh"));
  CHECK(C[2].Chain[1].PragmaOnce);
  CHECK(C[3].Text == "#include <cstdint>\n");
  CHECK(C[3].Dir.empty()); // angled names mean the same from anywhere
  CHECK(C[3].Chain.size() == 3);
}

TEST_CASE("prefix candidates: quoted names found through -I",
          "[include-prefix]") {
  TempDir Dir;
  Dir.write("inc/shared.h", "#include \"deep.h\"\n");
  Dir.write("inc/deep.h", "int d;\n");
  std::string Main = Dir.write("src/b.cu", "#include \"shared.h\"\n");
  std::vector<std::string> Args = {"clang++", "-I", Dir.path("inc"), Main};
  std::vector<PrefixCandidate> C = prefixCandidates(Args, Main);
  REQUIRE(C.size() == 2);
  CHECK(C[1].Text == "#include \"deep.h\"\n");
  CHECK(C[1].Dir == Dir.path("inc"));
  // Not found: not descended into.
  std::vector<std::string> NoI = {"clang++", Main};
  CHECK(prefixCandidates(NoI, Main).size() == 1);
}
