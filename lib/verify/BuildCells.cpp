//===- BuildCells.cpp - the build cells of the verify matrix --------------===//
//
// AMD builds go through the project's compile check script rather than a
// second copy of its logic: it carries the fix-ups clang 22 needs to build
// against Debian's HIP 5.2.3 for gfx942/gfx950 (device-library overlay, code
// object v5, wavefront-size macro) and its pass criterion is the one the
// matrix promises: the offload bundle holds a code object for the target.
//
//===----------------------------------------------------------------------===//
#include "verify/BuildCells.h"

#include "verify/Subprocess.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace hipwright::verify {

Cell buildWithNvcc(const Toolchain &T, StringRef Source, StringRef WorkDir,
                   const CompileFlags &Flags) {
  if (!T.Nvcc)
    return {CellStatus::NotRun, "nvcc not found"};
  SmallString<256> Obj(WorkDir);
  sys::path::append(Obj, sys::path::stem(Source) + ".nvcc.o");
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
  if (R.ok())
    return {CellStatus::Pass,
            formatv("nvcc -arch=sm_90 built an object ({0:f1} s)", R.Seconds)
                .str()};
  if (!R.Started)
    return {CellStatus::Error, R.Output};
  std::string Err = firstLineWith(R.Output, "error");
  return {CellStatus::Fail, "nvcc -arch=sm_90 failed: " +
                                (Err.empty() ? tailLines(R.Output, 3) : Err) +
                                cutNote(R)};
}

BuildCells parseCompileCheckOutput(StringRef Output) {
  BuildCells Cells;
  SmallVector<StringRef, 64> Lines;
  Output.split(Lines, '\n', -1, false);
  Cell *Last = nullptr;
  for (StringRef L : Lines) {
    // Indented lines are the compiler errors under the FAIL line above.
    if (L.starts_with(" ") && Last) {
      std::string Extra = L.trim().str();
      if (!Extra.empty() && Last->Detail.size() < 600)
        Last->Detail += " | " + Extra;
      continue;
    }
    Last = nullptr;
    StringRef Word, Rest;
    std::tie(Word, Rest) = L.split(' ');
    CellStatus S;
    if (Word == "PASS")
      S = CellStatus::Pass;
    else if (Word == "FAIL")
      S = CellStatus::Fail;
    else if (Word == "SKIP")
      S = CellStatus::NotRun;
    else
      continue;
    StringRef Target, FileAndDetail;
    std::tie(Target, FileAndDetail) = Rest.split(' ');
    size_t Colon = FileAndDetail.find(": ");
    if (Colon == StringRef::npos)
      continue;
    std::string File = FileAndDetail.take_front(Colon).str();
    std::string Detail = FileAndDetail.drop_front(Colon + 2).str();
    if (S == CellStatus::NotRun && StringRef(Detail).starts_with("not run: "))
      Detail = Detail.substr(9);
    Cells[File][Target.str()] = {S, Detail};
    Last = &Cells[File][Target.str()];
  }
  return Cells;
}

BuildCells compileCheck(const Toolchain &T, ArrayRef<std::string> Files,
                        ArrayRef<std::string> Targets, StringRef WorkDir,
                        unsigned Jobs, const CompileFlags &Flags,
                        std::optional<std::string> NvidiaMappingHeader) {
  BuildCells Out;
  auto All = [&](CellStatus S, const std::string &Why) {
    for (const std::string &F : Files)
      for (const std::string &Tg : Targets)
        Out[F][Tg] = {S, Why};
    return Out;
  };
  if (Files.empty())
    return Out;
  if (!T.CompileCheck)
    return All(CellStatus::NotRun, "the compile check script "
                                   "(hip_compile_check.sh) was not found");
  std::string TargetList;
  for (const std::string &Tg : Targets)
    TargetList += (TargetList.empty() ? "" : ",") + Tg;
  RunSpec S;
  S.Argv = {"/bin/bash", *T.CompileCheck, "--targets", TargetList,
            "--work",    WorkDir.str(),   "--jobs",    std::to_string(Jobs)};
  for (std::string &A : Flags.compileCheckArgs())
    S.Argv.push_back(std::move(A));
  if (NvidiaMappingHeader) {
    S.Argv.push_back("--nvidia-mapping-header");
    S.Argv.push_back(*NvidiaMappingHeader);
  }
  for (const std::string &F : Files)
    S.Argv.push_back(F);
  S.Env = {{"HIPWRIGHT_LLVM_BIN", T.LlvmBin}};
  if (T.Clang)
    S.Env.push_back({"HIPWRIGHT_CLANG", *T.Clang});
  if (T.Nvcc)
    S.Env.push_back({"HIPWRIGHT_NVCC", *T.Nvcc});
  S.TimeoutSeconds = 1800;
  // Its report is a few lines per file and target, all of them needed: keep
  // far more than a test program's cap (still a bound).
  S.KeepHeadBytes = 64 << 20;
  sys::fs::create_directories(WorkDir);
  S.LogPrefix = (WorkDir + "/compile-check").str();
  RunOutcome R = runProcess(S);
  Out = parseCompileCheckOutput(R.Output);
  // Anything the script did not report on is an error of the harness, not
  // of the port: say so rather than leave a hole in the matrix.
  for (const std::string &F : Files)
    for (const std::string &Tg : Targets)
      if (!Out[F].count(Tg))
        Out[F][Tg] = {CellStatus::Error,
                      "the compile check reported nothing for this target (" +
                          (R.TimedOut ? std::string("timed out")
                                      : tailLines(R.Output, 2)) +
                          ")"};
  return Out;
}

} // namespace hipwright::verify
