//===- RocmPrefix.cpp - the ROCm release the compile checks use -----------===//
#include "support/RocmPrefix.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

using namespace llvm;

// The prefix scripts/setup.sh fetched when this build was configured.
#ifndef HIPWRIGHT_DEFAULT_ROCM_PREFIX
#define HIPWRIGHT_DEFAULT_ROCM_PREFIX ""
#endif

namespace hipwright {

static constexpr const char *kStampName = ".hipwright-rocm-stamp";

static std::optional<std::string> env(const char *Name) {
  std::optional<std::string> V = sys::Process::GetEnv(Name);
  if (V && V->empty())
    return std::nullopt;
  return V;
}

static std::string homePrefix() {
  SmallString<256> P;
  if (!sys::path::home_directory(P))
    return "";
  sys::path::append(P, ".cache", "hipwright", "rocm-7.2.4");
  return std::string(P);
}

/// The value of `#define NAME <digits>` in \p Text, or "".
static std::string definedNumber(StringRef Text, StringRef Name) {
  std::string Key = ("#define " + Name).str();
  for (size_t At = Text.find(Key); At != StringRef::npos;
       At = Text.find(Key, At + 1)) {
    StringRef Rest = Text.drop_front(At + Key.size());
    if (Rest.empty() || (Rest[0] != ' ' && Rest[0] != '\t'))
      continue;
    Rest = Rest.ltrim(" \t");
    StringRef Digits = Rest.take_while([](char C) { return isDigit(C); });
    if (!Digits.empty())
      return Digits.str();
  }
  return "";
}

static RocmInstall describe(std::string Root, StringRef Prefix) {
  RocmInstall R;
  R.Root = std::move(Root);
  if (auto Buf = MemoryBuffer::getFile(R.Root + "/include/hip/hip_version.h")) {
    StringRef T = (*Buf)->getBuffer();
    std::string Major = definedNumber(T, "HIP_VERSION_MAJOR");
    std::string Minor = definedNumber(T, "HIP_VERSION_MINOR");
    std::string Patch = definedNumber(T, "HIP_VERSION_PATCH");
    if (!Major.empty() && !Minor.empty())
      R.HipVersion = Major + "." + Minor + (Patch.empty() ? "" : "." + Patch);
  }
  // A fetched prefix says which ROCm release its packages are.
  if (!Prefix.empty())
    if (auto Buf = MemoryBuffer::getFile(Prefix + "/" + kStampName)) {
      StringRef T = (*Buf)->getBuffer();
      size_t At = T.find("rocm-version ");
      if (At != StringRef::npos)
        R.Release = T.drop_front(At + StringRef("rocm-version ").size())
                        .split('\n')
                        .first.trim();
    }
  // An installed ROCm names its release in .info/version ("7.2.0-43").
  if (R.Release.empty())
    if (auto Buf = MemoryBuffer::getFile(R.Root + "/.info/version"))
      R.Release = (*Buf)->getBuffer().trim().split('-').first.str();
  if (R.Release.empty())
    R.Release = R.HipVersion;
  return R;
}

std::optional<RocmInstall> findRocm() {
  if (std::optional<std::string> Root = env("HIPWRIGHT_ROCM_PATH"))
    return describe(*Root, "");
  std::optional<std::string> Named = env("HIPWRIGHT_ROCM_PREFIX");
  if (Named)
    return describe(*Named + "/usr", *Named);
  for (std::string Prefix :
       {std::string(HIPWRIGHT_DEFAULT_ROCM_PREFIX), homePrefix()})
    if (!Prefix.empty() && sys::fs::exists(Prefix + "/" + kStampName))
      return describe(Prefix + "/usr", Prefix);
  return std::nullopt;
}

std::string rocmSearchDescription() {
  std::string Where = "$HIPWRIGHT_ROCM_PATH, $HIPWRIGHT_ROCM_PREFIX";
  if (*HIPWRIGHT_DEFAULT_ROCM_PREFIX)
    Where += ", " + std::string(HIPWRIGHT_DEFAULT_ROCM_PREFIX);
  std::string Home = homePrefix();
  if (!Home.empty() && Home != HIPWRIGHT_DEFAULT_ROCM_PREFIX)
    Where += ", " + Home;
  return Where + " (scripts/fetch-rocm.sh makes the prefix)";
}

} // namespace hipwright
