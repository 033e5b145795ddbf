// A child's output is kept to its head and tail however much it prints
// (issue: a test program's 4.2 GB of stdout held by verify), and the cells
// built from it say what was cut.
#include "verify/CappedOutput.h"
#include "verify/SimRun.h"
#include "verify/Subprocess.h"
#include "verify/Toolchain.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <catch2/catch.hpp>

#include <cstdlib>

using namespace hipwright::verify;
using namespace llvm;

TEST_CASE("capped output keeps the head and the tail", "[verify][cap]") {
  CappedOutput Small(4, 3);
  Small.append("ab");
  Small.append("c");
  CHECK(Small.omitted() == 0);
  CHECK(Small.text() == "abc");

  CappedOutput C(4, 3);
  // One byte at a time: the tail must not grow with the input.
  std::string In = "HEAD" + std::string(1000, 'x') + "END";
  for (char Ch : In)
    C.append(StringRef(&Ch, 1));
  CHECK(C.omitted() == 1000);
  CHECK(C.text() == "HEAD\n[... output cut: 1000 bytes omitted ...]\nEND");

  CappedOutput Big(4, 3);
  Big.append(In); // one large chunk
  CHECK(Big.text() == C.text());
}

TEST_CASE("a child printing megabytes is kept to head and tail",
          "[verify][cap]") {
  SmallString<128> Dir;
  REQUIRE(!sys::fs::createUniqueDirectory("hipwright-cap", Dir));
  std::string Log = std::string(Dir) + "/log";
  // 8 MiB of 'x' then a last line, on stdout; a short line on stderr.
  RunSpec S{{"/bin/sh", "-c",
             "head -c 8388608 /dev/zero | tr '\\0' x; echo; echo LAST; "
             "echo diag >&2"},
            {},
            0,
            Log};
  RunOutcome R = runProcess(S);
  CHECK(R.ok());
  uint64_t Printed = 8388608 + 1 + 5;
  CHECK(R.OmittedBytes == Printed - 2 * kDefaultKeepBytes);
  CHECK(R.Output.size() < 2 * kDefaultKeepBytes + 100);
  CHECK(R.Output.find("[... output cut: " + std::to_string(R.OmittedBytes) +
                      " bytes omitted ...]") != std::string::npos);
  CHECK(StringRef(R.Output).ends_with("LAST\ndiag\n"));
  CHECK(cutNote(R) ==
        " (output cut: " + std::to_string(R.OmittedBytes) + " bytes omitted)");
  // The log on disk holds the same bounded text, not the 8 MiB.
  uint64_t LogSize = 0;
  REQUIRE(!sys::fs::file_size(Log + ".out", LogSize));
  CHECK(LogSize < 2 * kDefaultKeepBytes + 100);

  // The cap is the caller's to choose; a line of a megabyte without a
  // newline still gives a short cell detail.
  S.KeepHeadBytes = 10;
  S.KeepTailBytes = 6;
  R = runProcess(S);
  CHECK(R.OmittedBytes == Printed - 16);
  CHECK(R.Output ==
        "xxxxxxxxxx\n[... output cut: " + std::to_string(Printed - 16) +
            " bytes omitted ...]\n\nLAST\ndiag\n");
  CHECK(tailLines(std::string(1 << 20, 'y'), 1).size() < 400);

  // Small output is untouched.
  R = runProcess({{"/bin/sh", "-c", "echo hi"}, {}, 0, Log});
  CHECK(R.Output == "hi\n");
  CHECK(R.OmittedBytes == 0);
  CHECK(cutNote(R).empty());
  sys::fs::remove_directories(Dir);
}

// A child killed at its timeout while printing, whose grandchild keeps the
// pipe open, must neither hang the wait nor lose the bound.
TEST_CASE("a chatty child past its timeout ends on time", "[verify][cap]") {
  SmallString<128> Dir;
  REQUIRE(!sys::fs::createUniqueDirectory("hipwright-cap", Dir));
  RunOutcome R = runProcess(
      {{"/bin/sh", "-c", "(sleep 60) & yes"}, {}, 1, std::string(Dir) + "/l"});
  CHECK(R.TimedOut);
  CHECK(R.Seconds < 30);
  CHECK(R.OmittedBytes > 0);
  CHECK(R.Output.size() < 2 * kDefaultKeepBytes + 100);
  sys::fs::remove_directories(Dir);
}

TEST_CASE("a run cell says its output was cut", "[verify][cap]") {
  Toolchain T = findToolchain(std::nullopt);
  if (!T.Clang || !T.SimInclude || !T.SimLibrary) {
    if (std::getenv("HIPWRIGHT_REQUIRE_TOOLCHAIN"))
      FAIL("CPU SIMT runtime unavailable: " << T.Missing);
    WARN("skipped: CPU SIMT runtime unavailable: " << T.Missing);
    return;
  }
  SmallString<128> Dir;
  REQUIRE(!sys::fs::createUniqueDirectory("hipwright-cap", Dir));
  std::string Source = std::string(Dir) + "/chatty.cu";
  {
    std::error_code EC;
    raw_fd_ostream OS(Source, EC);
    REQUIRE(!EC);
    // 2.8 MB of progress lines, then the verdict.
    OS << "#include <cstdio>\n"
          "__global__ void k(int *o) { o[threadIdx.x] = threadIdx.x; }\n"
          "int main() {\n"
          "  int *o;\n"
          "  cudaMallocManaged(&o, 32 * sizeof(int));\n"
          "  k<<<1, 32>>>(o);\n"
          "  cudaDeviceSynchronize();\n"
          "  for (int i = 0; i < 98304; ++i)\n"
          "    printf(\"progress line %015d\\n\", i);\n"
          "  printf(\"%s\\n\", o[31] == 31 ? \"PASSED\" : \"FAILED\");\n"
          "  return o[31] != 31;\n"
          "}\n";
  }
  SimRequest Req;
  Req.Source = Source;
  Req.WorkDir = std::string(Dir) + "/work";
  Req.Widths = {32};
  std::vector<Cell> Cells = runOnSimulator(T, Req);
  REQUIRE(Cells.size() == 1);
  INFO(Cells[0].Detail);
  CHECK(Cells[0].Status == CellStatus::Pass);
  // 98304 lines of 30 bytes and "PASSED\n"; 2 MiB kept.
  uint64_t Omitted = 98304 * 30 + 7 - 2 * kDefaultKeepBytes;
  CHECK(StringRef(Cells[0].Detail)
            .ends_with(": PASSED (output cut: " + std::to_string(Omitted) +
                       " bytes omitted)"));
  sys::fs::remove_directories(Dir);
}

// Callers put a child's own outputs (nvcc's object file) beside its logs:
// the directory must exist before the child starts, not only afterwards.
TEST_CASE("the log directory exists when the child starts", "[verify][cap]") {
  SmallString<128> Dir;
  REQUIRE(!sys::fs::createUniqueDirectory("hipwright-cap", Dir));
  std::string Sub = std::string(Dir) + "/new/sub";
  RunOutcome R = runProcess(
      {{"/bin/sh", "-c", "echo obj >" + Sub + "/a.o"}, {}, 0, Sub + "/a.o"});
  CHECK(R.ok());
  CHECK(sys::fs::exists(Sub + "/a.o"));
  sys::fs::remove_directories(Dir);
}
