//===- CompileCheck.cpp - compile HIP sources for real targets ------------===//
//
// Checks the whole toolchain before compiling anything: a missing tool is
// the environment's fault, not the code's, and every result says which one
// (skipped, or an error when the toolchain is required). Then each file and
// target is one independent build; results keep request order whatever
// the number of jobs.
//
//===----------------------------------------------------------------------===//
#include "verify/CompileCheck.h"

#include "support/RocmPrefix.h"
#include "verify/MissingLibraries.h"
#include "verify/TargetBuilds.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <thread>

using namespace llvm;

namespace hipwright::verify {

bool toolchainRequiredByEnvironment() {
  const char *V = std::getenv("HIPWRIGHT_REQUIRE_TOOLCHAIN");
  return V && std::strcmp(V, "1") == 0;
}

/// Why the AMD builds cannot run here, or nullopt.
static std::optional<std::string>
amdToolchainProblem(const CompileToolchain &T) {
  const std::pair<const char *, const std::optional<std::string> *> Tools[] = {
      {"clang++", &T.Clang},
      {"llvm-objcopy", &T.LlvmObjcopy},
      {"clang-offload-bundler", &T.OffloadBundler},
      {"llvm-readelf", &T.LlvmReadelf}};
  for (const auto &[Name, Path] : Tools)
    if (!*Path || !sys::fs::can_execute(**Path))
      return std::string("toolchain incomplete: no ") + Name +
             " (install clang-22, llvm-22 and clang-tools-22)";
  if (T.RocmPath.empty())
    return "no ROCm found in " + rocmSearchDescription();
  if (!sys::fs::exists(T.RocmPath + "/include/hip/hip_runtime.h"))
    return "no HIP headers under " + T.RocmPath +
           "/include (run scripts/fetch-rocm.sh, or set HIPWRIGHT_ROCM_PATH "
           "to a ROCm installation)";
  if (!sys::fs::exists(T.DeviceLibDir + "/ockl.bc"))
    return "no ROCm device libraries in " + T.DeviceLibDir +
           " (run scripts/fetch-rocm.sh, or set HIPWRIGHT_DEVICE_LIB_DIR)";
  return std::nullopt;
}

static Error requestError(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

Expected<CompileCheckOutcome> runCompileCheck(const CompileCheckRequest &Req,
                                              const CompileToolchain &Tools) {
  if (Req.Files.empty())
    return requestError("no input files");
  if (Req.Targets.empty())
    return requestError("no targets");
  if (Req.WorkDir.empty())
    return requestError("no work directory");
  for (const std::string &F : Req.Files)
    if (!sys::fs::is_regular_file(F))
      return requestError("no such file: " + F);

  CompileCheckOutcome Out;
  bool NeedAmd = any_of(Req.Targets, [](const std::string &T) {
    return StringRef(T).starts_with("gfx");
  });
  if (NeedAmd)
    Out.ToolchainProblem = amdToolchainProblem(Tools);
  if (Out.ToolchainProblem) {
    for (const std::string &F : Req.Files)
      for (const std::string &T : Req.Targets) {
        CompileResult R;
        R.File = F;
        R.Target = T;
        R.Status = Req.RequireToolchain ? CompileStatus::ToolchainMissing
                                        : CompileStatus::Skipped;
        R.Detail = *Out.ToolchainProblem;
        Out.Results.push_back(std::move(R));
      }
    return Out;
  }
  SmallString<256> Work(Req.WorkDir);
  if (std::error_code EC = sys::fs::make_absolute(Work))
    return createStringError(EC, "bad work directory " + Req.WorkDir);
  if (std::error_code EC = sys::fs::create_directories(Work + "/obj"))
    return createStringError(EC, "cannot create the work directory " + Work +
                                     ": " + EC.message());
  BuildContext C{Req, Tools, std::string(Work), ""};
  bool NeedStandIns = Req.NvidiaMappingHeader && Tools.Nvcc &&
                      any_of(Req.Targets, [](const std::string &T) {
                        return StringRef(T).starts_with("sm_");
                      });
  if (NeedStandIns) {
    if (!Tools.ShippedInclude)
      return requestError("hipwright's shipped headers not found; set "
                          "HIPWRIGHT_SHIPPED_INCLUDE");
    Expected<std::string> Dir = nvidiaStandIns(*Req.NvidiaMappingHeader, Work);
    if (!Dir)
      return Dir.takeError();
    C.NvidiaStandIns = *Dir;
  }

  // A HIP library the ROCm in use lacks matters only for AMD builds: on
  // NVIDIA the mapping header stands in for it with the CUDA library.
  std::vector<std::string> SearchDirs = Req.IncludeDirs;
  // Only the ROCm in use counts: a library header in /usr/include (an older
  // HIP's) would be shadowed by ROCm's -isystem directory or mix releases.
  SearchDirs.push_back(Tools.RocmPath + "/include");
  std::vector<std::optional<std::string>> LibraryGap;
  for (const std::string &F : Req.Files) {
    auto Buf = MemoryBuffer::getFile(F, /*IsText=*/true);
    if (!Buf)
      return createStringError(Buf.getError(), "cannot read " + F + ": " +
                                                   Buf.getError().message());
    LibraryGap.push_back(
        missingLibraryReason((*Buf)->getBuffer(), SearchDirs, Tools.RocmPath));
  }

  size_t N = Req.Files.size() * Req.Targets.size();
  Out.Results.resize(N);
  auto CheckOne = [&](size_t I) {
    size_t FileIdx = I / Req.Targets.size();
    const std::string &File = Req.Files[FileIdx];
    const std::string &Target = Req.Targets[I % Req.Targets.size()];
    CompileResult &R = Out.Results[I];
    StringRef T(Target);
    if (!T.starts_with("sm_") && LibraryGap[FileIdx]) {
      R = {File, Target, CompileStatus::Skipped, *LibraryGap[FileIdx]};
    } else if (T.starts_with("gfx")) {
      R = buildForAmd(C, File, Target);
    } else if (T.starts_with("sm_")) {
      R = buildForNvidia(C, File, Target);
    } else {
      R = {File, Target, CompileStatus::Failed,
           "unknown target (use gfxNNN or sm_NN)"};
    }
  };
  std::atomic<size_t> Next{0};
  auto Worker = [&] {
    for (size_t I = Next++; I < N; I = Next++)
      CheckOne(I);
  };
  unsigned Threads = std::max(1u, std::min<unsigned>(Req.Jobs, N));
  std::vector<std::thread> Pool;
  for (unsigned I = 1; I < Threads; ++I)
    Pool.emplace_back(Worker);
  Worker();
  for (std::thread &T : Pool)
    T.join();
  return Out;
}

} // namespace hipwright::verify
