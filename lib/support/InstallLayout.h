//===- InstallLayout.h - where hipwright's own files live -------*- C++ -*-===//
//
// hipwright finds the files verify and the compile check need relative to
// its own executable, never through a path compiled in, so an installed
// copy can be moved anywhere:
//
//   <prefix>/bin/hipwright
//   <prefix>/share/hipwright/include/hipwright/...   shipped headers, CPU
//                                                    runtime headers
//   <prefix>/share/hipwright/compile-check/hip_compile_check.sh
//                          a thin wrapper: execs <prefix>/bin/hipwright
//                          compile-check (the check itself is in lib/verify)
//   <prefix>/lib/hipwright/libhipwright_simrt.a      the CPU SIMT runtime
//
// The build tree has the same layout (CMake stages the files there), so a
// built and an installed hipwright look things up the same way.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <optional>
#include <string>

namespace hipwright {

struct InstallLayout {
  std::string Prefix; ///< the directory above bin/

  std::string dataDir() const;    ///< <prefix>/share/hipwright
  std::string includeDir() const; ///< shipped headers (hipwright/*.h)
  std::string simLibrary() const; ///< libhipwright_simrt.a
};

/// The layout around the running executable (from /proc/self/exe, with
/// symlinks resolved); nullopt when the executable's path is unknown.
std::optional<InstallLayout> currentInstallLayout();

} // namespace hipwright
