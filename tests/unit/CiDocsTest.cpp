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

/// A YAML syntax error fails the test and sets \p Failed.
void failOnDiagnostics(llvm::SourceMgr &SM, bool &Failed) {
  SM.setDiagHandler(
      [](const llvm::SMDiagnostic &D, void *Ctx) {
        *static_cast<bool *>(Ctx) = true;
        FAIL_CHECK(D.getMessage().str());
      },
      &Failed);
}

/// Top-level keys of a YAML mapping; fails the test on a syntax error.
std::set<std::string> topKeys(const std::string &Text) {
  llvm::SourceMgr SM;
  bool Failed = false;
  failOnDiagnostics(SM, Failed);
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
  REQUIRE(Blocks.size() == 6);
  // The action, used from a workflow: on + jobs, and a step that uses it.
  auto Act = topKeys(Blocks[0]);
  CHECK(Act.count("on"));
  CHECK(Act.count("jobs"));
  CHECK(Blocks[0].find("uses: hipwright/hipwright@") != std::string::npos);
  CHECK(Blocks[0].find("container: debian:12") != std::string::npos);
  // GitHub Actions step by step: on + jobs; it uploads SARIF.
  auto Gh = topKeys(Blocks[1]);
  CHECK(Gh.count("on"));
  CHECK(Gh.count("jobs"));
  CHECK(Blocks[1].find("upload-sarif") != std::string::npos);
  CHECK(Blocks[1].find("--format sarif") != std::string::npos);
  // GitLab: one job with a script.
  auto Gl = topKeys(Blocks[2]);
  REQUIRE(Gl.count("hipwright"));
  CHECK(Blocks[2].find("script:") != std::string::npos);
  // pre-commit: a local repo whose hook runs hipwright lint.
  auto Pc = topKeys(Blocks[3]);
  CHECK(Pc.count("repos"));
  CHECK(Blocks[3].find("entry: hipwright lint") != std::string::npos);
  CHECK(Blocks[3].find("language: system") != std::string::npos);
  // Sharding, GitHub: a matrix of shard jobs whose files one merge job
  // joins after all of them (needs), SARIF uploaded from the merge.
  auto Sh = topKeys(Blocks[4]);
  CHECK(Sh.count("on"));
  CHECK(Sh.count("jobs"));
  CHECK(Blocks[4].find("matrix:") != std::string::npos);
  CHECK(Blocks[4].find("--shard ${{ matrix.shard }}/4 --shard-out") !=
        std::string::npos);
  CHECK(Blocks[4].find("needs: shard") != std::string::npos);
  CHECK(Blocks[4].find("$HIPWRIGHT merge shard-*.hws") != std::string::npos);
  CHECK(Blocks[4].find("upload-sarif") != std::string::npos);
  // Sharding, GitLab: parallel jobs numbered as --shard numbers, one merge.
  auto Gp = topKeys(Blocks[5]);
  REQUIRE(Gp.count("hipwright-shard"));
  REQUIRE(Gp.count("hipwright-merge"));
  CHECK(Blocks[5].find("parallel: 4") != std::string::npos);
  CHECK(Blocks[5].find("--shard $CI_NODE_INDEX/$CI_NODE_TOTAL --shard-out") !=
        std::string::npos);
  CHECK(Blocks[5].find("needs: [hipwright-shard]") != std::string::npos);
  CHECK(Blocks[5].find("hipwright merge shard-*.hws") != std::string::npos);
}

namespace {

/// A YAML document read into memory: llvm::yaml's nodes can be walked only
/// once, in order, and the checks below look keys up in any order.
struct Yaml {
  std::string Scalar;
  std::vector<std::pair<std::string, Yaml>> Map;
  std::vector<Yaml> Seq;

  const Yaml *get(llvm::StringRef Key) const {
    for (const auto &[K, V] : Map)
      if (K == Key)
        return &V;
    return nullptr;
  }
  std::string str(llvm::StringRef Key) const {
    const Yaml *V = get(Key);
    return V ? V->Scalar : "";
  }
};

Yaml readNode(llvm::yaml::Node *N) {
  Yaml Y;
  llvm::SmallString<64> Buf;
  if (auto *S = llvm::dyn_cast_or_null<llvm::yaml::ScalarNode>(N)) {
    Y.Scalar = S->getValue(Buf).str();
  } else if (auto *B = llvm::dyn_cast_or_null<llvm::yaml::BlockScalarNode>(N)) {
    Y.Scalar = B->getValue().str();
  } else if (auto *M = llvm::dyn_cast_or_null<llvm::yaml::MappingNode>(N)) {
    for (llvm::yaml::KeyValueNode &KV : *M) {
      std::string Key = readNode(KV.getKey()).Scalar;
      Y.Map.emplace_back(Key, readNode(KV.getValue()));
    }
  } else if (auto *Q = llvm::dyn_cast_or_null<llvm::yaml::SequenceNode>(N)) {
    for (llvm::yaml::Node &E : *Q)
      Y.Seq.push_back(readNode(&E));
  }
  return Y;
}

} // namespace

// The composite action users reference as hipwright/hipwright@REF: GitHub
// rejects an action whose metadata lacks these, and the job must end with
// lint's exit code after the SARIF upload.
TEST_CASE("action.yml is a composite action that lints, uploads SARIF and "
          "gates on the exit code",
          "[docs][ci]") {
  auto Buf = llvm::MemoryBuffer::getFile(HIPWRIGHT_SOURCE_DIR "/action.yml");
  REQUIRE(Buf);
  llvm::SourceMgr SM;
  bool Failed = false;
  failOnDiagnostics(SM, Failed);
  llvm::yaml::Stream S((*Buf)->getBuffer(), SM);
  Yaml Root = readNode(S.begin()->getRoot());
  CHECK(!Failed);
  CHECK(!Root.str("name").empty());
  CHECK(!Root.str("description").empty());

  // Every input is documented; the ones docs/ci.md promises exist.
  const Yaml *Inputs = Root.get("inputs");
  REQUIRE(Inputs);
  std::set<std::string> InputNames;
  for (const auto &[Name, In] : Inputs->Map) {
    InputNames.insert(Name);
    CHECK(!In.str("description").empty());
  }
  for (const char *Want : {"paths", "args", "deb", "cuda-path", "sarif-file",
                           "upload-sarif", "category"})
    CHECK(InputNames.count(Want));

  const Yaml *Runs = Root.get("runs");
  REQUIRE(Runs);
  CHECK(Runs->str("using") == "composite");
  const Yaml *Steps = Runs->get("steps");
  REQUIRE(Steps);
  std::vector<std::string> Kinds; // "run:<text>" or "uses:<action>"
  for (const Yaml &Step : Steps->Seq) {
    std::string Run = Step.str("run");
    // GitHub requires a shell on every run step of a composite action.
    if (!Run.empty())
      CHECK(!Step.str("shell").empty());
    Kinds.push_back(Run.empty() ? "uses:" + Step.str("uses") : "run:" + Run);
  }
  REQUIRE(Kinds.size() == 4);
  CHECK(Kinds[0].find("apt-get install") != std::string::npos);
  CHECK(Kinds[0].find("scripts/setup.sh") != std::string::npos);
  CHECK(Kinds[1].find("hipwright lint") != std::string::npos);
  CHECK(Kinds[1].find("--format sarif") != std::string::npos);
  CHECK(Kinds[1].find("GITHUB_OUTPUT") != std::string::npos);
  CHECK(Kinds[2].rfind("uses:github/codeql-action/upload-sarif@", 0) == 0);
  CHECK(Kinds[3].find("exit") != std::string::npos);
  // Inputs reach the shell through env, never pasted into the script text
  // (a path with a quote in it must not become shell code).
  for (const std::string &K : Kinds)
    if (K.rfind("run:", 0) == 0)
      CHECK(K.find("${{") == std::string::npos);
}
