#include "edit/EditSet.h"

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

TEST_CASE("alignLineContinuations finishes on edits at a line's end",
          "[edits]") {
  // Each of these once looped forever: the edit sits on a '\n' (or at the
  // end of the file), where the line holding it ends before it starts.
  struct Case {
    std::string Src;
    unsigned Offset;
  } Cases[] = {{"", 0},         // empty file
               {"\n", 0},       // only a newline
               {"\n// c\n", 0}, // comment after a leading newline
               {"a\nb", 1},     // on the first line's '\n'
               {"a\nb", 3},     // end of a file without a final newline
               {"#define X  \\\n", 12}}; // after a continuation's '\'
  for (const Case &C : Cases) {
    std::vector<Replacement> E = {{"f", C.Offset, 0, "x"}};
    alignLineContinuations(C.Src, E);
    REQUIRE(E.size() == 1);
    std::string Want = C.Src;
    Want.insert(C.Offset, "x");
    CHECK(applyEdits(C.Src, E) == Want);
  }
}

TEST_CASE("alignLineContinuations groups edits at and before a '\\n'",
          "[edits]") {
  // A rename before the spaces and an insertion at the '\n': the insertion
  // lands after the '\', so the spaces are left alone.
  std::string Src = "#define F  cudaFree(p)   \\\n  g()\n";
  unsigned Nl = Src.find('\n');
  std::vector<Replacement> E = {{"f", 11, 8, "hipFree"}, {"f", Nl, 0, ";;"}};
  alignLineContinuations(Src, E);
  CHECK(E.size() == 2);
  // Without it, the rename alone realigns the '\'.
  std::vector<Replacement> R = {{"f", 11, 8, "hipFree"}};
  alignLineContinuations(Src, R);
  REQUIRE(R.size() == 2);
  CHECK(applyEdits(Src, R) == "#define F  hipFree(p)    \\\n  g()\n");
}

TEST_CASE("applyEdits writes inserted lines in the file's line ending",
          "[edits]") {
  std::vector<Replacement> Include = {{"f", 0, 0, "#include <a.h>\n"}};
  CHECK(applyEdits("int x;\r\nint y;\r\n", Include) ==
        "#include <a.h>\r\nint x;\r\nint y;\r\n");
  CHECK(applyEdits("int x;\nint y;\n", Include) ==
        "#include <a.h>\nint x;\nint y;\n");
  // The line the text lands in decides; a last line without a line break
  // follows the one before it.
  std::string Mixed = "a\nb\r\nc";
  CHECK(applyEdits(Mixed, {{"f", 0, 0, "1\n"},
                           {"f", 2, 0, "2\n"},
                           {"f", 5, 0, "3\n"}}) == "1\na\n2\r\nb\r\n3\r\nc");
  // Text that already says CRLF is not doubled.
  CHECK(applyEdits("x\r\n", {{"f", 0, 0, "y\r\nz\n"}}) == "y\r\nz\r\nx\r\n");
  // A file without any line break: '\n' as written.
  CHECK(applyEdits("x", {{"f", 0, 0, "y\n"}}) == "y\nx");
}

TEST_CASE("an insertion before a replaced name is no conflict", "[edits]") {
  // The implicit include lands at a file's first token, which may itself
  // be renamed (after a byte order mark, or with no comment above it).
  EditSet S;
  S.add({"a.cu", 3, 10, "hipMalloc"});
  S.add({"a.cu", 3, 0, "#include <hip/hip_runtime.h>\n"});
  auto E = S.editsFor("a.cu");
  REQUIRE(E.size() == 2);
  CHECK(S.conflicts().empty());
  CHECK(applyEdits("\xEF\xBB\xBF"
                   "cudaMalloc(&p, 4);",
                   E) == "\xEF\xBB\xBF#include <hip/hip_runtime.h>\n"
                         "hipMalloc(&p, 4);");
  // Two insertions at one place still are: their order would be a guess.
  S.add({"b.cu", 0, 0, "x"});
  S.add({"b.cu", 0, 0, "y"});
  CHECK(S.editsFor("b.cu").size() == 1);
  CHECK(S.conflicts().size() == 1);
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

TEST_CASE("an insertion where a replacement starts goes before it", "[edits]") {
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
