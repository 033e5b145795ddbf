// The CI snippets in docs/ci.md must be valid YAML with the keys their
// systems require, so a copy-paste works.
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"

#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <vector>

namespace {

std::vector<std::string> yamlBlocks(llvm::StringRef Doc) {
  std::vector<std::string> Blocks;
  size_t At = 0;
  while ((At = Doc.find("```yaml\n", At)) != llvm::StringRef::npos) {
    size_t Start = At + 8, End = Doc.find("```", Start);
    Blocks.push_back(Doc.slice(Start, End).str());
    At = End;
  }
  return Blocks;
}

/// Top-level keys of a YAML mapping; fails the test on a syntax error.
std::set<std::string> topKeys(const std::string &Text) {
  llvm::SourceMgr SM;
  bool Failed = false;
  SM.setDiagHandler(
      [](const llvm::SMDiagnostic &D, void *Ctx) {
        *static_cast<bool *>(Ctx) = true;
        FAIL_CHECK(D.getMessage().str());
      },
      &Failed);
  llvm::yaml::Stream S(Text, SM);
  std::set<std::string> Keys;
  for (llvm::yaml::Document &D : S) {
    auto *Map = llvm::dyn_cast_or_null<llvm::yaml::MappingNode>(D.getRoot());
    REQUIRE(Map);
    for (llvm::yaml::KeyValueNode &KV : *Map) {
      llvm::SmallString<32> Buf;
      auto *K = llvm::dyn_cast<llvm::yaml::ScalarNode>(KV.getKey());
      REQUIRE(K);
      Keys.insert(K->getValue(Buf).str());
      KV.getValue()->skip(); // parse the value too, so its errors surface
    }
  }
  CHECK(!Failed);
  return Keys;
}

} // namespace

TEST_CASE("docs/ci.md snippets are valid YAML with their required keys",
          "[docs]") {
  auto Buf = llvm::MemoryBuffer::getFile(HIPWRIGHT_SOURCE_DIR "/docs/ci.md");
  REQUIRE(Buf);
  llvm::StringRef Doc = (*Buf)->getBuffer();
  std::vector<std::string> Blocks = yamlBlocks(Doc);
  REQUIRE(Blocks.size() == 3);
  // GitHub Actions: a workflow needs on + jobs; it uploads SARIF.
  auto Gh = topKeys(Blocks[0]);
  CHECK(Gh.count("on"));
  CHECK(Gh.count("jobs"));
  CHECK(Blocks[0].find("upload-sarif") != std::string::npos);
  CHECK(Blocks[0].find("--format sarif") != std::string::npos);
  // GitLab: one job with a script.
  auto Gl = topKeys(Blocks[1]);
  REQUIRE(Gl.count("hipwright"));
  CHECK(Blocks[1].find("script:") != std::string::npos);
  // pre-commit: a local repo whose hook runs hipwright lint.
  auto Pc = topKeys(Blocks[2]);
  CHECK(Pc.count("repos"));
  CHECK(Blocks[2].find("entry: hipwright lint") != std::string::npos);
  CHECK(Blocks[2].find("language: system") != std::string::npos);
}
