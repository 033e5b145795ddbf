// The verify matrix model, its printers, the compile check's output parser and
// the subprocess runner (real child processes: /bin/sh).
#include "verify/VerifyMatrix.h"
#include "report/VerifyResults.h"
#include "verify/BuildCells.h"
#include "verify/GpuCells.h"
#include "verify/Subprocess.h"
#include "verify/Verifier.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <catch2/catch.hpp>

#include <thread>
#include <vector>

using namespace hipwright;
using namespace hipwright::verify;
using namespace llvm;

namespace {

Matrix sampleMatrix() {
  Matrix M;
  M.Columns = cellColumns({"gfx942", "gfx950"});
  M.Inputs = {"test_corpus"};
  ProgramRow A;
  A.Name = "warp_broadcast.cu";
  A.File = "/x/warp_broadcast.cu";
  A.Cells[kCudaRunWave32] = {CellStatus::Pass, "CPU SIMT runtime, 32 lanes"};
  A.Cells[kPortRunWave64] = {CellStatus::Fail, "exit status 1: FAILED"};
  A.Cells[kGpuRunNvidia] = {CellStatus::NotRun, "no GPU: nvidia-smi absent"};
  ProgramRow B;
  B.Name = "<img src=x>.cu";
  B.File = "/x/<img src=x>.cu";
  B.Cells[kGpuRunNvidia] = {CellStatus::NotRun, "no GPU: nvidia-smi absent"};
  B.Cells["port-build-gfx942"] = {CellStatus::Error, "a & b"};
  M.Programs = {A, B};
  return M;
}

} // namespace

TEST_CASE("cell columns follow the targets", "[verify]") {
  auto C = cellColumns({"gfx90a"});
  REQUIRE(C.front() == kCudaBuildNvcc);
  REQUIRE(C[1] == "port-build-gfx90a");
  REQUIRE(std::find(C.begin(), C.end(), "port-build-gfx942") == C.end());
  REQUIRE(C.back() == kGpuRunAmd);
}

TEST_CASE("counts and cleanliness", "[verify]") {
  Matrix M = sampleMatrix();
  auto N = M.counts();
  CHECK(N[CellStatus::Pass] == 1);
  CHECK(N[CellStatus::Fail] == 1);
  CHECK(N[CellStatus::Error] == 1);
  CHECK(N[CellStatus::NotRun] == 2);
  CHECK_FALSE(M.clean());
  M.Programs[0].Cells[kPortRunWave64].Status = CellStatus::Pass;
  M.Programs[1].Cells.erase("port-build-gfx942");
  CHECK(M.clean());
}

TEST_CASE("JSON has the documented shape and the report reads it", "[verify]") {
  Matrix M = sampleMatrix();
  std::string Text = formatv("{0}", toJson(M)).str();
  Expected<json::Value> V = json::parse(Text);
  REQUIRE(bool(V));
  json::Object *Root = V->getAsObject();
  REQUIRE(Root->getArray("programs")->size() == 2);
  json::Object *P0 = (*Root->getArray("programs"))[0].getAsObject();
  CHECK(*P0->getString("name") == "warp_broadcast.cu");
  json::Object *Cell = P0->getObject("cells")->getObject(kPortRunWave64);
  REQUIRE(Cell);
  CHECK(*Cell->getString("status") == "fail");
  CHECK(*Cell->getString("detail") == "exit status 1: FAILED");
  json::Object *Summary = Root->getObject("summary");
  CHECK(*Summary->getObject("cells")->getInteger("not-run") == 2);
  CHECK(*Summary->getBoolean("clean") == false);

  Expected<json::Object> ForReport = parseVerifyResults("v.json", Text);
  REQUIRE(bool(ForReport));
  CHECK(ForReport->getArray("programs")->size() == 2);
}

TEST_CASE("text shows the matrix, failures and grouped reasons", "[verify]") {
  std::string S;
  raw_string_ostream OS(S);
  printText(sampleMatrix(), OS);
  CHECK(S.find("port-run") != std::string::npos);
  CHECK(S.find("FAIL") != std::string::npos);
  CHECK(S.find("warp_broadcast.cu port-run-wave64: fail: exit status 1") !=
        std::string::npos);
  // One reason shared by two cells is said once, with its count.
  CHECK(S.find("no GPU: nvidia-smi absent (2 cells") != std::string::npos);
  CHECK(S.find("2 programs, 5 cells: 1 pass, 1 fail, 1 error, 2 not run") !=
        std::string::npos);
}

TEST_CASE("HTML and Markdown escape program names and details", "[verify]") {
  std::string H, Md;
  raw_string_ostream HO(H), MO(Md);
  printHtml(sampleMatrix(), HO);
  printMarkdown(sampleMatrix(), MO);
  CHECK(H.find("<img src=x>") == std::string::npos);
  CHECK(H.find("&lt;img src=x&gt;.cu") != std::string::npos);
  CHECK(H.find("a &amp; b") != std::string::npos);
  CHECK(Md.find("<img") == std::string::npos);
  CHECK(Md.find("| port-build-gfx942 |") != std::string::npos);
}

TEST_CASE("child processes: exit codes, timeouts, signals, environment",
          "[verify]") {
  SmallString<128> Dir;
  REQUIRE(!sys::fs::createUniqueDirectory("hipwright-subproc", Dir));
  std::string P = std::string(Dir) + "/log";
  RunOutcome R = runProcess(
      {{"/bin/sh", "-c", "echo out; echo err >&2; exit 3"}, {}, 0, P});
  CHECK(R.Started);
  CHECK(R.ExitCode == 3);
  CHECK_FALSE(R.ok());
  CHECK(R.Output == "out\nerr\n");

  R = runProcess({{"/bin/sh", "-c", "echo $HIPWRIGHT_SIM_WAVE"},
                  {{"HIPWRIGHT_SIM_WAVE", "64"}},
                  0,
                  P});
  CHECK(R.ok());
  CHECK(R.Output == "64\n");

  R = runProcess({{"/bin/sh", "-c", "sleep 20"}, {}, 1, P});
  CHECK(R.TimedOut);
  CHECK(R.Seconds < 15);

  R = runProcess({{"/bin/sh", "-c", "kill -SEGV $$"}, {}, 0, P});
  CHECK(R.Crashed);

  R = runProcess({{std::string(Dir) + "/no-such-program"}, {}, 0, P});
  CHECK_FALSE(R.Started);
  sys::fs::remove_directories(Dir);

  CHECK(tailLines("a\n\nb\n  c  \n", 2) == "b | c");
  CHECK(firstLineWith("x\nhipwright-sim: error: deadlock\ny", "error:") ==
        "hipwright-sim: error: deadlock");
}

// verify waits on several children from a thread pool: each one's limit
// must hold for it alone (a process-wide alarm lets a later wait re-arm an
// earlier one's, so a hung child would outlive its limit).
TEST_CASE("child processes: concurrent timeouts are each their own",
          "[verify]") {
  SmallString<128> Dir;
  REQUIRE(!sys::fs::createUniqueDirectory("hipwright-subproc", Dir));
  std::vector<RunOutcome> Out(4);
  std::vector<std::thread> Threads;
  for (unsigned I = 0; I < Out.size(); ++I)
    Threads.emplace_back([&, I] {
      std::string Log = std::string(Dir) + "/log" + std::to_string(I);
      Out[I] =
          I == 0 ? runProcess({{"/bin/sh", "-c", "sleep 30"}, {}, 2, Log})
                 : runProcess(
                       {{"/bin/sh", "-c", "sleep 3; echo done"}, {}, 25, Log});
    });
  for (std::thread &T : Threads)
    T.join();
  CHECK(Out[0].TimedOut);
  CHECK(Out[0].Seconds < 10);
  for (unsigned I = 1; I < Out.size(); ++I) {
    INFO("child " << I);
    CHECK(Out[I].ok());
    CHECK(Out[I].Output == "done\n");
  }
  sys::fs::remove_directories(Dir);
}

TEST_CASE("test programs are the .cu files with a main", "[verify]") {
  SmallString<128> Dir;
  REQUIRE(!sys::fs::createUniqueDirectory("hipwright-programs", Dir));
  auto Write = [&](StringRef Name, StringRef Text) {
    std::error_code EC;
    raw_fd_ostream OS((Dir + "/" + Name).str(), EC);
    OS << Text;
  };
  Write("b.cu", "__global__ void k() {}\nint main() { return 0; }\n");
  Write("a.cu", "int main(int argc, char **argv) { return 0; }\n");
  Write("lib.cu", "__global__ void k() {} // no main here: domain(x)\n");
  Write("notes.txt", "int main() {}\n");
  auto Found = findTestPrograms({std::string(Dir)});
  REQUIRE(bool(Found));
  REQUIRE(Found->size() == 2);
  CHECK(StringRef((*Found)[0]).ends_with("/a.cu"));
  CHECK(StringRef((*Found)[1]).ends_with("/b.cu"));

  auto None = findTestPrograms({(Dir + "/lib.cu").str()});
  REQUIRE_FALSE(bool(None));
  CHECK(toString(None.takeError()).find("no main") != std::string::npos);
  auto Missing = findTestPrograms({(Dir + "/nope").str()});
  REQUIRE_FALSE(bool(Missing));
  consumeError(Missing.takeError());
  sys::fs::remove_directories(Dir);
}

TEST_CASE("GPU builds link the libraries a program includes", "[verify]") {
  auto L = cudaLibrariesFor("#include <cublas_v2.h>\n#include \"curand.h\"\n"
                            "#include <cuda_runtime.h>\n");
  CHECK(L == std::vector<std::string>{"-lcublas", "-lcurand"});
  CHECK(cudaLibrariesFor("#include <cuda.h>\n") ==
        std::vector<std::string>{"-lcuda"});
}
