//===- PhaseTimes.cpp - where a run's parse time goes ---------------------===//
#include "support/PhaseTimes.h"
#include "support/EnvFlag.h"

#include "llvm/Support/Format.h"

#include <array>
#include <atomic>

namespace hipwright {
namespace {

std::array<std::atomic<long long>, static_cast<size_t>(Phase::Count)> Totals;

const char *phaseName(Phase P) {
  switch (P) {
  case Phase::Parse:
    return "parse";
  case Phase::Inputs:
    return "inputs";
  case Phase::AstPass:
    return "ast-pass";
  case Phase::Analyzers:
    return "analyzers";
  case Phase::TokenPass:
    return "token-pass";
  case Phase::PchBuild:
    return "pch-build";
  case Phase::Count:
    break;
  }
  return "?";
}

} // namespace

bool phaseTimesWanted() {
  static const bool Wanted = envFlag("HIPWRIGHT_PHASE_TIMES");
  return Wanted;
}

void addPhaseTime(Phase P, long long Nanos) {
  Totals[static_cast<size_t>(P)].fetch_add(Nanos, std::memory_order_relaxed);
}

void printPhaseTimes(llvm::raw_ostream &OS) {
  if (!phaseTimesWanted())
    return;
  OS << "phase times (cpu s):";
  for (size_t I = 0; I < Totals.size(); ++I)
    OS << " " << phaseName(static_cast<Phase>(I)) << " "
       << llvm::format("%.2f", Totals[I].load() / 1e9);
  OS << "\n";
}

} // namespace hipwright
