// The result cache (port/UnitCache.h): what makes an entry hit, miss or be
// rejected, without a parse (the results are built by hand;
// UnitCacheParseTest.cpp and the CLI test cli.cache_shard drive real
// parses).
#include "TempDir.h"

#include "port/TuResultCodec.h"
#include "port/UnitCache.h"
#include "support/FramedRecord.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace hipwright;
using hipwright::testing::TempDir;

namespace {

/// A result that read \p Files (their current bytes) and found one thing.
TuResult resultReading(const std::vector<std::string> &Files) {
  TuResult R;
  R.MainFile = Files.front();
  R.FilesSeen = {Files.front()};
  R.Edits.push_back({Files.front(), 3, 4, "hipFree"});
  Finding F;
  F.RuleId = "warp-size";
  F.File = Files.front();
  F.Line = 2;
  F.Column = 5;
  F.Message = "non-UTF-8 \xff\xfe bytes survive";
  R.Findings.push_back(F);
  for (const std::string &P : Files)
    R.Inputs.push_back({P, contentDigest(*testing::readFile(P))});
  return R;
}

std::string encoded(const TuResult &R) {
  ByteWriter W;
  encodeTuResult(R, W);
  return W.take();
}

struct Fixture {
  TempDir Dir;
  std::string Main = Dir.write("src/a.cu", "#include \"a.cuh\"\n");
  std::string Header = Dir.write("src/a.cuh", "int x;\n");
  std::string System = Dir.write("sys/cuda.h", "int y;\n");
  std::vector<std::string> Args = {"clang", "-Isys", Main};
  CacheSettings Settings{Dir.path("cache")};
  std::function<bool(llvm::StringRef)> IsUser = [this](llvm::StringRef P) {
    return P.starts_with(Dir.path("src"));
  };

  UnitCache cache(std::string RunKey = "run") {
    return UnitCache(Settings, RunKey, IsUser);
  }
  TuResult result() { return resultReading({Main, Header, System}); }
};

} // namespace

TEST_CASE("TuResultCodec gives back exactly the result it encoded", "[cache]") {
  Fixture F;
  TuResult R = F.result();
  R.Errors = {{"a.cu", 1, 1, "x"}, {"", 0, 0, "no such option"}};
  R.Errors.push_back({"a.cuh", 2, 10, "'b.h' file not found", /*Fatal=*/true});
  R.References.push_back(
      {"cudaFree", "hipFree", "runtime", F.Main, 3, 1, 4, true});
  R.Kernels.push_back({F.Main, 2, "k"});
  R.Absent = {F.Dir.path("src/b.h"), F.Dir.path("sys/a.cuh")};
  // A fix-it the port applies without --fix must stay one after a cache hit.
  R.Findings.front().Fixes.push_back({F.Main, 0, 3, "unsigned long long"});
  R.Findings.front().FixRequired = true;
  std::string Bytes = encoded(R);
  ByteReader Reader(Bytes);
  std::optional<TuResult> Back = decodeTuResult(Reader);
  REQUIRE(Back);
  CHECK(Reader.atEnd());
  CHECK(encoded(*Back) == Bytes);
  CHECK(Back->Errors == R.Errors);
  CHECK(Back->Errors[0].str() == "a.cu:1:1: error: x");
  CHECK(Back->Errors[1].str() == "<command line>: error: no such option");
  CHECK(Back->Absent == R.Absent);
  CHECK(Back->Findings.front().Message == R.Findings.front().Message);
  CHECK(Back->Findings.front().FixRequired);
  CHECK(Back->Findings.front().Fixes == R.Findings.front().Fixes);
  // Every proper prefix is refused, never read as a shorter result.
  for (size_t Len = 0; Len < Bytes.size(); ++Len) {
    ByteReader Cut(llvm::StringRef(Bytes).take_front(Len));
    CHECK(!decodeTuResult(Cut));
  }
}

TEST_CASE("a framed record refuses truncation, damage and another kind",
          "[cache]") {
  std::string Framed = frameRecord("kind 1", "payload bytes");
  llvm::Expected<llvm::StringRef> Ok = unframeRecord("kind 1", Framed, "f");
  REQUIRE(bool(Ok));
  CHECK(*Ok == "payload bytes");
  auto Refused = [](llvm::StringRef Magic, llvm::StringRef Bytes) {
    llvm::Expected<llvm::StringRef> P = unframeRecord(Magic, Bytes, "f");
    if (P)
      return false;
    llvm::consumeError(P.takeError());
    return true;
  };
  CHECK(Refused("kind 1", llvm::StringRef(Framed).drop_back()));
  CHECK(Refused("kind 2", Framed));
  std::string Flipped = Framed;
  Flipped.back() ^= 1;
  CHECK(Refused("kind 1", Flipped));
  CHECK(Refused("kind 1", ""));
}

TEST_CASE("the cache hits only while every file the parse read is unchanged",
          "[cache]") {
  Fixture F;
  {
    UnitCache C = F.cache();
    CHECK(!C.lookup(F.Args));
    C.store(F.Args, F.result());
    CHECK(C.stats().Stored == 1);
  }
  {
    UnitCache C = F.cache();
    std::optional<TuResult> Hit = C.lookup(F.Args);
    REQUIRE(Hit);
    CHECK(encoded(*Hit) == encoded(F.result()));
  }
  SECTION("another command line or run key is another entry") {
    UnitCache C = F.cache();
    CHECK(!C.lookup({"clang", "-DX", F.Main}));
    CHECK(!F.cache("other run").lookup(F.Args));
  }
  SECTION("an edited user header misses") {
    F.Dir.write("src/a.cuh", "int x2;\n");
    CHECK(!F.cache().lookup(F.Args));
  }
  SECTION("an edited system header misses") {
    F.Dir.write("sys/cuda.h", "int y2;\n");
    CHECK(!F.cache().lookup(F.Args));
  }
  SECTION("a header that is gone misses") {
    llvm::sys::fs::remove(F.Header);
    CHECK(!F.cache().lookup(F.Args));
  }
  SECTION("a header that became the user's (another input root) misses") {
    F.IsUser = [](llvm::StringRef) { return true; };
    CHECK(!F.cache().lookup(F.Args));
  }
  SECTION("the same bytes written again still hit") {
    F.Dir.write("src/a.cuh", "int x;\n");
    CHECK(F.cache().lookup(F.Args));
  }
}

TEST_CASE("a damaged cache entry is rejected, removed and rebuilt", "[cache]") {
  Fixture F;
  F.cache().store(F.Args, F.result());
  std::string Entry = F.cache().entryPath(F.Args);
  std::string Whole = *testing::readFile(Entry);
  SECTION("truncated") {
    F.Dir.write(llvm::StringRef(Entry).drop_front(F.Dir.str().size() + 1),
                llvm::StringRef(Whole).take_front(Whole.size() / 2));
  }
  SECTION("a byte flipped") {
    Whole[Whole.size() / 2] ^= 0x40;
    F.Dir.write(llvm::StringRef(Entry).drop_front(F.Dir.str().size() + 1),
                Whole);
  }
  SECTION("a valid entry of another key") {
    Fixture G;
    G.cache().store({"clang", "-DY", G.Main}, G.result());
    F.Dir.write(
        llvm::StringRef(Entry).drop_front(F.Dir.str().size() + 1),
        *testing::readFile(G.cache().entryPath({"clang", "-DY", G.Main})));
  }
  UnitCache C = F.cache();
  CHECK(!C.lookup(F.Args));
  CHECK(C.stats().Rejected == 1);
  CHECK(!llvm::sys::fs::exists(Entry));
  C.store(F.Args, F.result());
  CHECK(F.cache().lookup(F.Args));
}

TEST_CASE("a result with errors is cached until a path it missed appears",
          "[cache]") {
  Fixture F;
  TuResult WithError = F.result();
  WithError.Errors.push_back({F.Main, 1, 10, "'b.h' file not found"});
  WithError.Absent = {F.Dir.path("src/b.h"), F.Dir.path("sys/b.h")};
  F.cache().store(F.Args, WithError);
  std::optional<TuResult> Hit = F.cache().lookup(F.Args);
  REQUIRE(Hit);
  CHECK(encoded(*Hit) == encoded(WithError));
  SECTION("in the directory searched first") { F.Dir.write("src/b.h", ""); }
  SECTION("in a directory searched later") { F.Dir.write("sys/b.h", ""); }
  SECTION("as a directory") {
    REQUIRE(!llvm::sys::fs::create_directories(F.Dir.path("sys/b.h")));
  }
  UnitCache C = F.cache();
  CHECK(!C.lookup(F.Args));
  CHECK(C.stats().Misses == 1);
  CHECK(C.stats().Rejected == 0);
}

TEST_CASE("failed results, unknown inputs and too many missed paths are "
          "not cached",
          "[cache]") {
  Fixture F;
  TuResult NoInputs = F.result();
  NoInputs.Inputs.clear();
  TuResult Failed = F.result();
  Failed.Failed = true;
  TuResult Appeared = F.result(); // a missed path is there by store time
  Appeared.Absent = {F.Header};
  TuResult Huge = F.result();
  for (size_t I = 0; I <= UnitCache::kMaxAbsentPaths; ++I)
    Huge.Absent.push_back(F.Dir.path("none/" + std::to_string(I)));
  std::sort(Huge.Absent.begin(), Huge.Absent.end());
  UnitCache C = F.cache();
  for (const TuResult *R : {&NoInputs, &Failed, &Appeared, &Huge})
    C.store(F.Args, *R);
  CHECK(C.stats().Stored == 0);
  CHECK(!llvm::sys::fs::exists(C.entryPath(F.Args)));
}

TEST_CASE("the cache evicts its least recently used entries past the bound",
          "[cache]") {
  Fixture F;
  std::vector<std::vector<std::string>> Units;
  for (int I = 0; I < 4; ++I)
    Units.push_back({"clang", "-DN=" + std::to_string(I), F.Main});
  {
    UnitCache C = F.cache();
    for (auto &A : Units)
      C.store(A, F.result());
  }
  uint64_t One = 0;
  REQUIRE(!llvm::sys::fs::file_size(F.cache().entryPath(Units[0]), One));
  // Ages: 0 oldest ... 3 newest; then 0 is used, so 1 is the oldest.
  auto Age = [&](const std::vector<std::string> &A, int SecondsAgo) {
    llvm::sys::fs::file_t FD;
    REQUIRE(!llvm::sys::fs::openFileForWrite(F.cache().entryPath(A), FD,
                                             llvm::sys::fs::CD_OpenExisting,
                                             llvm::sys::fs::OF_Append));
    auto T =
        std::chrono::system_clock::now() - std::chrono::seconds(SecondsAgo);
    llvm::sys::fs::setLastAccessAndModificationTime(FD, T);
    llvm::sys::fs::closeFile(FD);
  };
  for (int I = 0; I < 4; ++I)
    Age(Units[I], 1000 - I * 100);
  REQUIRE(F.cache().lookup(Units[0])); // refreshed: now the newest
  // Room for three: storing a fifth must drop the two least recently used.
  F.Settings.MaxBytes = One * 3 + One / 2;
  UnitCache C = F.cache();
  C.store({"clang", "-DN=4", F.Main}, F.result());
  C.evictIfOverBound();
  CHECK(C.stats().Evicted == 2);
  CHECK(F.cache().lookup(Units[0]));
  CHECK(!F.cache().lookup(Units[1]));
  CHECK(!F.cache().lookup(Units[2]));
  CHECK(F.cache().lookup(Units[3]));
}

TEST_CASE("cache sizes read as K, M, G or bytes", "[cache]") {
  CHECK(parseByteSize("4096") == 4096u);
  CHECK(parseByteSize("4K") == 4096u);
  CHECK(parseByteSize("500m") == 500u << 20);
  CHECK(parseByteSize("2G") == uint64_t(2) << 30);
  CHECK(!parseByteSize("lots"));
  CHECK(!parseByteSize("G"));
  CHECK(!parseByteSize("-1"));
}
