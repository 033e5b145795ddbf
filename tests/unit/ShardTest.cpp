// --shard K/N and the merge's checks (port/Shard.h, port/ShardFile.h).
#include "port/ShardFile.h"
#include "port/ShardFreshness.h"
#include "support/FramedRecord.h"

#include "TempDir.h"

#include <catch2/catch.hpp>

#include <set>

using namespace hipwright;

namespace {

std::string errorOf(llvm::Expected<MergedShards> M) {
  if (M)
    return "";
  return llvm::toString(M.takeError());
}

/// The N shards of one run over \p Files (relative to /r).
std::vector<ShardData> shardsOf(const std::vector<std::string> &Files,
                                unsigned N) {
  std::vector<ShardData> Out;
  for (unsigned K = 1; K <= N; ++K) {
    ShardData D;
    D.Command = "lint";
    D.Args = {".", "--format", "json"};
    D.Spec = {K, N};
    D.Tool = shardToolIdentity();
    D.Root = "/r";
    for (const std::string &F : Files)
      if (shardOf(F, N) == K) {
        TuResult U;
        U.MainFile = "/r/" + F;
        D.Units.push_back(U);
      }
    Out.push_back(D);
  }
  return Out;
}

} // namespace

TEST_CASE("an out-of-range shard count names the real limit", "[shard]") {
  llvm::Expected<ShardSpec> Huge = parseShardSpec("1/4294967296");
  REQUIRE(!Huge);
  std::string Msg = llvm::toString(Huge.takeError());
  CHECK(Msg.find("at most 1000000") != std::string::npos);
  CHECK(Msg.find("1 <= K <= N") == std::string::npos);
  llvm::Expected<ShardSpec> Max = parseShardSpec("1000000/1000000");
  CHECK(bool(Max));
  if (!Max)
    llvm::consumeError(Max.takeError());
}

TEST_CASE("shard specs are K/N with 1 <= K <= N", "[shard]") {
  llvm::Expected<ShardSpec> S = parseShardSpec("2/4");
  REQUIRE(bool(S));
  CHECK(S->Index == 2);
  CHECK(S->Count == 4);
  for (const char *Bad : {"0/4", "5/4", "1/0", "2", "a/b", "2/4/1", ""}) {
    llvm::Expected<ShardSpec> E = parseShardSpec(Bad);
    CHECK(!E);
    if (!E)
      llvm::consumeError(E.takeError());
  }
}

TEST_CASE("a file's shard depends on its relative path alone", "[shard]") {
  std::vector<std::string> Files;
  for (int I = 0; I < 200; ++I)
    Files.push_back("dir" + std::to_string(I % 7) + "/k" + std::to_string(I) +
                    ".cu");
  std::set<unsigned> Used;
  for (const std::string &F : Files) {
    unsigned S = shardOf(F, 4);
    CHECK(S >= 1);
    CHECK(S <= 4);
    CHECK(shardOf(F, 4) == S); // a function: no state, no order
    Used.insert(S);
  }
  CHECK(Used.size() == 4); // 200 files do not all land in one shard
  CHECK(shardOf("a.cu", 1) == 1);
  // Pinned values: the split must not change between releases, or a CI
  // matrix with mixed versions would drop or double TUs.
  // (First 8 bytes of BLAKE3 of the path, little-endian, modulo N, plus 1.)
  CHECK(shardOf("src/kern/warp_reduce.cu", 3) == 1);
  CHECK(shardOf("a.cu", 3) == 3);
  CHECK(shardOf("x/y/z.cu", 3) == 2);
  CHECK(shardOf("src/kern/warp_reduce.cu", 1000) == 378);
  CHECK(shardOf("dir/b.cu", 1000) == 968);
}

TEST_CASE("merge joins the N shards of one run", "[shard]") {
  std::vector<std::string> Files = {"a.cu", "b.cu", "c/d.cu", "e.cu", "f.cu"};
  llvm::Expected<MergedShards> M = combineShards(shardsOf(Files, 3));
  REQUIRE(bool(M));
  CHECK(M->Units.size() == Files.size());
  CHECK(M->Command == "lint");
  CHECK(M->Units.count("/r/c/d.cu"));
}

TEST_CASE("merge refuses what is not one complete run", "[shard]") {
  std::vector<std::string> Files = {"a.cu", "b.cu", "c/d.cu", "e.cu", "f.cu"};
  auto S = shardsOf(Files, 3);
  SECTION("a shard missing") {
    S.pop_back();
    CHECK(errorOf(combineShards(S)).find("shard 3 of 3 missing") !=
          std::string::npos);
  }
  SECTION("a shard twice") {
    S.push_back(S.front());
    CHECK(errorOf(combineShards(S)).find("given twice") != std::string::npos);
  }
  SECTION("another command line") {
    S[1].Args.push_back("--rules=warp-size");
    CHECK(errorOf(combineShards(S)).find("another run") != std::string::npos);
  }
  SECTION("another build") {
    S[2].Tool = "hipwright 0.0.1 (abc) rules 000000000000";
    CHECK(errorOf(combineShards(S)).find("same build") != std::string::npos);
  }
  SECTION("a TU in a shard it does not hash to") {
    TuResult U;
    U.MainFile = "/r/a.cu";
    unsigned Home = shardOf("a.cu", 3);
    S[Home % 3].Units.push_back(U); // the next shard over
    CHECK(errorOf(combineShards(S)).find("belongs to shard") !=
          std::string::npos);
  }
  SECTION("a shard file round trip keeps everything") {
    std::string Bytes = encodeShard(S[0]);
    llvm::Expected<ShardData> D = decodeShard(Bytes, "s1");
    REQUIRE(bool(D));
    CHECK(encodeShard(*D) == Bytes);
    llvm::Expected<ShardData> Cut =
        decodeShard(llvm::StringRef(Bytes).drop_back(), "s1");
    REQUIRE(!Cut);
    CHECK(llvm::toString(Cut.takeError()).find("s1") != std::string::npos);
  }
}

TEST_CASE("a merge refuses results of files changed since", "[shard]") {
  hipwright::testing::TempDir D;
  std::string Src = D.write("a.cu", "int a;\n");
  std::string Hdr = D.write("h.cuh", "int h;\n");
  MergedShards M;
  TuResult U;
  U.MainFile = Src;
  U.Inputs = {{Hdr, contentDigest("int h;\n")},
              {Src, contentDigest("int a;\n")}};
  U.Absent = {D.path("maybe.h")};
  M.Units[Src] = U;
  M.FileOf[Src] = "s1.hws (shard 1/1)";
  auto ErrorOf = [&] {
    llvm::Error E = checkShardsCurrent(M);
    return E ? llvm::toString(std::move(E)) : std::string();
  };
  CHECK(ErrorOf().empty());
  SECTION("a header edited") {
    D.write("h.cuh", "int h; // edited\n");
    std::string E = ErrorOf();
    CHECK(E.find(Hdr + " changed after s1.hws (shard 1/1) was written") !=
          std::string::npos);
    CHECK(E.find("its result for " + Src) != std::string::npos);
  }
  SECTION("the source removed") {
    llvm::sys::fs::remove(Src);
    CHECK(ErrorOf().find(Src + " is gone") != std::string::npos);
  }
  SECTION("a looked-for header appeared") {
    D.write("maybe.h", "");
    CHECK(ErrorOf().find("maybe.h exists now") != std::string::npos);
  }
  SECTION("a result without digests cannot be checked") {
    M.Units[Src].Inputs.clear();
    CHECK(ErrorOf().find("records no file digests") != std::string::npos);
  }
}

TEST_CASE("merge refusals name the shard files", "[shard]") {
  std::vector<std::string> Files = {"a.cu", "b.cu", "c/d.cu"};
  auto S = shardsOf(Files, 2);
  S[0].File = "out/one.hws";
  S[1].File = "out/two.hws";
  S.push_back(S[0]);
  S.back().File = "out/again.hws";
  std::string E = errorOf(combineShards(S));
  CHECK(E.find("out/again.hws (shard 1/2) is given twice: out/one.hws") !=
        std::string::npos);
}
