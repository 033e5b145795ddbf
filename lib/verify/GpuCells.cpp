//===- GpuCells.cpp - runs on a real GPU, when there is one ---------------===//
#include "verify/GpuCells.h"
#include "verify/OutputCompare.h"

#include "port/OutputWriter.h"
#include "verify/NvidiaMapping.h"
#include "verify/Subprocess.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"

using namespace llvm;

namespace hipwright::verify {

GpuInventory detectGpus(const Toolchain &T) {
  GpuInventory G;
  SmallString<128> Tmp;
  sys::fs::createTemporaryFile("hipwright-gpu", "probe", Tmp);
  if (!T.NvidiaSmi) {
    G.NvidiaWhyNot = "no GPU: nvidia-smi is not installed";
  } else {
    RunOutcome R = runProcess({{*T.NvidiaSmi, "-L"}, {}, 30, Tmp.str().str()});
    std::string Line = firstLineWith(R.Output, "GPU 0");
    if (R.ok() && !Line.empty())
      G.Nvidia = Line;
    else
      G.NvidiaWhyNot = "no GPU: nvidia-smi found no device";
  }
  if (!T.Rocminfo) {
    G.AmdWhyNot = "no GPU: rocminfo is not installed";
  } else {
    RunOutcome R = runProcess({{*T.Rocminfo}, {}, 30, Tmp.str().str()});
    Regex Gfx("Name:[[:space:]]+(gfx9[0-9a-f]+)");
    SmallVector<StringRef, 2> M;
    if (R.ok() && Gfx.match(R.Output, &M))
      G.Amd = M[1].str();
    else
      G.AmdWhyNot = "no GPU: rocminfo found no gfx9 agent";
  }
  sys::fs::remove(Tmp + ".out");
  sys::fs::remove(Tmp + ".err");
  sys::fs::remove(Tmp);
  return G;
}

std::vector<std::string> cudaLibrariesFor(StringRef Source) {
  std::vector<std::string> Libs;
  auto Has = [&](StringRef H) {
    return Regex("#[[:space:]]*include[[:space:]]*[<\"]" + H.str())
        .match(Source);
  };
  if (Has("cublas"))
    Libs.push_back("-lcublas");
  if (Has("curand.h"))
    Libs.push_back("-lcurand");
  if (Has("cufft"))
    Libs.push_back("-lcufft");
  if (Has("cusparse"))
    Libs.push_back("-lcusparse");
  if (Has("cusolver"))
    Libs.push_back("-lcusolver");
  if (Has("cuda.h"))
    Libs.push_back("-lcuda");
  return Libs;
}

/// Stand-ins for the HIP headers a port may include, each defining the macro
/// that selects its part of the mapping header and then including it:
/// Debian's NVIDIA-platform HIP headers do not build with CUDA 13.
static Error writeNvidiaShim(StringRef Dir, StringRef MappingHeader) {
  std::vector<NvidiaShim> Shims = nvidiaMappingShims();
  Shims.push_back({"hip/hip_runtime.h", "HIPWRIGHT_NV_WANT_HIP_HIP_RUNTIME_H"});
  Shims.push_back(
      {"hip/hip_runtime_api.h", "HIPWRIGHT_NV_WANT_HIP_HIP_RUNTIME_API_H"});
  for (const NvidiaShim &S : Shims) {
    SmallString<256> P(Dir);
    sys::path::append(P, S.HipHeader);
    sys::fs::create_directories(sys::path::parent_path(P));
    if (Error E =
            writeFileAtomically(P, ("#pragma once\n#define " + S.Macro +
                                    " 1\n#include \"" + MappingHeader + "\"\n")
                                       .str()))
      return E;
  }
  return Error::success();
}

/// Builds \p Sources with nvcc into an executable and runs it.
static std::string buildAndRun(const Toolchain &T,
                               ArrayRef<std::string> Sources, StringRef Exe,
                               ArrayRef<std::string> Extra,
                               ArrayRef<std::string> Libs,
                               const ProgramSpec &Spec, unsigned Timeout,
                               bool &Ok, std::string &Stdout) {
  Ok = false;
  RunSpec B;
  B.Argv = {*T.Nvcc, "-arch=sm_90", "-std=c++17", "-x", "cu"};
  B.Argv.insert(B.Argv.end(), Sources.begin(), Sources.end());
  B.Argv.push_back("-o");
  B.Argv.push_back(Exe.str());
  B.Argv.insert(B.Argv.end(), Extra.begin(), Extra.end());
  B.Argv.insert(B.Argv.end(), Libs.begin(), Libs.end());
  B.TimeoutSeconds = 600;
  B.LogPrefix = (Exe + ".build").str();
  RunOutcome R = runProcess(B);
  if (!R.ok())
    return "build failed: " + firstLineWith(R.Output, "error") + cutNote(R);
  RunSpec X;
  X.Argv = {Exe.str()};
  X.Argv.insert(X.Argv.end(), Spec.GpuArgs.begin(), Spec.GpuArgs.end());
  X.Env = Spec.Env;
  X.TimeoutSeconds = Timeout;
  X.LogPrefix = Exe.str();
  RunOutcome Run = runProcess(X);
  if (auto Out = MemoryBuffer::getFile(X.LogPrefix + ".out"))
    Stdout = (*Out)->getBuffer().str();
  if (Run.TimedOut)
    return formatv("no result within {0} s", Timeout).str() + cutNote(Run);
  Ok = Run.ok();
  return (Run.ok() ? "" : formatv("exit status {0}: ", Run.ExitCode).str()) +
         tailLines(Run.Output, 1) + cutNote(Run);
}

Cell runOnNvidiaGpu(const Toolchain &T, const GpuInventory &G,
                    const GpuRunRequest &Req) {
  if (!G.Nvidia)
    return {CellStatus::NotRun, G.NvidiaWhyNot};
  if (!T.Nvcc)
    return {CellStatus::NotRun, "NVIDIA GPU present but nvcc not found"};
  sys::fs::create_directories(Req.WorkDir);
  std::string Stem = sys::path::stem(Req.Original).str();
  bool OrigOk = false, PortOk = false;
  // The port links the same CUDA libraries as the original: the mapping
  // header turns its hipBLAS calls into cuBLAS calls, and so on.
  std::vector<std::string> Originals = {Req.Original}, Ports = {Req.Port};
  Originals.insert(Originals.end(), Req.ExtraOriginals.begin(),
                   Req.ExtraOriginals.end());
  Ports.insert(Ports.end(), Req.ExtraPorts.begin(), Req.ExtraPorts.end());
  std::vector<std::string> Libs;
  for (const std::string &O : Originals) {
    auto Buf = MemoryBuffer::getFile(O);
    for (std::string &L : cudaLibrariesFor(Buf ? (*Buf)->getBuffer() : ""))
      if (!is_contained(Libs, L))
        Libs.push_back(std::move(L));
  }
  std::vector<std::string> User = Req.Flags.args();
  std::string OrigOut, PortOut;
  std::string Orig =
      buildAndRun(T, Originals, Req.WorkDir + "/" + Stem + ".cuda", User, Libs,
                  Req.Spec, Req.TimeoutSeconds, OrigOk, OrigOut);
  std::string Shim = Req.WorkDir + "/nvidia-shim";
  if (Error E = writeNvidiaShim(Shim, Req.MappingHeader))
    return {CellStatus::Error, toString(std::move(E))};
  // The HIP stand-ins first, so that a user's -I cannot shadow them.
  std::vector<std::string> PortFlags = {"-I", Shim, "-I",
                                        T.ShippedInclude.value_or(Shim)};
  std::vector<std::string> PortUser = Req.PortFlags.args();
  PortFlags.insert(PortFlags.end(), PortUser.begin(), PortUser.end());
  std::string Port = buildAndRun(
      T, Ports, Req.WorkDir + "/" + Stem + ".hip-on-cuda", PortFlags, Libs,
      Req.Spec, Req.TimeoutSeconds, PortOk, PortOut);
  std::string Detail = *G.Nvidia + ": original: " + Orig + "; port: " + Port;
  if (!OrigOk || !PortOk)
    return {CellStatus::Fail, Detail};
  // The manifest's verdict, on the GPU as on the CPU runtime: the port
  // prints what the original printed on the same GPU.
  if (Req.Spec.Judge == Verdict::Match &&
      !Regex(Req.Spec.Match, Regex::Newline).match(PortOut))
    return {CellStatus::Fail, Detail +
                                  " - but the port's output does not match '" +
                                  Req.Spec.Match + "'"};
  if (Req.Spec.Judge == Verdict::SameOutput) {
    CompareRules Rules{Req.Spec.Relative, Req.Spec.Absolute, Req.Spec.Ignore};
    if (std::optional<std::string> Diff =
            compareOutputs(OrigOut, PortOut, Rules))
      return {CellStatus::Fail, Detail + " - but the port's " + *Diff};
    Detail += " (same output)";
  }
  return {CellStatus::Pass, Detail};
}

Cell runOnAmdGpu(const Toolchain &T, const GpuInventory &G,
                 const GpuRunRequest &Req) {
  (void)T;
  (void)Req;
  if (!G.Amd)
    return {CellStatus::NotRun, G.AmdWhyNot};
  // Not built yet: running needs a HIP runtime that knows the agent, and
  // Debian's HIP 5.2.3 predates gfx942/gfx950. Say so instead of guessing.
  return {CellStatus::NotRun, "AMD GPU " + *G.Amd +
                                  " found, but running ports on it is not "
                                  "implemented yet"};
}

} // namespace hipwright::verify
