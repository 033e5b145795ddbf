//===- PhaseTimes.h - where a run's parse time goes -----------------------===//
//
// HIPWRIGHT_PHASE_TIMES=1 makes a run print, at its end, the CPU-seconds
// its workers spent in each phase of a translation unit (parse, the port's
// AST pass, the analyzers, the token pass, ...). bench/ reads it to say
// what a speed-up bought; nothing else depends on it, and when the
// variable is unset a phase costs one relaxed load.
//
//===----------------------------------------------------------------------===//
#ifndef HIPWRIGHT_SUPPORT_PHASETIMES_H
#define HIPWRIGHT_SUPPORT_PHASETIMES_H

#include "llvm/Support/raw_ostream.h"

#include <chrono>

namespace hipwright {

enum class Phase {
  Parse,     ///< clang: preprocess, parse and instantiate
  Inputs,    ///< digests of the files the parse read (result cache)
  AstPass,   ///< the port's walk of the AST
  Analyzers, ///< matchers and the analyzers' judgements
  TokenPass, ///< the port's token rewrite of each user file
  PchBuild,  ///< building a shared precompiled header
  Count
};

/// Whether HIPWRIGHT_PHASE_TIMES is set (read once).
bool phaseTimesWanted();

/// Adds \p Nanos to \p P's total (thread-safe).
void addPhaseTime(Phase P, long long Nanos);

/// Prints every phase's total, one line, when phaseTimesWanted().
void printPhaseTimes(llvm::raw_ostream &OS);

/// Times the scope it lives in as phase \p P.
class PhaseTimer {
public:
  explicit PhaseTimer(Phase P) : P(P), On(phaseTimesWanted()) {
    if (On)
      Start = std::chrono::steady_clock::now();
  }
  ~PhaseTimer() { stop(); }
  /// Ends the phase before the scope does.
  void stop() {
    if (!On)
      return;
    On = false;
    addPhaseTime(P, std::chrono::duration_cast<std::chrono::nanoseconds>(
                        std::chrono::steady_clock::now() - Start)
                        .count());
  }
  PhaseTimer(const PhaseTimer &) = delete;
  PhaseTimer &operator=(const PhaseTimer &) = delete;

private:
  Phase P;
  bool On;
  std::chrono::steady_clock::time_point Start;
};

} // namespace hipwright

#endif
