//===- Verifier.cpp - `hipwright verify`: fill the matrix -----------------===//
//
// 1. find the test programs; 2. port them twice in-process (plain, and with
// the analyzers' fix-its); 3. build and run every cell as an independent
// task on a thread pool (compilers and simulated runs are child processes,
// so one crashing program cannot take verify down); 4. assemble the rows in
// program order, so the output does not depend on scheduling.
//
//===----------------------------------------------------------------------===//
#include "verify/Verifier.h"

#include "analysis/GpuTarget.h"
#include "port/OutputWriter.h"
#include "port/Porter.h"
#include "verify/BuildCells.h"
#include "verify/GpuCells.h"
#include "verify/Manifest.h"
#include "verify/NvidiaMapping.h"
#include "verify/OutputCompare.h"
#include "verify/ProgramSources.h"
#include "verify/SimRun.h"
#include "verify/Toolchain.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"

#include <algorithm>
#include <chrono>
#include <mutex>

using namespace llvm;

namespace hipwright::verify {

Expected<std::vector<std::string>>
findTestPrograms(const std::vector<std::string> &Paths) {
  std::vector<std::string> Found;
  for (const std::string &P : Paths) {
    if (sys::fs::is_directory(P)) {
      std::error_code EC;
      for (sys::fs::recursive_directory_iterator It(P, EC), End;
           It != End && !EC; It.increment(EC))
        if (sys::path::extension(It->path()) == ".cu" &&
            definesMain(It->path()))
          Found.push_back(It->path());
      if (EC)
        return createStringError(EC, P + ": " + EC.message());
    } else if (sys::fs::exists(P)) {
      if (!definesMain(P))
        return createStringError(inconvertibleErrorCode(),
                                 P + ": not a test program (no main)");
      Found.push_back(P);
    } else {
      return createStringError(inconvertibleErrorCode(),
                               P + ": no such file or directory");
    }
  }
  std::sort(Found.begin(), Found.end());
  Found.erase(std::unique(Found.begin(), Found.end()), Found.end());
  if (Found.empty())
    return createStringError(inconvertibleErrorCode(),
                             "no test programs (a .cu file with a main) in "
                             "the given paths");
  return Found;
}

namespace {

/// Which fix-its a port applies: none, `--fix`, `--fix=native`.
enum class FixMode { None, Safe, Native };

/// Ports \p Input together with the include directories of the request (a
/// whole-tree port of the program and the headers it reads from elsewhere)
/// into \p OutRoot. \p Map: each file's port; \p PortedFlags: the
/// request's flags with each include directory replaced by its port.
Error portInto(const std::string &Input, const std::string &OutRoot,
               FixMode Fix, const VerifyRequest &Req,
               std::map<std::string, std::string> &Map,
               std::map<std::string, std::string> &Problems,
               CompileFlags &PortedFlags) {
  PortRequest P;
  P.Paths = {Input};
  for (const std::string &D : Req.Flags.IncludeDirs)
    if (sys::fs::is_directory(D) && !is_contained(P.Paths, D))
      P.Paths.push_back(D);
  P.CudaPath = Req.CudaPath;
  P.ExtraArgs = Req.Flags.args();
  P.Jobs = Req.Jobs;
  P.Options.Analyzers = Req.Analyzers;
  // The analyzers run for the plain port too, as `hipwright port` runs
  // them: some fix-its are part of every port (a 32-bit variable holding
  // full masks becomes 64-bit, or ROCm 7 rejects the call), and only the
  // others wait for --fix.
  auto Targets = parseTargets(Req.Targets);
  if (!Targets)
    return Targets.takeError();
  P.Options.AnalyzeFor = std::move(*Targets);
  if (Fix != FixMode::None) {
    P.ApplyFixes = true;
    P.Options.NativeWave = Fix == FixMode::Native;
  }
  Expected<PortResult> R = runPort(P);
  if (!R)
    return R.takeError();
  OutputOptions O;
  O.Mode = OutputMode::OutRoot;
  O.OutRoot = OutRoot;
  O.CopyUnchanged = true;
  if (Error E = writeOutputs(*R, O, nulls()))
    return E;
  PortedFlags = Req.Flags;
  for (std::string &D : PortedFlags.IncludeDirs)
    if (sys::fs::is_directory(D)) {
      SmallString<256> Out(OutRoot);
      sys::path::append(Out, R->Inputs.relative(D));
      sys::path::remove_dots(Out, /*remove_dot_dot=*/true);
      D = std::string(Out);
    }
  for (const FileOutcome &F : R->Files) {
    SmallString<256> Out(OutRoot);
    sys::path::append(Out, R->Inputs.relative(F.Path));
    Map[F.Path] = std::string(Out);
    if (F.Status == FileStatus::Partial || F.Status == FileStatus::Failed)
      Problems[F.Path] =
          std::string(toString(F.Status)) +
          (F.Errors.empty() ? std::string() : ": " + F.Errors.front());
  }
  return Error::success();
}

std::string absolute(StringRef P) {
  SmallString<256> A(P);
  sys::fs::make_absolute(A);
  sys::path::remove_dots(A, true);
  return std::string(A);
}

} // namespace

Expected<Matrix> runVerify(const VerifyRequest &Request) {
  // Include directories as absolute paths: the compilers run elsewhere.
  VerifyRequest Req = Request;
  for (std::string &D : Req.Flags.IncludeDirs)
    D = absolute(D);
  const CompileFlags &Flags = Req.Flags;
  auto Start = std::chrono::steady_clock::now();
  // The programs: the manifest's (--manifest, or each directory's
  // hipwright-verify.yaml), else every test program found.
  std::map<std::string, ProgramSpec> SpecOf;
  std::vector<std::string> Listed;
  auto Take = [&](StringRef ManifestPath) -> Error {
    Expected<std::vector<ProgramSpec>> Specs = readManifest(ManifestPath);
    if (!Specs)
      return Specs.takeError();
    for (ProgramSpec &S : *Specs) {
      // Its port must come from one of the paths verify ports.
      bool Inside = false;
      for (const std::string &P : Req.Paths) {
        std::string A = absolute(P);
        Inside |= S.Main == A || StringRef(S.Main).starts_with(A + "/");
      }
      if (!Inside)
        return createStringError(inconvertibleErrorCode(),
                                 S.Where + ": main " + S.Main +
                                     " is outside the paths verify ports");
      Listed.push_back(S.Main);
      SpecOf[S.Main] = std::move(S);
    }
    return Error::success();
  };
  std::vector<std::string> Unlisted;
  if (Req.Manifest) {
    if (Error E = Take(absolute(*Req.Manifest)))
      return std::move(E);
  } else {
    for (const std::string &P : Req.Paths) {
      SmallString<256> M(absolute(P));
      sys::path::append(M, kManifestName);
      if (sys::fs::is_directory(P) && sys::fs::exists(M)) {
        if (Error E = Take(M))
          return std::move(E);
      } else {
        Unlisted.push_back(P);
      }
    }
  }
  Expected<std::vector<std::string>> Found =
      Unlisted.empty() ? Expected<std::vector<std::string>>(Listed)
                       : findTestPrograms(Unlisted);
  if (!Found)
    return Found.takeError();
  if (!Unlisted.empty())
    Found->insert(Found->end(), Listed.begin(), Listed.end());
  auto Targets = parseTargets(Req.Targets);
  if (!Targets)
    return Targets.takeError();
  std::vector<std::string> AmdTargets;
  for (const GpuTarget &T : *Targets)
    AmdTargets.push_back(T.Name);

  // Work directory: the user's (kept), or a fresh temporary one.
  std::string Work;
  bool RemoveWork = false;
  if (Req.WorkDir) {
    Work = absolute(*Req.WorkDir);
    if (std::error_code EC = sys::fs::create_directories(Work))
      return createStringError(EC, Work + ": " + EC.message());
  } else {
    SmallString<256> W;
    if (std::error_code EC =
            sys::fs::createUniqueDirectory("hipwright-verify", W))
      return createStringError(EC, "cannot create a work directory: " +
                                       EC.message());
    Work = std::string(W);
    RemoveWork = !Req.KeepWork;
  }
  // A temporary work tree goes away however this returns.
  scope_exit Cleanup([&] {
    if (RemoveWork)
      sys::fs::remove_directories(Work);
  });

  // Programs by absolute path, in sorted order, each with every source its
  // build names (ProgramSources.h).
  std::vector<std::string> Programs;
  std::map<std::string, ProgramSources> SourcesOf;
  for (const std::string &F : *Found)
    if (!is_contained(Programs, absolute(F)))
      Programs.push_back(absolute(F));
  llvm::sort(Programs);
  for (const std::string &P : Programs) {
    SourcesOf[P] = programSources(P);
    if (!SpecOf.count(P))
      SpecOf[P] = defaultSpec(P);
  }

  // Port every input path three times: plainly, with --fix, and with
  // --fix=native.
  std::map<std::string, std::string> Plain, Fixed, Native, PlainProblem,
      FixedProblem, NativeProblem;
  // The flags each port's builds get: its -I directories are the ports of
  // the originals (per input, per kind of port). Programs of one input share
  // them.
  std::map<std::string, CompileFlags> PlainFlags, FixedFlags, NativeFlags;
  for (size_t I = 0; I < Req.Paths.size(); ++I) {
    std::string In = absolute(Req.Paths[I]);
    std::string Sub = "/input" + std::to_string(I);
    CompileFlags PF, FF, NF;
    if (Error E = portInto(In, Work + "/port" + Sub, FixMode::None, Req, Plain,
                           PlainProblem, PF))
      return std::move(E);
    if (Error E = portInto(In, Work + "/fixed" + Sub, FixMode::Safe, Req, Fixed,
                           FixedProblem, FF))
      return std::move(E);
    if (Error E = portInto(In, Work + "/native" + Sub, FixMode::Native, Req,
                           Native, NativeProblem, NF))
      return std::move(E);
    for (const std::string &P : Programs)
      if (P == In || StringRef(P).starts_with(In + "/")) {
        PlainFlags.emplace(P, PF);
        FixedFlags.emplace(P, FF);
        NativeFlags.emplace(P, NF);
      }
  }
  auto FlagsOf = [&](const std::map<std::string, CompileFlags> &M,
                     const std::string &P) {
    auto It = M.find(P);
    return It == M.end() ? Flags : It->second;
  };

  std::string Mapping = Work + "/hip_on_cuda.h";
  if (Error E = writeFileAtomically(Mapping, nvidiaMappingHeader()))
    return std::move(E);

  Toolchain T = findToolchain(Req.CudaPath);
  GpuInventory Gpus = detectGpus(T);

  Matrix M;
  M.Columns = cellColumns(AmdTargets);
  M.Inputs = Req.Paths;
  M.Runtime = "hipwright CPU SIMT runtime (fibers; 32- and 64-lane "
              "wavefronts)";
  std::mutex Lock;
  std::map<std::string, std::map<std::string, Cell>> Cells;
  // What each run printed, for the output verdicts (applied at the end).
  std::map<std::string, std::map<std::string, std::string>> Outputs;
  auto Put = [&](const std::string &Prog, const std::string &Col, Cell C,
                 const std::string *Stdout = nullptr) {
    std::lock_guard<std::mutex> G(Lock);
    Cells[Prog][Col] = std::move(C);
    if (Stdout)
      Outputs[Prog][Col] = *Stdout;
  };
  auto PortOf = [](const std::map<std::string, std::string> &Map,
                   const std::string &P) -> std::optional<std::string> {
    auto It = Map.find(P);
    if (It == Map.end() || !sys::fs::exists(It->second))
      return std::nullopt;
    return It->second;
  };

  // Every ported source of every program, compile-checked together; a
  // program's build cell is its sources' (programCell).
  std::vector<std::string> PlainFiles;
  for (const std::string &P : Programs)
    for (const std::string &Src : SourcesOf[P].Files)
      if (auto Port = PortOf(Plain, Src);
          Port && !is_contained(PlainFiles, *Port))
        PlainFiles.push_back(*Port);
  // The ported include directories of the first program's input: the
  // compile check runs once for every port (a test tree is one input as a
  // rule; with several, each program's own are used by its runs).
  CompileFlags CheckFlags =
      Programs.empty() ? Flags : FlagsOf(PlainFlags, Programs.front());
  BuildCells AmdChecks, NvidiaChecks;

  unsigned Jobs =
      Req.Jobs ? Req.Jobs
               : std::max(1u, hardware_concurrency().compute_thread_count());
  std::atomic<unsigned> Done{0};
  const unsigned Total = 2 + 6 * Programs.size();
  std::mutex ProgressLock;
  auto Progress = [&] {
    unsigned N = ++Done;
    std::lock_guard<std::mutex> G(ProgressLock);
    if (Req.OnProgress)
      Req.OnProgress(N, Total);
  };
  {
    StdThreadPool Pool(hardware_concurrency(Jobs));
    auto Async = [&](std::function<void()> F) {
      Pool.async([F = std::move(F), &Progress] {
        F();
        Progress();
      });
    };
    // Builds for every port at once: the compile check runs its own jobs.
    Async([&] {
      AmdChecks = compileCheck(T, PlainFiles, AmdTargets, Work + "/compile-amd",
                               Jobs, CheckFlags, std::nullopt);
    });
    Async([&] {
      NvidiaChecks =
          compileCheck(T, PlainFiles, {"sm_90"}, Work + "/compile-nvidia", Jobs,
                       CheckFlags, Mapping);
    });
    for (size_t I = 0; I < Programs.size(); ++I) {
      const std::string P = Programs[I];
      std::string Dir = Work + "/programs/" + sys::path::stem(P).str() + "-" +
                        std::to_string(I);
      const std::vector<std::string> &Srcs = SourcesOf[P].Files;
      std::vector<std::string> ExtraSrcs(Srcs.begin() + 1, Srcs.end());
      // The ports of the other sources, in the same order; empty when one
      // was not written (the cell says so).
      auto ExtraPorts =
          [ExtraSrcs, &PortOf](const std::map<std::string, std::string> &Ports)
          -> std::optional<std::vector<std::string>> {
        std::vector<std::string> Out;
        for (const std::string &E : ExtraSrcs) {
          auto Port = PortOf(Ports, E);
          if (!Port)
            return std::nullopt;
          Out.push_back(*Port);
        }
        return Out;
      };
      Async([&, P, Dir] {
        Put(P, kCudaBuildNvcc,
            buildWithNvcc(T, SourcesOf[P].Files, Dir + "/nvcc", Flags));
      });
      const ProgramSpec &Spec = SpecOf[P];
      unsigned Timeout = Spec.TimeoutSeconds.value_or(Req.RunTimeoutSeconds);
      Async([&, P, Dir, ExtraSrcs, Timeout] {
        SimRequest S{
            P,       ExtraSrcs, true,           Dir + "/sim-cuda", {32},
            Timeout, Flags,     SpecOf[P].Args, SpecOf[P].Env};
        std::vector<std::string> Out;
        std::vector<Cell> C = runOnSimulator(T, S, &Out);
        Put(P, kCudaRunWave32, C[0], &Out[0]);
      });
      Async([&, P, Dir, ExtraPorts, Timeout] {
        auto Port = PortOf(Plain, P);
        auto Extra = ExtraPorts(Plain);
        if (!Port || !Extra) {
          Put(P, kPortRunWave64,
              {CellStatus::Error, "the port was not written"});
          return;
        }
        SimRequest S{*Port,
                     *Extra,
                     false,
                     Dir + "/sim-port",
                     {64},
                     Timeout,
                     FlagsOf(PlainFlags, P),
                     SpecOf[P].Args,
                     SpecOf[P].Env};
        std::vector<std::string> Out;
        std::vector<Cell> C = runOnSimulator(T, S, &Out);
        Put(P, kPortRunWave64, C[0], &Out[0]);
      });
      // A port with fix-its at 64 and at 32 lanes: the two cells of
      // \p Col64 / \p Col32, and a note appended to both when \p Note
      // says one.
      auto RunBothWidths =
          [&, P, Dir,
           ExtraPorts](const std::map<std::string, std::string> &Ports,
                       const CompileFlags &PortFlags, const char *Col64,
                       const char *Col32, std::string What, std::string SimDir,
                       std::function<std::string(const std::string &)> Note) {
            Async([&, P, Dir, Col64, Col32, What, SimDir, Note, ExtraPorts,
                   PortFlags, Timeout] {
              auto Port = PortOf(Ports, P);
              auto Others = ExtraPorts(Ports);
              if (!Port || !Others) {
                Put(P, Col64, {CellStatus::Error, What + " was not written"});
                Put(P, Col32, {CellStatus::Error, What + " was not written"});
                return;
              }
              SimRequest S{*Port,        *Others,        false,
                           Dir + SimDir, {64, 32},       Timeout,
                           PortFlags,    SpecOf[P].Args, SpecOf[P].Env};
              std::vector<std::string> Out;
              std::vector<Cell> C = runOnSimulator(T, S, &Out);
              std::string Extra = Note ? Note(*Port) : "";
              for (Cell &X : C)
                X.Detail += Extra;
              Put(P, Col64, C[0], &Out[0]);
              Put(P, Col32, C[1], &Out[1]);
            });
          };
      RunBothWidths(Fixed, FlagsOf(FixedFlags, P), kFixedRunWave64,
                    kFixedRunWave32, "the --fix port", "/sim-fixed", nullptr);
      // Where nothing was rewritten natively the two ports are the same
      // program; say so rather than count it as evidence twice.
      RunBothWidths(Native, FlagsOf(NativeFlags, P), kNativeRunWave64,
                    kNativeRunWave32, "the --fix=native port", "/sim-native",
                    [&, P](const std::string &Port) -> std::string {
                      auto Fix = PortOf(Fixed, P);
                      auto A = MemoryBuffer::getFile(Port);
                      auto B = Fix ? MemoryBuffer::getFile(*Fix) : nullptr;
                      bool Same =
                          A && B && (*A)->getBuffer() == (*B)->getBuffer();
                      return Same ? " (nothing rewritten natively: the --fix "
                                    "port)"
                                  : "";
                    });
      Async([&, P, Dir, ExtraSrcs, ExtraPorts] {
        GpuRunRequest G;
        G.Original = P;
        G.Port = PortOf(Fixed, P).value_or("");
        G.ExtraOriginals = ExtraSrcs;
        G.ExtraPorts = ExtraPorts(Fixed).value_or(std::vector<std::string>());
        G.MappingHeader = Mapping;
        G.WorkDir = Dir + "/gpu";
        G.TimeoutSeconds = SpecOf[P].TimeoutSeconds.value_or(300);
        G.Spec = SpecOf[P];
        G.Flags = Flags;
        G.PortFlags = FlagsOf(FixedFlags, P);
        Put(P, kGpuRunNvidia, runOnNvidiaGpu(T, Gpus, G));
        Put(P, kGpuRunAmd, runOnAmdGpu(T, Gpus, G));
      });
    }
    Pool.wait();
  }

  // The output verdicts (Manifest.h): a run that passed by its exit status
  // must also print what the manifest asks for.
  for (const std::string &P : Programs) {
    const ProgramSpec &Spec = SpecOf[P];
    if (Spec.Judge == Verdict::Exit)
      continue;
    const char *RunCols[] = {kCudaRunWave32,   kPortRunWave64,
                             kFixedRunWave64,  kFixedRunWave32,
                             kNativeRunWave64, kNativeRunWave32};
    const Cell *Ref =
        Cells[P].count(kCudaRunWave32) ? &Cells[P][kCudaRunWave32] : nullptr;
    std::string RefOut = Outputs[P][kCudaRunWave32];
    for (const char *Col : RunCols) {
      auto It = Cells[P].find(Col);
      if (It == Cells[P].end() || It->second.Status != CellStatus::Pass)
        continue;
      Cell &C = It->second;
      const std::string &Out = Outputs[P][Col];
      if (Spec.Judge == Verdict::Match) {
        if (!Regex(Spec.Match, Regex::Newline).match(Out))
          C = {CellStatus::Fail, C.Detail +
                                     " - but the output does not match '" +
                                     Spec.Match + "'"};
        continue;
      }
      if (StringRef(Col) == kCudaRunWave32)
        continue; // the reference itself
      if (!Ref || Ref->Status != CellStatus::Pass) {
        C = {CellStatus::Error,
             C.Detail + " - but there is no output to compare with: the CUDA "
                        "original did not pass at 32 lanes"};
        continue;
      }
      CompareRules Rules{Spec.Relative, Spec.Absolute, Spec.Ignore};
      if (std::optional<std::string> Diff = compareOutputs(RefOut, Out, Rules))
        C = {CellStatus::Fail, C.Detail + " - but its " + *Diff};
      else
        C.Detail += " (same output as the CUDA original at 32 lanes)";
    }
  }

  // A program's build cells: those of all its ported sources.
  for (const std::string &P : Programs) {
    const std::vector<std::string> &Srcs = SourcesOf[P].Files;
    auto Combine = [&](const BuildCells &Checks,
                       const std::string &Target) -> std::optional<Cell> {
      std::vector<std::optional<Cell>> Per;
      for (const std::string &Src : Srcs) {
        std::optional<Cell> C;
        if (auto Port = PortOf(Plain, Src))
          if (auto F = Checks.find(*Port); F != Checks.end())
            if (auto X = F->second.find(Target); X != F->second.end())
              C = X->second;
        Per.push_back(std::move(C));
      }
      if (!Per.front())
        return std::nullopt; // no hole: the row says why below
      return programCell(Srcs, Per);
    };
    for (const std::string &Target : AmdTargets)
      if (std::optional<Cell> C = Combine(AmdChecks, Target))
        Cells[P]["port-build-" + Target] = *C;
    if (std::optional<Cell> C = Combine(NvidiaChecks, "sm_90")) {
      if (C->Status == CellStatus::Pass)
        C->Detail = "nvcc -arch=sm_90 through hipwright's HIP-on-CUDA "
                    "mapping header: " +
                    C->Detail;
      Cells[P][kPortBuildNvidia] = *C;
    }
  }

  for (const std::string &P : Programs) {
    ProgramRow Row;
    Row.Name = sys::path::filename(P).str();
    Row.File = P;
    for (const std::string &Src : SourcesOf[P].Files)
      Row.Sources.push_back(Src);
    Row.SourcesFrom = SourcesOf[P].From;
    Row.Verdict = toString(SpecOf[P].Judge).str();
    Row.ManifestEntry = SpecOf[P].Where;
    Row.Cells = std::move(Cells[P]);
    // Build cells come from whole-tree runs keyed by the port's path; a
    // program whose port was never written has none. No hole in the matrix.
    for (const std::string &Col : M.Columns)
      if (!Row.Cells.count(Col))
        Row.Cells[Col] = {CellStatus::Error, PortOf(Plain, P)
                                                 ? "no result was produced"
                                                 : "the port was not written"};
    // A port that hipwright could only partly translate still gets built
    // and run, but its cells say so.
    for (auto [Problems, Prefix] :
         {std::pair(&PlainProblem, "port-"), std::pair(&FixedProblem, "fixed-"),
          std::pair(&NativeProblem, "native-")})
      if (auto It = Problems->find(P); It != Problems->end())
        for (auto &[Col, C] : Row.Cells)
          if (StringRef(Col).starts_with(Prefix))
            C.Detail += " (port " + It->second + ")";
    M.Programs.push_back(std::move(Row));
  }
  M.Seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count();
  return M;
}

} // namespace hipwright::verify
