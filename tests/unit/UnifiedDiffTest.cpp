#include "port/UnifiedDiff.h"

#include "../support/ApplyUnifiedDiff.h"

#include <catch2/catch.hpp>

using namespace hipwright;

TEST_CASE("unifiedDiff is empty for equal texts", "[diff]") {
  CHECK(unifiedDiff("a\nb\n", "a\nb\n", "x", "x").empty());
}

TEST_CASE("unifiedDiff shows a changed line with context", "[diff]") {
  std::string A = "1\n2\n3\n4\ncudaMalloc\n6\n7\n8\n9\n";
  std::string B = "1\n2\n3\n4\nhipMalloc\n6\n7\n8\n9\n";
  CHECK(unifiedDiff(A, B, "k.cu", "k.cu") == "--- a/k.cu\n+++ b/k.cu\n"
                                             "@@ -2,7 +2,7 @@\n"
                                             " 2\n 3\n 4\n-cudaMalloc\n"
                                             "+hipMalloc\n 6\n 7\n 8\n");
}

TEST_CASE("unifiedDiff handles an insertion at the top", "[diff]") {
  std::string A = "a\nb\n";
  std::string B = "#include <hip/hip_runtime.h>\na\nb\n";
  CHECK(unifiedDiff(A, B, "k.cu", "k.cu") ==
        "--- a/k.cu\n+++ b/k.cu\n@@ -1,2 +1,3 @@\n"
        "+#include <hip/hip_runtime.h>\n a\n b\n");
}

TEST_CASE("unifiedDiff keeps distant changes in separate hunks", "[diff]") {
  std::string A, B;
  for (int I = 0; I < 30; ++I) {
    A += std::to_string(I) + "\n";
    B += (I == 2 || I == 25 ? "x" : std::to_string(I)) + "\n";
  }
  std::string D = unifiedDiff(A, B, "f", "f");
  CHECK(D.find("@@ -1,6 +1,6 @@") != std::string::npos);
  CHECK(D.find("@@ -23,7 +23,7 @@") != std::string::npos);
}

TEST_CASE("unifiedDiff marks a missing final newline", "[diff]") {
  std::string D = unifiedDiff("a", "b", "f", "f");
  CHECK(D == "--- a/f\n+++ b/f\n@@ -1,1 +1,1 @@\n-a\n"
             "\\ No newline at end of file\n+b\n"
             "\\ No newline at end of file\n");
}

namespace {
/// The diff must turn A into B when applied like `patch` would.
void checkRoundTrip(const std::string &A, const std::string &B) {
  std::string D = unifiedDiff(A, B, "f", "f");
  auto Applied = hipwright::testing::applyUnifiedDiff(A, D);
  REQUIRE(Applied);
  CHECK(*Applied == B);
}
} // namespace

TEST_CASE("unifiedDiff of a file whose every line changed", "[diff]") {
  // Identical lines, all translated: no line is shared, none is unique.
  std::string A, B = "#include <hip/hip_runtime.h>\n";
  for (int I = 0; I < 20000; ++I) {
    A += "  cudaMalloc(&p, n);\n";
    B += "  hipMalloc(&p, n);\n";
  }
  checkRoundTrip(A, B);
}

TEST_CASE("unifiedDiff of long stretches of repeated lines", "[diff]") {
  // Every other line changes and the unchanged ones repeat, so no line
  // anchors the diff and the stretch needs far more than the bounded
  // search's edits: it is shown as removed and re-added, still correctly.
  std::string A, B;
  for (int I = 0; I < 3000; ++I) {
    A += "}\ncudaFree(p);\n";
    B += "}\nhipFree(p);\n";
  }
  A += "tail\n";
  B += "tail";
  checkRoundTrip(A, B);
  checkRoundTrip(B, A);
  checkRoundTrip("", A);
  checkRoundTrip(A, "");
}

TEST_CASE("unifiedDiff anchors on unique lines", "[diff]") {
  std::string A, B;
  for (int I = 0; I < 2000; ++I) {
    std::string N = std::to_string(I);
    A += "line " + N + "\n";
    B += (I % 7 == 3 ? "changed " + N : "line " + N) + "\n";
    if (I % 11 == 5)
      B += "inserted " + N + "\n";
  }
  checkRoundTrip(A, B);
  std::string D = unifiedDiff(A, B, "f", "f");
  // Only the changed lines are removed: the diff is minimal here.
  size_t Removed = 0;
  for (size_t At = D.find("\n-"); At != std::string::npos;
       At = D.find("\n-", At + 1))
    ++Removed;
  CHECK(Removed == 286); // I % 7 == 3 for I < 2000
}
