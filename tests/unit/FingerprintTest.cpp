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
