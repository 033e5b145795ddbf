#include "port/EditSet.h"

#include <catch2/catch.hpp>

using namespace hipwright;

TEST_CASE("EditSet deduplicates the same edit from several TUs", "[edits]") {
  EditSet S;
  S.add({"h.cuh", 4, 10, "hipMalloc"});
  S.add({"h.cuh", 4, 10, "hipMalloc"});
  S.add({"h.cuh", 0, 0, "#include <hip/hip_runtime.h>\n"});
  auto E = S.editsFor("h.cuh");
  REQUIRE(E.size() == 2);
  CHECK(E[0].Offset == 0);
  CHECK(E[1].Text == "hipMalloc");
  CHECK(S.conflicts().empty());
}

TEST_CASE("EditSet reports different edits of the same bytes", "[edits]") {
  EditSet S;
  S.add({"a.cu", 10, 4, "BBBB"});
  S.add({"a.cu", 10, 4, "AAAA"});
  S.add({"a.cu", 12, 1, "x"}); // overlaps the kept edit
  auto E = S.editsFor("a.cu");
  REQUIRE(E.size() == 1);
  // The kept one does not depend on the order the TUs finished in.
  CHECK(E[0].Text == "AAAA");
  REQUIRE(S.conflicts().size() == 2);
  CHECK(S.conflicts()[0].Dropped.Text == "BBBB");
}

TEST_CASE("applyEdits splices edits into the original", "[edits]") {
  std::string Src = "cudaMalloc(&p, n); cudaFree(p);";
  std::vector<Replacement> E = {{"f", 0, 10, "hipMalloc"},
                                {"f", 19, 8, "hipFree"}};
  CHECK(applyEdits(Src, E) == "hipMalloc(&p, n); hipFree(p);");
  CHECK(applyEdits(Src, {}) == Src);
}

TEST_CASE("continuation backslashes keep their column", "[edits]") {
  std::string Src = "#define CHECK(x)       \\\n"
                    "  cudaError_t e = (x);  \\\n"
                    "  use(e)\n";
  std::vector<Replacement> E = {{"f", 27, 11, "hipError_t"}};
  alignLineContinuations(Src, E);
  CHECK(applyEdits(Src, E) == "#define CHECK(x)       \\\n"
                              "  hipError_t e = (x);   \\\n"
                              "  use(e)\n");
  // Growing past the column leaves one space, never zero.
  std::vector<Replacement> G = {{"f", 27, 11, "averyveryverylongname_t"}};
  alignLineContinuations(Src, G);
  CHECK(applyEdits(Src, G).find("averyveryverylongname_t e = (x); \\\n") !=
        std::string::npos);
}

TEST_CASE("an insertion on an empty line is aligned once, not forever",
          "[edits]") {
  // The prologue after `#pragma once` lands at the start of an empty line,
  // i.e. at that line's '\n'; this used to loop without end.
  std::string Src = "#pragma once\n\nint x;\n";
  std::vector<Replacement> E = {{"f", 13, 0, "#include <a.h>\n"},
                                {"f", 18, 1, "y"}};
  alignLineContinuations(Src, E);
  REQUIRE(E.size() == 2);
  CHECK(applyEdits(Src, E) == "#pragma once\n#include <a.h>\n\nint y;\n");
}

TEST_CASE("an insertion where a replacement starts goes before it",
          "[edits]") {
  // A call rule's prefix and the token pass's rename of the argument's
  // first token meet at one offset; both apply.
  EditSet S;
  S.add({"a.cu", 4, 12, "hipStream_t"});
  S.add({"a.cu", 4, 0, "template <typename = void> "});
  auto E = S.editsFor("a.cu");
  REQUIRE(E.size() == 2);
  CHECK(S.conflicts().empty());
  CHECK(applyEdits("int cudaStream_t f();", E) ==
        "int template <typename = void> hipStream_t f();");
  // Two insertions at one offset still collide: their order would be a guess.
  EditSet T;
  T.add({"a.cu", 4, 0, "x"});
  T.add({"a.cu", 4, 0, "y"});
  CHECK(T.editsFor("a.cu").size() == 1);
  CHECK(T.conflicts().size() == 1);
}
