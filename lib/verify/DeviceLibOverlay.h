//===- DeviceLibOverlay.h - ROCm device libraries for clang 22 --*- C++ -*-===//
//
// clang 22 building against Debian's HIP 5.2.3 for gfx942/gfx950 needs
// device libraries Debian does not have. The overlay is a private directory
// that mirrors the system's bitcode directory with symlinks and adds:
//   - oclc_isa_version_<N>.bc for targets newer than the packaged ones
//     (gfx942 -> 9402, gfx950 -> 9500), made from the newest packaged gfx9
//     file by changing only the constant;
//   - hip.bc folded into oclc_abi_version_500.bc: clang 22 no longer links
//     hip.bc, whose __atomic_work_item_fence HIP 5.2.3's __threadfence
//     calls, and the ABI-500 library is linked into every code-object-v5
//     build. Its linkonce_odr definitions become weak_odr so llvm-link
//     keeps them; clang internalizes builtin bitcode it links anyway;
//   - oclc_daz_opt_off.bc folded in the same way: HIP 5.2.3's ocml reads
//     __oclc_daz_opt, and clang 22 no longer links the oclc_daz_opt_*
//     control libraries.
// It is built once per work directory, toolchain and target set
// (devlibs-<key>), and published atomically so concurrent checks share it.
// cmake/debian-hip/hipwright-debian-hip.cmake builds with it too.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "verify/CompileToolchain.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace hipwright::verify {

/// The overlay directory in \p WorkDir for the gfx* targets among
/// \p Targets, built when absent.
llvm::Expected<std::string>
deviceLibOverlay(const CompileToolchain &Tools,
                 llvm::ArrayRef<std::string> Targets, llvm::StringRef WorkDir);

/// \p Ll (a disassembled oclc_isa_version_*.bc) with __oclc_ISA_version
/// set to \p N, all else unchanged; nullopt when it defines no such
/// constant.
std::optional<std::string> withIsaVersion(llvm::StringRef Ll, unsigned N);

/// The value of __oclc_ISA_version for a gfx target: gfx942 -> 9402,
/// gfx90a -> 9010, gfx1100 -> 11000; nullopt for a name of another form.
std::optional<unsigned> isaVersionNumber(llvm::StringRef Target);

} // namespace hipwright::verify
