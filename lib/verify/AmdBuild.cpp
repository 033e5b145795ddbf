//===- AmdBuild.cpp - one compile check build for a gfx target ------------===//
//
// clang 22 against a real ROCm release (support/RocmPrefix.h): its headers,
// its LLVM-22 device libraries, nothing of hipwright's in between. ROCm's
// include directory is named with -isystem: --rocm-path alone adds it with
// -idirafter, behind /usr/include, where another HIP (Debian's 5.2.3) would
// win silently. The code object version is clang 22's default (v6, which
// ROCm 7 loads).
//
//===----------------------------------------------------------------------===//
#include "verify/TargetBuilds.h"

#include "verify/CompilerLog.h"
#include "verify/ForeignHipHeaders.h"
#include "verify/Subprocess.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>

using namespace llvm;

namespace hipwright::verify {

std::string objectPath(StringRef WorkDir, StringRef File, StringRef Target) {
  // Two files of one name in different directories must not share objects.
  SmallString<256> Abs(File);
  sys::fs::make_absolute(Abs);
  SmallString<256> P(WorkDir);
  sys::path::append(P, "obj",
                    sys::path::filename(File) + "." +
                        utohexstr(xxh3_64bits(Abs.str()), true) + "." + Target +
                        ".o");
  return std::string(P);
}

/// \p Argv as a shell would need it typed (for --verbose).
static std::string shellLine(ArrayRef<std::string> Argv) {
  std::string Out;
  for (const std::string &A : Argv) {
    bool Plain = !A.empty() && all_of(A, [](char C) {
      return isAlnum(C) || StringRef("-_./=+,:@%").contains(C);
    });
    if (!Out.empty())
      Out += ' ';
    if (Plain) {
      Out += A;
      continue;
    }
    Out += '\'';
    for (char C : A)
      Out += C == '\'' ? std::string("'\\''") : std::string(1, C);
    Out += '\'';
  }
  return Out;
}

/// Whether the "Flags:" line of `readelf -h` names \p Target as a word.
static bool flagsName(StringRef Header, StringRef Target) {
  SmallVector<StringRef, 64> Lines;
  Header.split(Lines, '\n');
  for (StringRef L : Lines) {
    size_t At = L.find("Flags:");
    if (At == StringRef::npos)
      continue;
    SmallVector<StringRef, 16> Words;
    SplitString(L.drop_front(At), Words, " \t,:()[]");
    for (StringRef W : Words)
      if (W == Target)
        return true;
  }
  return false;
}

CompileResult buildForAmd(const BuildContext &C, const std::string &File,
                          const std::string &Target) {
  CompileResult R;
  R.File = File;
  R.Target = Target;
  std::string Obj = objectPath(C.WorkDir, File, Target);
  std::string Fatbin = Obj + ".fatbin", Code = Obj + ".code", Deps = Obj + ".d";
  R.LogPath = Obj + ".log";
  for (const std::string &P : {Obj, Fatbin, Code, Deps, R.LogPath})
    sys::fs::remove(P);

  std::vector<std::string> Argv = {*C.Tools.Clang,
                                   "-x",
                                   "hip",
                                   "-std=c++17",
                                   "--offload-arch=" + Target,
                                   "-c",
                                   File,
                                   "-o",
                                   Obj,
                                   "--rocm-path=" + C.Tools.RocmPath,
                                   "--rocm-device-lib-path=" +
                                       C.Tools.DeviceLibDir,
                                   "-O2",
                                   "-Wno-unused-result",
                                   "-MD",
                                   "-MF",
                                   Deps};
  for (const std::string &D : C.Req.IncludeDirs)
    Argv.insert(Argv.end(), {"-I", D});
  Argv.insert(Argv.end(), {"-isystem", C.Tools.RocmPath + "/include"});
  for (const std::string &D : C.Req.Defines)
    Argv.push_back("-D" + D);
  if (C.Req.KeepCommands)
    R.Command = shellLine(Argv);

  std::string Log;
  auto Fail = [&](std::string Detail) {
    R.Status = CompileStatus::Failed;
    R.Detail = std::move(Detail);
    R.FirstError = parseFirstError(Log);
    R.ErrorLines = firstErrorLines(Log);
    return R;
  };
  RunOutcome Cc = runLogged(Argv, Log, R.LogPath);
  if (!Cc.Started)
    return Fail("clang++ could not be run");
  if (Cc.TimedOut)
    return Fail("clang++ timed out");
  if (!Cc.ok())
    return Fail("clang++ exited non-zero");
  // A PASS must be a PASS against the ROCm it names.
  auto DepText = MemoryBuffer::getFile(Deps, /*IsText=*/true);
  if (!DepText)
    return Fail("clang++ wrote no dependency file " + Deps);
  if (std::optional<std::string> Foreign =
          firstForeignRocmHeader(dependenciesOf((*DepText)->getBuffer()),
                                 C.Tools.RocmPath + "/include"))
    return Fail("read the ROCm header " + *Foreign +
                " from outside the ROCm in use (" + C.Tools.RocmPath +
                "/include): the result would not be ROCm " +
                C.Tools.RocmRelease + "'s");

  // The host object carries the offload bundle in .hip_fatbin.
  if (!runLogged({*C.Tools.LlvmObjcopy, "--dump-section",
                  ".hip_fatbin=" + Fatbin, Obj},
                 Log, R.LogPath)
           .ok()) {
    // A file without kernels or device variables (host code that calls the
    // HIP API) compiles for the target but has nothing to bundle: clang then
    // emits no module constructor and no .hip_fatbin at all.
    RunSpec Syms;
    Syms.Argv = {*C.Tools.LlvmReadelf, "-s", Obj};
    Syms.KeepHeadBytes = 64 << 20;
    static const Regex DeviceSymbol("__hip_(module_ctor|fatbin|gpubin_handle)");
    if (!DeviceSymbol.match(runProcess(Syms).Output)) {
      R.Status = CompileStatus::Compiled;
      R.Detail = "host code only (no kernels or device variables, nothing "
                 "to bundle)";
      return R;
    }
    return Fail("object has no .hip_fatbin section");
  }

  RunSpec List;
  List.Argv = {*C.Tools.OffloadBundler, "--list", "--type=o",
               "--input=" + Fatbin};
  std::string Entries = runProcess(List).Output;
  Regex ForTarget("^hip(v4)?-amdgcn-amd-amdhsa-+" + Target + "(:|$)",
                  Regex::Newline);
  SmallVector<StringRef, 2> M;
  if (!ForTarget.match(Entries, &M)) {
    std::string Found = Entries;
    std::replace(Found.begin(), Found.end(), '\n', ' ');
    R.Status = CompileStatus::Failed;
    R.Detail = "offload bundle has no " + Target +
               " code object (found: " + Found + ")";
    return R;
  }
  // The match runs to the end of the id ("...--gfx942" or "...:xnack-").
  StringRef Whole(Entries);
  size_t Start = M[0].data() - Whole.data();
  std::string BundleId =
      Whole.substr(Start).split('\n').first.rtrim("\r").str();

  runLogged({*C.Tools.OffloadBundler, "--unbundle", "--type=o",
             "--input=" + Fatbin, "--targets=" + BundleId, "--output=" + Code},
            Log, R.LogPath);
  RunSpec Elf;
  Elf.Argv = {*C.Tools.LlvmReadelf, "-h", Code};
  std::string Header = runProcess(Elf).Output;
  if (!flagsName(Header, Target))
    return Fail("bundled code object is not a " + Target + " ELF");

  static const Regex AbiVersion("ABI Version:[[:space:]]*([0-9]+)");
  unsigned Abi = 0;
  SmallVector<StringRef, 2> A;
  if (AbiVersion.match(Header, &A))
    to_integer(A[1], Abi);
  R.Status = CompileStatus::Compiled;
  R.Detail = "bundle " + BundleId + ", code object v" + std::to_string(Abi + 2);
  if (unsigned W = countWarningLines(Log))
    R.Detail += ", " + std::to_string(W) + " compiler warning(s)";
  return R;
}

} // namespace hipwright::verify
