//===- BuildCells.cpp - the build cells of the verify matrix --------------===//
//
// AMD and NVIDIA builds of the ports go through the compile check
// (CompileCheck.h), the same code the test suites run: it builds against
// the real ROCm release hipwright names (support/RocmPrefix.h) for
// gfx942/gfx950, and its pass criterion is the one the matrix promises: the
// offload bundle holds a code object for the target, and no ROCm header
// came from anywhere else.
//
//===----------------------------------------------------------------------===//
#include "verify/BuildCells.h"

#include "verify/CompileToolchain.h"
#include "verify/Subprocess.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace hipwright::verify {

Cell buildWithNvcc(const Toolchain &T, ArrayRef<std::string> Sources,
                   StringRef WorkDir, const CompileFlags &Flags) {
  if (!T.Nvcc)
    return {CellStatus::NotRun, "nvcc not found"};
  double Seconds = 0;
  for (size_t I = 0; I < Sources.size(); ++I) {
    StringRef Source = Sources[I];
    SmallString<256> Obj(WorkDir);
    sys::path::append(Obj,
                      sys::path::stem(Source) + "." + Twine(I) + ".nvcc.o");
    RunSpec S;
    S.Argv = {*T.Nvcc,
              "-arch=sm_90",
              "-std=c++17",
              "-c",
              Source.str(),
              "-o",
              std::string(Obj),
              "-I",
              sys::path::parent_path(Source).str()};
    for (std::string &A : Flags.args())
      S.Argv.push_back(std::move(A));
    S.TimeoutSeconds = 600;
    S.LogPrefix = std::string(Obj);
    RunOutcome R = runProcess(S);
    Seconds += R.Seconds;
    if (R.ok())
      continue;
    if (!R.Started)
      return {CellStatus::Error, R.Output};
    std::string Err = firstLineWith(R.Output, "error");
    std::string Which =
        Sources.size() > 1 ? sys::path::filename(Source).str() + ": " : "";
    return {CellStatus::Fail, "nvcc -arch=sm_90 failed: " + Which +
                                  (Err.empty() ? tailLines(R.Output, 3) : Err) +
                                  cutNote(R)};
  }
  if (Sources.size() == 1)
    return {
        CellStatus::Pass,
        formatv("nvcc -arch=sm_90 built an object ({0:f1} s)", Seconds).str()};
  return {CellStatus::Pass,
          formatv("nvcc -arch=sm_90 built the objects of its {0} sources "
                  "({1:f1} s)",
                  Sources.size(), Seconds)
              .str()};
}

Cell programCell(ArrayRef<std::string> Sources,
                 ArrayRef<std::optional<Cell>> PerSource) {
  if (Sources.size() == 1 && !PerSource.empty() && PerSource[0])
    return *PerSource[0];
  std::optional<Cell> Worst;
  for (size_t I = 0; I < Sources.size(); ++I) {
    std::string Name = sys::path::filename(Sources[I]).str();
    if (I >= PerSource.size() || !PerSource[I])
      return {CellStatus::Error, Name + ": no result was produced"};
    const Cell &C = *PerSource[I];
    if (C.Status == CellStatus::Pass)
      continue;
    if (!Worst ||
        (Worst->Status != CellStatus::Fail && C.Status == CellStatus::Fail))
      Worst = Cell{C.Status, Name + ": " + C.Detail};
  }
  if (Worst)
    return *Worst;
  Cell First = *PerSource[0];
  First.Detail =
      "all " + std::to_string(Sources.size()) + " sources: " + First.Detail;
  return First;
}

BuildCells buildCellsFrom(const CompileCheckOutcome &O) {
  BuildCells Cells;
  for (const CompileResult &R : O.Results) {
    Cell C;
    switch (R.Status) {
    case CompileStatus::Compiled:
      C = {CellStatus::Pass, R.Detail};
      break;
    case CompileStatus::Failed:
    case CompileStatus::ToolchainMissing:
      C = {CellStatus::Fail, R.Detail};
      // The first errors, on the cell's one line, within a bound.
      for (const std::string &L : R.ErrorLines) {
        std::string Extra = StringRef(L).trim().str();
        if (!Extra.empty() && C.Detail.size() < 600)
          C.Detail += " | " + Extra;
      }
      break;
    case CompileStatus::Skipped: {
      StringRef Why(R.Detail);
      Why.consume_front("not run: ");
      C = {CellStatus::NotRun, Why.str()};
      break;
    }
    }
    Cells[R.File][R.Target] = std::move(C);
  }
  return Cells;
}

BuildCells compileCheck(const Toolchain &T, ArrayRef<std::string> Files,
                        ArrayRef<std::string> Targets, StringRef WorkDir,
                        unsigned Jobs, const CompileFlags &Flags,
                        std::optional<std::string> NvidiaMappingHeader) {
  BuildCells Out;
  if (Files.empty())
    return Out;
  CompileCheckRequest Req;
  Req.Files = Files.vec();
  Req.Targets = Targets.vec();
  Req.IncludeDirs = Flags.IncludeDirs;
  Req.Defines = Flags.Defines;
  Req.WorkDir = WorkDir.str();
  Req.Jobs = Jobs;
  Req.RequireToolchain = toolchainRequiredByEnvironment();
  Req.NvidiaMappingHeader = std::move(NvidiaMappingHeader);
  Expected<CompileCheckOutcome> O =
      runCompileCheck(Req, compileToolchainFrom(T));
  if (!O) {
    // The check could not be set up: an error of the harness, not of the
    // port. Every cell says so rather than leave a hole in the matrix.
    std::string Why =
        "the compile check could not run: " + toString(O.takeError());
    for (const std::string &F : Files)
      for (const std::string &Tg : Targets)
        Out[F][Tg] = {CellStatus::Error, Why};
    return Out;
  }
  return buildCellsFrom(*O);
}

} // namespace hipwright::verify
