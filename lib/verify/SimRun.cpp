//===- SimRun.cpp - running a program on the CPU SIMT runtime -------------===//
//
// lower (sim/SimLowering.h) -> compile as host C++ against the runtime's
// headers and library -> run with HIPWRIGHT_SIM_WAVE set. A program's own
// verdict is its exit status; a diagnosis of the runtime (deadlock,
// divergent barrier, lanes that never arrive) is a failure of the program
// and its first line becomes the cell's detail.
//
//===----------------------------------------------------------------------===//
#include "verify/SimRun.h"

#include "port/OutputWriter.h"
#include "sim/SimLowering.h"
#include "sim/SimRunnable.h"
#include "verify/LocalHeaders.h"
#include "verify/Subprocess.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace hipwright::verify {

/// The runtime's exit status for a diagnosed error (hwsim::kDiagnosedExit).
static constexpr int kDiagnosedExit = 86;

static std::vector<Cell> allCells(const SimRequest &Req, CellStatus S,
                                  const std::string &Detail) {
  return std::vector<Cell>(Req.Widths.size(), Cell{S, Detail});
}

/// The program's own last word ("PASSED", "FAILED: 3 wrong") for the detail.
static std::string verdictLine(StringRef Output) {
  std::string L = tailLines(Output, 1);
  return L.size() > 200 ? L.substr(0, 200) + "..." : L;
}

/// Lowers \p Text (the file \p Source) into \p Out; the error cell's status
/// and detail when that fails.
static std::optional<std::pair<CellStatus, std::string>>
lowerInto(StringRef Source, StringRef Text, StringRef Out) {
  Expected<std::string> Lowered = sim::lowerForSimulation(Text, Source);
  if (!Lowered)
    return std::make_pair(CellStatus::Error,
                          "could not lower for the CPU runtime: " +
                              toString(Lowered.takeError()));
  if (Error E = writeFileAtomically(Out, *Lowered))
    return std::make_pair(CellStatus::Error, toString(std::move(E)));
  return std::nullopt;
}

std::vector<Cell> runOnSimulator(const Toolchain &T, const SimRequest &Req,
                                 std::vector<std::string> *Stdout) {
  if (Stdout)
    Stdout->assign(Req.Widths.size(), "");
  auto Buf = MemoryBuffer::getFile(Req.Source);
  if (!Buf)
    return allCells(Req, CellStatus::Error,
                    "cannot read " + Req.Source + ": " +
                        Buf.getError().message());
  StringRef Text = (*Buf)->getBuffer();
  if (auto Why = sim::reasonNotRunnable(Text, Req.Source))
    return allCells(Req, CellStatus::NotRun, *Why);
  if (!T.Clang || !T.SimInclude || !T.SimLibrary)
    return allCells(Req, CellStatus::NotRun,
                    "CPU SIMT runtime unavailable: " + T.Missing);

  sys::fs::create_directories(Req.WorkDir);
  std::string Stem = sys::path::stem(Req.Source).str();
  std::string ExePath = Req.WorkDir + "/" + Stem + ".sim";
  // Each source lowered into a folder of its own (two sources may include
  // different headers of the same name), its own headers beside it at the
  // same relative paths: a quoted #include looks next to its includer first.
  std::vector<std::string> Lowered;
  std::vector<std::string> Sources = {Req.Source};
  Sources.insert(Sources.end(), Req.Extra.begin(), Req.Extra.end());
  for (size_t I = 0; I < Sources.size(); ++I) {
    const std::string &Src = Sources[I];
    std::string Text = I == 0 ? (*Buf)->getBuffer().str() : std::string();
    if (I > 0) {
      auto SBuf = MemoryBuffer::getFile(Src);
      if (!SBuf)
        return allCells(Req, CellStatus::Error,
                        "cannot read " + Src + ": " +
                            SBuf.getError().message());
      Text = (*SBuf)->getBuffer().str();
      if (auto Why = sim::reasonNotRunnable(Text, Src))
        return allCells(Req, CellStatus::NotRun,
                        sys::path::filename(Src).str() + ": " + *Why);
    }
    std::string Into =
        I == 0 ? Req.WorkDir : Req.WorkDir + "/src" + std::to_string(I);
    std::string CppPath = Into + "/" + sys::path::stem(Src).str() + ".sim.cpp";
    sys::fs::create_directories(Into);
    if (auto Why = lowerInto(Src, Text, CppPath))
      return allCells(Req, Why->first, Why->second);
    Lowered.push_back(CppPath);
    SmallString<256> SourceDir(sys::path::parent_path(Src));
    for (const std::string &H : localHeaders(Src)) {
      SmallString<256> In(SourceDir), Out(Into);
      sys::path::append(In, H);
      sys::path::append(Out, H);
      auto HBuf = MemoryBuffer::getFile(In);
      if (!HBuf)
        continue;
      if (auto Why = sim::reasonNotRunnable((*HBuf)->getBuffer(), In))
        return allCells(Req, CellStatus::NotRun, H + ": " + *Why);
      sys::fs::create_directories(sys::path::parent_path(Out));
      if (auto Why = lowerInto(In, (*HBuf)->getBuffer(), Out))
        return allCells(Req, Why->first, Why->second);
    }
  }

  RunSpec Build;
  Build.Argv = {*T.Clang,   "-std=c++20",
                "-O1",      "-w",
                "-I",       *T.SimInclude,
                "-I",       sys::path::parent_path(Req.Source).str(),
                "-include", "hwsim/hwsim.h"};
  // After the runtime's own headers, so its shims win over a real toolkit's.
  for (std::string &A : Req.Flags.args())
    Build.Argv.push_back(std::move(A));
  if (Req.IsCuda) {
    Build.Argv.push_back("-include");
    Build.Argv.push_back("cuda_runtime.h");
  }
  for (const char *A : {"-x", "c++"})
    Build.Argv.push_back(A);
  for (const std::string &L : Lowered)
    Build.Argv.push_back(L);
  for (const char *A : {"-x", "none"})
    Build.Argv.push_back(A);
  Build.Argv.push_back(*T.SimLibrary);
  Build.Argv.push_back("-lpthread");
  Build.Argv.push_back("-o");
  Build.Argv.push_back(ExePath);
  Build.TimeoutSeconds = 600;
  Build.LogPrefix = ExePath + ".build";
  RunOutcome B = runProcess(Build);
  if (!B.ok()) {
    std::string Err = firstLineWith(B.Output, "error:");
    return allCells(Req, CellStatus::Error,
                    "does not compile against the CPU runtime: " +
                        (Err.empty() ? tailLines(B.Output, 2) : Err) +
                        cutNote(B));
  }

  std::vector<Cell> Cells;
  for (int W : Req.Widths) {
    RunSpec Run;
    Run.Argv = {ExePath};
    Run.Argv.insert(Run.Argv.end(), Req.Args.begin(), Req.Args.end());
    Run.Env = Req.Env;
    Run.Env.push_back({"HIPWRIGHT_SIM_WAVE", std::to_string(W)});
    Run.TimeoutSeconds = Req.TimeoutSeconds;
    Run.LogPrefix = formatv("{0}.wave{1}", ExePath, W).str();
    RunOutcome R = runProcess(Run);
    if (Stdout)
      if (auto Out = MemoryBuffer::getFile(Run.LogPrefix + ".out"))
        (*Stdout)[Cells.size()] = (*Out)->getBuffer().str();
    std::string How = formatv("CPU SIMT runtime, {0} lanes", W).str();
    if (R.ok()) {
      Cells.push_back(
          {CellStatus::Pass,
           formatv("{0}, {1:f1} s: {2}", How, R.Seconds, verdictLine(R.Output))
               .str()});
    } else if (R.TimedOut) {
      Cells.push_back({CellStatus::Error, formatv("{0}: no result within {1} s",
                                                  How, Req.TimeoutSeconds)
                                              .str()});
    } else if (R.Crashed) {
      // The runtime diagnoses faults inside kernels itself (kDiagnosedExit,
      // below); a process killed by a signal died in host code.
      Cells.push_back({CellStatus::Fail,
                       How + ": crashed in host code (outside any kernel): " +
                           tailLines(R.Output, 2)});
    } else if (R.ExitCode == kDiagnosedExit) {
      Cells.push_back(
          {CellStatus::Fail,
           How + ": " + firstLineWith(R.Output, "hipwright-sim: error:")});
    } else {
      Cells.push_back(
          {CellStatus::Fail, formatv("{0}: exit status {1}: {2}", How,
                                     R.ExitCode, verdictLine(R.Output))
                                 .str()});
    }
    // The verdict came from what was kept; say that the rest was dropped.
    Cells.back().Detail += cutNote(R);
  }
  return Cells;
}

} // namespace hipwright::verify
