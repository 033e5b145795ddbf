#include "port/UnifiedDiff.h"

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
