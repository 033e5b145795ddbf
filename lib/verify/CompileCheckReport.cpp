//===- CompileCheckReport.cpp - the compile check's text report -----------===//
#include "verify/CompileCheckReport.h"

#include "llvm/ADT/STLExtras.h"

namespace hipwright::verify {

const char *reportWord(CompileStatus S) {
  switch (S) {
  case CompileStatus::Compiled:
    return "PASS";
  case CompileStatus::Failed:
  case CompileStatus::ToolchainMissing:
    return "FAIL";
  case CompileStatus::Skipped:
    return "SKIP";
  }
  return "FAIL";
}

void printCompileReport(const CompileCheckOutcome &O, llvm::raw_ostream &OS) {
  for (const CompileResult &R : O.Results) {
    OS << reportWord(R.Status) << ' ' << R.Target << ' ' << R.File << ": "
       << R.Detail << '\n';
    if (R.failed())
      for (const std::string &L : R.ErrorLines)
        OS << "    " << L << '\n';
    if (R.Status == CompileStatus::Compiled && !R.Command.empty())
      OS << "    " << R.Command << "\n\n";
  }
}

int compileCheckExitCode(const CompileCheckOutcome &O) {
  if (llvm::any_of(O.Results,
                   [](const CompileResult &R) { return R.failed(); }))
    return 1;
  if (O.ToolchainProblem)
    return 77;
  return 0;
}

} // namespace hipwright::verify
