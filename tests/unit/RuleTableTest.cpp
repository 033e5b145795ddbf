//===- RuleTableTest.cpp - parsing rules/*.tsv ----------------------------===//
#include "rules/RuleTable.h"

#include <catch2/catch.hpp>

using namespace hipwright;

namespace {
/// Parses \p Text as "t.tsv" and returns the error text ("" on success).
std::string parseError(RuleTable &T, llvm::StringRef Text,
                       llvm::StringRef Name = "t.tsv") {
  if (llvm::Error E = T.addTable(Name, Text))
    return llvm::toString(std::move(E));
  return "";
}
} // namespace

TEST_CASE("addTable parses rows and skips comments", "[rules]") {
  RuleTable T;
  REQUIRE(parseError(T, "# header\n\ncudaFoo\thipFoo\tfunction\tsupported\t1.0"
                        "\t2.0\tsome note\n"
                        "cudaBar\t-\ttype\tunsupported\r\n") == "");
  REQUIRE(T.rules().size() == 2);
  const Rule *Foo = T.lookup("cudaFoo");
  REQUIRE(Foo);
  CHECK(Foo->Hip == "hipFoo");
  CHECK(Foo->CudaVersion == "1.0");
  CHECK(Foo->RocmVersion == "2.0");
  CHECK(Foo->Notes == "some note");
  CHECK(Foo->Family == "t");
  CHECK(Foo->Line == 3);
  const Rule *Bar = T.lookup("cudaBar");
  REQUIRE(Bar);
  CHECK_FALSE(Bar->hasHip()); // "-" means no HIP name
  CHECK(Bar->Status == RuleStatus::Unsupported);
}

TEST_CASE("addTable rejects malformed rows with file:line", "[rules]") {
  RuleTable T;
  SECTION("bad kind") {
    CHECK(parseError(T, "# c\ncudaFoo\thipFoo\tfunc\tsupported\n") ==
          "t.tsv:2: unknown kind 'func'");
  }
  SECTION("bad status") {
    CHECK(parseError(T, "cudaFoo\thipFoo\tfunction\tok\n") ==
          "t.tsv:1: unknown status 'ok'");
  }
  SECTION("too few columns") {
    CHECK_THAT(parseError(T, "cudaFoo hipFoo function supported\n"),
               Catch::StartsWith("t.tsv:1: expected at least 4"));
  }
  SECTION("supported without a HIP name") {
    CHECK(parseError(T, "\n\ncudaFoo\t-\tfunction\tsupported\n") ==
          "t.tsv:3: 'cudaFoo' is supported but has no HIP name");
  }
  SECTION("unsupported with a HIP name") {
    CHECK_THAT(parseError(T, "cudaFoo\thipFoo\tfunction\tunsupported\n"),
               Catch::Contains("unsupported but names a HIP twin"));
  }
  SECTION("duplicate name across tables names the first one") {
    REQUIRE(parseError(T, "cudaFoo\thipFoo\tfunction\tsupported\n", "a.tsv") ==
            "");
    CHECK(parseError(T, "# x\ncudaFoo\thipFoo2\tfunction\tsupported\n",
                     "b.tsv") ==
          "b.tsv:2: 'cudaFoo' is already mapped by a.tsv:1 (a second row "
          "must name another span of ROCm releases, such as 6.1-6.4)");
  }
  SECTION("a header and an identifier may share a spelling") {
    // Headers live in their own index, so cuda.h the header does not clash
    // with a (hypothetical) identifier row.
    CHECK(parseError(T, "cuda.h\thip/hip_runtime.h\theader\tsupported\n"
                        "cuda.h\thip.h\tmacro\tsupported\n") == "");
  }
}

TEST_CASE("lookup and lookupHeader use separate namespaces", "[rules]") {
  RuleTable T;
  REQUIRE(parseError(T, "cuda_runtime.h\thip/hip_runtime.h\theader\tsupported\n"
                        "cudaMalloc\thipMalloc\tfunction\tsupported\n") == "");
  CHECK(T.lookupHeader("cuda_runtime.h"));
  CHECK_FALSE(T.lookup("cuda_runtime.h"));
  CHECK(T.lookup("cudaMalloc"));
  CHECK_FALSE(T.lookupHeader("cudaMalloc"));
}

TEST_CASE("member rows are looked up by struct tag and field only", "[rules]") {
  RuleTable T;
  REQUIRE(parseError(T, "CUprop_st::handleTypes\thandleType\tmember\tsupported"
                        "\n") == "");
  const Rule *M = T.lookupMember("CUprop_st", "handleTypes");
  REQUIRE(M);
  CHECK(M->Hip == "handleType");
  CHECK(T.memberRules().size() == 1);
  // Not a name a program spells: plain lookups and rules() never see it.
  CHECK_FALSE(T.lookup("handleTypes"));
  CHECK_FALSE(T.lookup("CUprop_st::handleTypes"));
  CHECK(T.rules().empty());
  CHECK_FALSE(T.lookupMember("OtherStruct", "handleTypes"));
  CHECK_THAT(parseError(T, "handleTypes\thandleType\tmember\tsupported\n"),
             Catch::Contains("must be spelled StructTag::field"));
  CHECK_THAT(parseError(T, "# x\nCUprop_st::handleTypes\th2\tmember\tsupported"
                           "\n"),
             Catch::Contains("t.tsv:2: 'CUprop_st::handleTypes' is already "
                             "mapped by t.tsv:1"));
}

TEST_CASE("erase rows are supported without a HIP name, and only so",
          "[rules]") {
  RuleTable T;
  REQUIRE(parseError(T, "CUDART_CB\t-\terase\tsupported\n") == "");
  const Rule *E = T.lookup("CUDART_CB");
  REQUIRE(E);
  CHECK(E->erases());
  CHECK_FALSE(E->hasHip());
  CHECK_FALSE(E->renames());
  CHECK_THAT(parseError(T, "CUDA_CB\tX\terase\tsupported\n"),
             Catch::Contains("erase row 'CUDA_CB' must be supported with '-'"));
  CHECK_THAT(parseError(T, "CUDA_CB2\t-\terase\tunsupported\n"),
             Catch::Contains("erase row 'CUDA_CB2' must be supported"));
}

TEST_CASE("nearMisses suggests close CUDA or HIP spellings", "[rules]") {
  RuleTable T;
  REQUIRE(parseError(T, "cudaMalloc\thipMalloc\tfunction\tsupported\n"
                        "cudaFree\thipFree\tfunction\tsupported\n"
                        "cudaMemcpy\thipMemcpy\tfunction\tsupported\n") == "");
  auto Misses = T.nearMisses("cudaMaloc");
  REQUIRE_FALSE(Misses.empty());
  CHECK(Misses.front()->Cuda == "cudaMalloc");
  // The HIP spelling is matched too, case-insensitively.
  Misses = T.nearMisses("HIPMALOC");
  REQUIRE_FALSE(Misses.empty());
  CHECK(Misses.front()->Cuda == "cudaMalloc");
  CHECK(T.nearMisses("completelyUnrelatedName").empty());
  CHECK(T.nearMisses("cudaMemcpx", 1).size() == 1);
}

TEST_CASE("the builtin tables parse", "[rules]") {
  const RuleTable &T = RuleTable::builtin();
  CHECK(T.rules().size() > 1000);
  const Rule *R = T.lookup("cudaMalloc");
  REQUIRE(R);
  CHECK(R->Hip == "hipMalloc");
  CHECK(R->Family == "runtime");
  R = T.lookup("cuMemAlloc");
  REQUIRE(R);
  CHECK(R->Hip == "hipMalloc");
  CHECK(R->Family == "driver");
}

TEST_CASE("rocm versions parse, compare and gate rows", "[rules][rocm]") {
  CHECK(RocmVersion::parse("6.2") == RocmVersion{6, 2});
  CHECK(RocmVersion::parse("6.2.1") == RocmVersion{6, 2});
  CHECK(RocmVersion::parse(" 7 ") == RocmVersion{7, 0});
  CHECK_FALSE(RocmVersion::parse(""));
  CHECK_FALSE(RocmVersion::parse("6."));
  CHECK_FALSE(RocmVersion::parse("v6.2"));
  CHECK_FALSE(RocmVersion::parse("6.2.1.4"));
  // Numeric, not textual: 3.10 is newer than 3.9.
  CHECK(*RocmVersion::parse("3.9") < *RocmVersion::parse("3.10"));
  CHECK(RocmVersion{5, 7}.str() == "5.7");

  RuleTable T;
  REQUIRE(parseError(T, "cudaOld\thipOld\tfunction\tsupported\t\t1.6\n"
                        "cudaNew\thipNew\tfunction\tsupported\t\t6.2\n"
                        "cudaAny\thipAny\tfunction\tsupported\n"
                        "cudaNone\t-\tfunction\tunsupported\n") == "");
  CHECK(T.newestRocmVersion() == RocmVersion{6, 2});
  RocmVersion V61{6, 1};
  CHECK(T.lookup("cudaOld")->availableIn(V61));
  CHECK_FALSE(T.lookup("cudaNew")->availableIn(V61));
  CHECK(T.lookup("cudaNew")->availableIn(RocmVersion{6, 2}));
  // Unknown version: never held back.
  CHECK(T.lookup("cudaAny")->availableIn(RocmVersion{1, 0}));
}

TEST_CASE("a name whose HIP twin changed has a row per span of releases",
          "[rules][rocm]") {
  RuleTable T;
  // In either order: the open-ended row is the name's row.
  REQUIRE(parseError(
              T, "cudaX_64\thipX_v2_64\tfunction\tsupported\t\t6.1-6.4\n"
                 "cudaX_64\thipX_64\tfunction\tsupported\t\t7.0\n"
                 "cudaGone\t-\tfunction\tunsupported\t\t7.0\n"
                 "cudaGone\thipGone\tfunction\tdeprecated\t\t1.5-6.4\n") == "");
  CHECK(T.lookup("cudaX_64")->Hip == "hipX_64");
  CHECK(T.lookupFor("cudaX_64", std::nullopt)->Hip == "hipX_64");
  CHECK(T.lookupFor("cudaX_64", RocmVersion{7, 2})->Hip == "hipX_64");
  CHECK(T.lookupFor("cudaX_64", RocmVersion{6, 4})->Hip == "hipX_v2_64");
  CHECK(T.lookupFor("cudaX_64", RocmVersion{6, 1})->Hip == "hipX_v2_64");
  // Before either: the newest row, which the port then reports as too new.
  CHECK(T.lookupFor("cudaX_64", RocmVersion{5, 7})->Hip == "hipX_64");
  CHECK_FALSE(T.lookupFor("cudaX_64", RocmVersion{5, 7})->availableIn({5, 7}));
  // Gone in 7.0: translated for 6.x, left in place for 7.x.
  CHECK(T.lookupFor("cudaGone", RocmVersion{6, 2})->Hip == "hipGone");
  CHECK_FALSE(T.lookupFor("cudaGone", RocmVersion{7, 1})->hasHip());
  CHECK_FALSE(T.lookupFor("cudaGone", std::nullopt)->hasHip());
  const Rule *Old = T.lookupFor("cudaX_64", RocmVersion{6, 2});
  CHECK(Old->Until == RocmVersion{6, 4});
  CHECK_FALSE(Old->availableIn(RocmVersion{7, 0}));

  RuleTable Overlapping;
  CHECK(parseError(Overlapping, "cudaY\thipY1\tfunction\tsupported\t\t6.1-7.0\n"
                                "cudaY\thipY2\tfunction\tsupported\t\t7.0\n")
            .find("another span of ROCm releases") != std::string::npos);
  RuleTable Backwards;
  CHECK(
      parseError(Backwards, "cudaZ\thipZ\tfunction\tsupported\t\t6.4-6.1\n") ==
      "t.tsv:1: rocm_version '6.4-6.1' is not a range of releases like "
      "6.1-6.4");
}

TEST_CASE("a malformed rocm_version is a table error", "[rules][rocm]") {
  RuleTable T;
  CHECK(parseError(T, "cudaFoo\thipFoo\tfunction\tsupported\t\tsix\n") ==
        "t.tsv:1: rocm_version 'six' is not a version like 6.2");
  RuleTable Empty;
  CHECK_FALSE(Empty.newestRocmVersion());
}

TEST_CASE("every builtin HIP name records its ROCm version where known",
          "[rules][rocm]") {
  const RuleTable &T = RuleTable::builtin();
  REQUIRE(T.newestRocmVersion());
  unsigned WithHip = 0, Known = 0;
  for (const Rule &R : T.rules())
    // hipwright's own equivalents are in every release: they ship with the
    // port, not with ROCm.
    if (R.hasHip() && !R.emulated()) {
      ++WithHip;
      Known += R.Since.has_value();
    }
  // A few rows have no known release; a table that lost its versions would
  // make --rocm-version meaningless.
  CHECK(Known * 100 >= WithHip * 99);
}
