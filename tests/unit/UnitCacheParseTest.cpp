// The result cache (port/UnitCache.h) over real parses: a TU whose parse
// had errors is cached, errors and all, and every path the parse looked up
// and missed (frontend/AbsentPaths.h) decides with the files it read
// whether a stored result still holds.
#include "RequireTool.h"
#include "TempDir.h"

#include "frontend/CudaToolkit.h"
#include "port/Porter.h"
#include "port/TuResultCodec.h"

#include <catch2/catch.hpp>

using namespace hipwright;
using hipwright::testing::TempDir;

namespace {

struct Run {
  TuResult Unit;
  CacheStats Cache;
};

std::string encoded(const TuResult &R) {
  ByteWriter W;
  encodeTuResult(R, W);
  return W.take();
}

bool haveToolkit() {
  if (auto Toolkit = findCudaToolkit(); !Toolkit) {
    llvm::consumeError(Toolkit.takeError());
    return false;
  }
  return true;
}

/// One cached run over \p Source: its one TU's result and what the cache
/// did. A shard of one hands back the TU's result as the cache holds it.
Run parse(const TempDir &D, const std::string &Source,
          const std::vector<std::string> &Extra = {}) {
  PortRequest Req;
  Req.Paths = {Source};
  Req.ExtraArgs = Extra;
  Req.Cache = CacheSettings{D.path("cache")};
  Req.Shard = ShardSpec{1, 1};
  Req.Jobs = 1;
  auto R = runPort(Req);
  REQUIRE(static_cast<bool>(R));
  REQUIRE(R->ShardUnits.size() == 1);
  return {R->ShardUnits.front(), R->Cache};
}

bool mentions(const TuResult &R, llvm::StringRef Text) {
  for (const ParseError &E : R.Errors)
    if (llvm::StringRef(E.Message).contains(Text))
      return true;
  return false;
}

/// The one entry file under the cache directory.
std::string onlyEntry(const TempDir &D) {
  std::vector<std::string> Found;
  std::error_code EC;
  for (llvm::sys::fs::recursive_directory_iterator
           It(D.path("cache/tu-v1"), EC),
       End;
       It != End && !EC; It.increment(EC))
    if (llvm::StringRef(It->path()).ends_with(".tu"))
      Found.push_back(It->path());
  REQUIRE(Found.size() == 1);
  return Found.front();
}

const char *kUsesMissing = "#include \"gone.h\"\n"
                           "void f(void **p) { cudaMalloc(p, 4); }\n";

} // namespace

TEST_CASE("a TU with a missing header is cached with its errors until the "
          "header appears",
          "[cache][parse]") {
  if (!haveToolkit())
    HIPWRIGHT_TOOL_MISSING("no CUDA toolkit");
  TempDir D;
  std::string Main = D.write("src/a.cu", kUsesMissing);

  Run Cold = parse(D, Main);
  CHECK(Cold.Cache.Misses == 1);
  CHECK(Cold.Cache.Stored == 1);
  CHECK(mentions(Cold.Unit, "'gone.h' file not found"));
  CHECK(!Cold.Unit.Failed);
  // The partial result is kept: the token pass still translated the call.
  CHECK(!Cold.Unit.Edits.empty());
  CHECK(std::binary_search(Cold.Unit.Absent.begin(), Cold.Unit.Absent.end(),
                           D.path("src/gone.h")));

  Run Warm = parse(D, Main);
  CHECK(Warm.Cache.Hits == 1);
  CHECK(Warm.Cache.Misses == 0);
  CHECK(encoded(Warm.Unit) == encoded(Cold.Unit));
  // Fatal too: it decides whether the merge says where the parse stopped.
  CHECK(Warm.Unit.Errors == Cold.Unit.Errors);
  CHECK(Warm.Unit.Errors.front().Fatal);

  D.write("src/gone.h", "#define GONE 1\n");
  Run Created = parse(D, Main);
  CHECK(Created.Cache.Hits == 0);
  CHECK(Created.Cache.Misses == 1);
  CHECK(Created.Unit.Errors.empty());
  CHECK(Created.Cache.Stored == 1);
  // The new, clean result is what the next run reuses.
  Run Again = parse(D, Main);
  CHECK(Again.Cache.Hits == 1);
  CHECK(encoded(Again.Unit) == encoded(Created.Unit));
}

TEST_CASE("a header created in an earlier -I directory misses a clean "
          "TU's entry",
          "[cache][parse]") {
  if (!haveToolkit())
    HIPWRIGHT_TOOL_MISSING("no CUDA toolkit");
  TempDir D;
  std::string Main = D.write("src/a.cu", "#include <conf.h>\n"
                                         "int n = CONF_N;\n");
  D.write("second/conf.h", "#define CONF_N 2\n");
  std::vector<std::string> Dirs = {"-I" + D.path("first"),
                                   "-I" + D.path("second")};
  // "first" exists, empty: the lookup there is what the entry must keep.
  REQUIRE(!llvm::sys::fs::create_directories(D.path("first")));

  Run Cold = parse(D, Main, Dirs);
  REQUIRE(Cold.Unit.Errors.empty());
  CHECK(Cold.Cache.Stored == 1);
  CHECK(parse(D, Main, Dirs).Cache.Hits == 1);

  // Same bytes in every file the parse read; only the shadowing is new.
  D.write("first/conf.h", "#define CONF_N\n");
  Run Shadowed = parse(D, Main, Dirs);
  CHECK(Shadowed.Cache.Hits == 0);
  CHECK(Shadowed.Cache.Misses == 1);
  // The new parse took the shadowing header: its empty macro is an error.
  CHECK(!Shadowed.Unit.Errors.empty());
  bool ReadFirst = false;
  for (const ParseInput &In : Shadowed.Unit.Inputs)
    ReadFirst |= In.Path == D.path("first/conf.h");
  CHECK(ReadFirst);
}

TEST_CASE("a __has_include that said no misses once the header exists",
          "[cache][parse]") {
  if (!haveToolkit())
    HIPWRIGHT_TOOL_MISSING("no CUDA toolkit");
  TempDir D;
  std::string Main = D.write("src/a.cu", "#if __has_include(\"opt.h\")\n"
                                         "#include \"opt.h\"\n"
                                         "#endif\n"
                                         "int x;\n");
  Run Cold = parse(D, Main);
  REQUIRE(Cold.Unit.Errors.empty());
  CHECK(parse(D, Main).Cache.Hits == 1);
  D.write("src/opt.h", "int y;\n");
  Run Created = parse(D, Main);
  CHECK(Created.Cache.Hits == 0);
  CHECK(Created.Cache.Stored == 1);
}

TEST_CASE("a damaged entry of a TU with errors is rejected and rebuilt",
          "[cache][parse]") {
  if (!haveToolkit())
    HIPWRIGHT_TOOL_MISSING("no CUDA toolkit");
  TempDir D;
  std::string Main = D.write("src/a.cu", kUsesMissing);
  Run Cold = parse(D, Main);
  REQUIRE(Cold.Cache.Stored == 1);
  std::string Entry = onlyEntry(D);
  std::string Bytes = *testing::readFile(Entry);
  Bytes[Bytes.size() / 2] ^= 0x20;
  D.write(llvm::StringRef(Entry).drop_front(D.str().size() + 1), Bytes);

  Run Damaged = parse(D, Main);
  CHECK(Damaged.Cache.Rejected == 1);
  CHECK(Damaged.Cache.Hits == 0);
  CHECK(Damaged.Cache.Stored == 1);
  CHECK(encoded(Damaged.Unit) == encoded(Cold.Unit));
  CHECK(parse(D, Main).Cache.Hits == 1);
}
