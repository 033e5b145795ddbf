//===- Manifest.h - hipwright-verify.yaml: programs and verdicts -*- C++
//-*-===//
//
// Real test programs take arguments, need CPU-sized inputs on the CPU
// runtime, and are judged by what they print, not only by their exit code.
// A manifest (docs/verify.md#manifest) lists them:
//
//   programs:
//     - main: reduction/main.cu        # relative to the manifest
//       args: [--n, "4096"]            # on the CPU runtime
//       gpu-args: [--n, "67108864"]    # on a GPU (default: args)
//       env: {OMP_NUM_THREADS: "1"}
//       timeout: 300                   # seconds per run
//       verdict: same-output           # exit | match | same-output
//       match: "Test passed"           # verdict: match
//       tolerance: {relative: 1e-5, absolute: 1e-8}
//       ignore: ["Time = [0-9.]+ ms"]  # masked before comparing
//
// Errors name the file and line.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace hipwright::verify {

/// How a run of a program is judged.
enum class Verdict {
  Exit,      ///< exit status 0
  Match,     ///< exit status 0 and the output matches a regular expression
  SameOutput ///< exit status 0 and the output is the CUDA original's at 32
             ///< lanes (numbers within tolerance, masked text ignored)
};

llvm::StringRef toString(Verdict V);

struct ProgramSpec {
  std::string Main; ///< absolute
  std::vector<std::string> Args, GpuArgs;
  std::vector<std::pair<std::string, std::string>> Env;
  std::optional<unsigned> TimeoutSeconds;
  Verdict Judge = Verdict::Exit;
  std::string Match; ///< a POSIX extended regex (Verdict::Match)
  double Relative = 1e-6, Absolute = 1e-9;
  std::vector<std::string> Ignore; ///< regexes; what they match is masked
  std::string Where;               ///< "FILE:LINE" of its entry
};

/// The name verify looks for in each directory it is given.
inline constexpr const char *kManifestName = "hipwright-verify.yaml";

/// Reads the manifest \p Path. Every program's main must exist; a key it
/// does not know, a value of the wrong kind, a bad regex or a missing main
/// is an error naming the file and line.
llvm::Expected<std::vector<ProgramSpec>> readManifest(llvm::StringRef Path);

/// The default when a program has no entry: judged by its exit status.
ProgramSpec defaultSpec(llvm::StringRef Main);

} // namespace hipwright::verify
