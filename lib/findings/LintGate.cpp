//===- LintGate.cpp - what makes `hipwright lint` fail --------------------===//
#include "findings/LintGate.h"

using namespace llvm;

namespace hipwright {

Expected<std::optional<Severity>> parseFailOn(StringRef Text) {
  if (Text == "note")
    return Severity::Note;
  if (Text == "warning")
    return Severity::Warning;
  if (Text == "error")
    return Severity::Error;
  if (Text == "never")
    return std::nullopt;
  return createStringError(inconvertibleErrorCode(),
                           "--fail-on must be note, warning, error or never");
}

GateDecision decideGate(const std::vector<Finding> &Findings,
                        std::optional<Severity> FailOn) {
  GateDecision D;
  for (const Finding &F : Findings) {
    if (F.Suppressed)
      continue;
    if (F.InBaseline) {
      ++D.InBaseline;
      continue;
    }
    D.Gating.push_back(F);
    if (FailOn && F.Level >= *FailOn)
      D.Fails = true;
  }
  return D;
}

std::vector<Finding> baselineEntries(const std::vector<Finding> &Findings) {
  std::vector<Finding> Out;
  for (const Finding &F : Findings)
    if (!F.Suppressed)
      Out.push_back(F);
  return Out;
}

} // namespace hipwright
