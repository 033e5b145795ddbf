#include "findings/Baseline.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <catch2/catch.hpp>

using namespace hipwright;

namespace {
std::string tempFileWith(llvm::StringRef Text) {
  llvm::SmallString<128> Path;
  REQUIRE(!llvm::sys::fs::createTemporaryFile("hw-base", "json", Path));
  std::error_code EC;
  llvm::raw_fd_ostream(Path, EC) << Text;
  REQUIRE(!EC);
  return std::string(Path);
}

std::string readError(llvm::StringRef Text) {
  std::string Path = tempFileWith(Text);
  auto B = readBaseline(Path);
  llvm::sys::fs::remove(Path);
  REQUIRE(!B);
  return llvm::toString(B.takeError());
}
} // namespace

TEST_CASE("a written baseline reads back", "[baseline]") {
  Finding F;
  F.RuleId = "lane-mask.narrow-mask";
  F.Fingerprint = "abc123";
  F.File = "/src/k.cu";
  F.Line = 3;
  std::string Path = tempFileWith("");
  REQUIRE(!writeBaseline(Path, {F}, [](llvm::StringRef P) { return P.str(); }));
  auto B = readBaseline(Path);
  llvm::sys::fs::remove(Path);
  REQUIRE(static_cast<bool>(B));
  CHECK(B->contains(F));
}

TEST_CASE("a baseline of another format version is refused", "[baseline]") {
  std::string Msg = readError(R"({"version": 99, "findings": []})");
  CHECK(Msg.find("version 99") != std::string::npos);
  CHECK(Msg.find("reads version 1") != std::string::npos);
  CHECK(readError(R"({"findings": []})").find("no \"version\"") !=
        std::string::npos);
  CHECK(
      readError(R"({"version": "1", "findings": []})").find("no \"version\"") !=
      std::string::npos);
}
