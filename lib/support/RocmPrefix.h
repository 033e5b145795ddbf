//===- RocmPrefix.h - the ROCm release the compile checks use ---*- C++ -*-===//
//
// Every compile or build hipwright does for an AMD target uses a real ROCm
// release: by default the ROCm 7.2 prefix that scripts/fetch-rocm.sh unpacks
// from Debian's archive, or a ROCm installation the user names. Found here
// once, so the compile check, verify, --version and the JSON/SARIF outputs
// name the same release.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <optional>
#include <string>

namespace hipwright {

struct RocmInstall {
  /// What clang's --rocm-path takes: holds include/hip/hip_runtime.h,
  /// amdgcn/bitcode and lib*/cmake (PREFIX/usr for a fetched prefix,
  /// /opt/rocm-X.Y.Z for an installed ROCm).
  std::string Root;
  /// "7.2.4": the release a fetched prefix records in its stamp, else the
  /// HIP version of include/hip/hip_version.h ("7.2.53211"); empty when
  /// neither says.
  std::string Release;
  /// "7.2.53211" from include/hip/hip_version.h; empty without it.
  std::string HipVersion;
};

/// Where the ROCm in use is, in order: $HIPWRIGHT_ROCM_PATH (a ROCm root,
/// e.g. /opt/rocm-7.2.0), $HIPWRIGHT_ROCM_PREFIX (a fetch-rocm.sh prefix),
/// the prefix this build was configured with (HIPWRIGHT_ROCM_PREFIX in
/// CMake), ~/.cache/hipwright/rocm-7.2.4. The first that is named (or, for
/// the defaults, exists) is taken; nullopt when none exists. Whether it
/// really holds HIP is the caller's check (the message then names it).
std::optional<RocmInstall> findRocm();

/// Where findRocm looked, for "no ROCm found" messages.
std::string rocmSearchDescription();

} // namespace hipwright
