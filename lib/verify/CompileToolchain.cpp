//===- CompileToolchain.cpp - the tools the compile check runs ------------===//
#include "verify/CompileToolchain.h"

#include "verify/Toolchain.h"

#include "support/RocmPrefix.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <cstdlib>

using namespace llvm;

namespace hipwright::verify {

static std::optional<std::string> envValue(const char *Name) {
  if (const char *V = std::getenv(Name); V && *V)
    return std::string(V);
  return std::nullopt;
}

static std::optional<std::string> llvmTool(StringRef LlvmBin, StringRef Name) {
  SmallString<256> P(LlvmBin);
  sys::path::append(P, Name);
  if (!LlvmBin.empty() && sys::fs::can_execute(P))
    return std::string(P);
  for (std::string Candidate : {(Name + "-22").str(), Name.str()})
    if (auto Found = sys::findProgramByName(Candidate))
      return *Found;
  return std::nullopt;
}

CompileToolchain compileToolchainFrom(const Toolchain &T) {
  CompileToolchain C;
  C.Clang = T.Clang;
  C.LlvmObjcopy = llvmTool(T.LlvmBin, "llvm-objcopy");
  C.OffloadBundler = llvmTool(T.LlvmBin, "clang-offload-bundler");
  C.LlvmReadelf = llvmTool(T.LlvmBin, "llvm-readelf");
  if (std::optional<RocmInstall> Rocm = findRocm()) {
    C.RocmPath = Rocm->Root;
    C.RocmRelease = Rocm->Release;
  }
  C.DeviceLibDir = envValue("HIPWRIGHT_DEVICE_LIB_DIR")
                       .value_or(C.RocmPath + "/amdgcn/bitcode");
  C.Nvcc = T.Nvcc;
  C.ShippedInclude = envValue("HIPWRIGHT_SHIPPED_INCLUDE");
  if (!C.ShippedInclude)
    C.ShippedInclude = T.ShippedInclude;
  return C;
}

} // namespace hipwright::verify
