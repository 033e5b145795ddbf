#include "findings/Fingerprint.h"

#include <catch2/catch.hpp>

using namespace hipwright;

static std::vector<Finding> fingerprinted(const std::string &Text,
                                          std::vector<unsigned> Lines) {
  std::vector<Finding> Fs;
  for (unsigned L : Lines) {
    Finding F;
    F.RuleId = "lane-mask";
    F.File = "/p/k.cu";
    F.Line = L;
    Fs.push_back(F);
  }
  assignFingerprints(
      Fs, [&](llvm::StringRef) { return llvm::StringRef(Text); },
      [](llvm::StringRef) { return std::string("k.cu"); });
  return Fs;
}

TEST_CASE("fingerprints survive lines moving and tell twins apart",
          "[fingerprint]") {
  std::string Before = "int a;\nunsigned m = __ballot_sync(x, p);\n"
                       "unsigned m = __ballot_sync(x, p);\n";
  std::string After = "// new comment\n\nint a;\n"
                      "unsigned  m = __ballot_sync(x, p);\n"
                      "unsigned m = __ballot_sync(x, p);\n";
  auto A = fingerprinted(Before, {2, 3});
  auto B = fingerprinted(After, {4, 5});
  CHECK(A[0].Fingerprint == B[0].Fingerprint); // whitespace squeezed
  CHECK(A[1].Fingerprint == B[1].Fingerprint);
  CHECK(A[0].Fingerprint != A[1].Fingerprint); // same line text, rank differs
  CHECK(A[0].Fingerprint.size() == 16);
}

TEST_CASE("fingerprints do not depend on the order findings come in",
          "[fingerprint]") {
  // Lines are read by walking the file once in line order; findings given
  // out of order, past the end or on line 0 must still see their own line.
  std::string Text = "a;\nb;\n\nc;\n";
  auto InOrder = fingerprinted(Text, {1, 2, 4, 9});
  auto Shuffled = fingerprinted(Text, {9, 4, 1, 2});
  CHECK(InOrder[0].Fingerprint == Shuffled[2].Fingerprint);
  CHECK(InOrder[1].Fingerprint == Shuffled[3].Fingerprint);
  CHECK(InOrder[2].Fingerprint == Shuffled[1].Fingerprint);
  CHECK(InOrder[3].Fingerprint == Shuffled[0].Fingerprint);
  // Line 4 and a line past the end differ (text "c;" against none).
  CHECK(InOrder[2].Fingerprint != InOrder[3].Fingerprint);
  // The same line text elsewhere in another file layout: same fingerprint.
  CHECK(fingerprinted("x\nb;\n", {2})[0].Fingerprint == InOrder[1].Fingerprint);
}

TEST_CASE("fingerprints of findings on one very long line", "[fingerprint]") {
  // Generated or minified code: one line holding many findings. Each
  // finding hashes a digest of the line, not the whole line again.
  std::string Long;
  for (int I = 0; I < 5000; ++I)
    Long += "f(0xffffffff); ";
  std::string Changed = Long;
  Changed[Changed.size() / 2] = 'g';
  std::vector<unsigned> Lines(300, 2);
  auto A = fingerprinted("x\n" + Long + "\n", Lines);
  auto B = fingerprinted("y\nz\n" + Long + "\n", std::vector<unsigned>(300, 3));
  auto C = fingerprinted("x\n" + Changed + "\n", Lines);
  CHECK(A[0].Fingerprint == B[0].Fingerprint); // moved: unchanged
  CHECK(A[0].Fingerprint != A[1].Fingerprint); // twins ranked apart
  CHECK(A[0].Fingerprint != C[0].Fingerprint); // edited: changed
}
