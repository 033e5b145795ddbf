//===- NvidiaBuild.cpp - one compile check build for an sm_* target -------===//
//
// The mapping header stands in for HIP's own headers on NVIDIA: Debian's
// NVIDIA-platform HIP headers do not build with CUDA 13.
//
//===----------------------------------------------------------------------===//
#include "verify/TargetBuilds.h"

#include "verify/CompilerLog.h"
#include "verify/PublishedDirectory.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <utility>
#include <vector>

using namespace llvm;

namespace hipwright::verify {

static Error standInError(const Twine &What, std::error_code EC) {
  return createStringError(EC, What + ": " + EC.message());
}

Expected<std::string> nvidiaStandIns(StringRef MappingHeader,
                                     StringRef WorkDir) {
  SmallString<256> Header(MappingHeader);
  sys::fs::make_absolute(Header);
  auto Buf = MemoryBuffer::getFile(Header, /*IsText=*/true);
  if (!Buf)
    return standInError("cannot read the mapping header " + Header,
                        Buf.getError());
  StringRef Text = (*Buf)->getBuffer();
  std::string Name = "nvidia-shim-" + utohexstr(xxh3_64bits(Text), true);
  // Only when the directory is not published yet: the shim list.
  auto Fill = [&](StringRef Tmp) -> Error {
    std::vector<std::pair<std::string, std::string>> Shims = {
        {"hip/hip_runtime.h", "HIPWRIGHT_NV_WANT_HIP_HIP_RUNTIME_H"},
        {"hip/hip_runtime_api.h", "HIPWRIGHT_NV_WANT_HIP_HIP_RUNTIME_API_H"}};
    SmallVector<StringRef, 256> Lines;
    Text.split(Lines, '\n');
    for (StringRef L : Lines) {
      if (!L.consume_front("// hipwright-nvidia-shim: "))
        continue;
      auto [Path, Macro] = L.rtrim("\r").split(' ');
      bool Identifier = !Macro.empty() && all_of(Macro, [](char C) {
        return isAlnum(C) || C == '_';
      });
      // Only paths inside the stand-in directory.
      if (!Identifier || Path.empty() || Path.starts_with("/") ||
          Path.contains(".."))
        continue;
      Shims.emplace_back(Path.str(), Macro.str());
    }
    for (const auto &[Path, Macro] : Shims) {
      SmallString<256> P(Tmp);
      sys::path::append(P, Path);
      std::error_code EC =
          sys::fs::create_directories(sys::path::parent_path(P));
      raw_fd_ostream OS(P, EC);
      if (EC)
        return standInError("cannot write " + P, EC);
      OS << "#pragma once\n#define " << Macro << " 1\n#include \"" << Header
         << "\"\n";
    }
    return Error::success();
  };
  return publishDirectory(WorkDir, Name, Fill);
}

CompileResult buildForNvidia(const BuildContext &C, const std::string &File,
                             const std::string &Target) {
  CompileResult R;
  R.File = File;
  R.Target = Target;
  if (!C.Req.NvidiaMappingHeader) {
    R.Status = CompileStatus::Skipped;
    R.Detail = "not run: no mapping header (--nvidia-mapping-header FILE)";
    return R;
  }
  if (!C.Tools.Nvcc) {
    if (C.Req.RequireToolchain) {
      R.Status = CompileStatus::ToolchainMissing;
      R.Detail = "nvcc not found (CUDA toolkit at /usr/local/cuda or "
                 "$CUDA_PATH); HIPWRIGHT_REQUIRE_TOOLCHAIN=1 makes this an "
                 "error";
    } else {
      R.Status = CompileStatus::Skipped;
      R.Detail = "not run: nvcc not found";
    }
    return R;
  }
  std::string Obj = objectPath(C.WorkDir, File, Target);
  R.LogPath = Obj + ".log";
  sys::fs::remove(Obj);
  sys::fs::remove(R.LogPath);
  std::vector<std::string> Argv = {*C.Tools.Nvcc,
                                   "-x",
                                   "cu",
                                   "-arch=" + Target,
                                   "-std=c++17",
                                   "-c",
                                   File,
                                   "-o",
                                   Obj,
                                   "-I",
                                   C.NvidiaStandIns,
                                   "-I",
                                   *C.Tools.ShippedInclude};
  for (const std::string &D : C.Req.IncludeDirs)
    Argv.insert(Argv.end(), {"-I", D});
  for (const std::string &D : C.Req.Defines)
    Argv.push_back("-D" + D);
  std::string Log;
  RunOutcome Run = runLogged(Argv, Log, R.LogPath);
  if (Run.ok()) {
    R.Status = CompileStatus::Compiled;
    R.Detail = "nvcc object built";
    return R;
  }
  R.Status = CompileStatus::Failed;
  R.Detail = Run.TimedOut ? "nvcc timed out" : "nvcc exited non-zero";
  R.FirstError = parseFirstError(Log);
  R.ErrorLines = firstErrorLines(Log);
  return R;
}

} // namespace hipwright::verify
