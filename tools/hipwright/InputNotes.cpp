//===- InputNotes.cpp - what a run could not or did not read --------------===//
#include "InputNotes.h"

#include "output/TextFindings.h"

namespace hipwright {

bool printInputNotes(llvm::StringRef Tool, const PortResult &R,
                     llvm::raw_ostream &OS) {
  for (const InputNote &N : R.Inputs.Unreadable)
    OS << "hipwright " << Tool << ": error: " << displayPath(N.Path) << " "
       << N.Message << "\n";
  for (const InputNote &N : R.Inputs.Skipped)
    OS << "hipwright " << Tool << ": note: " << displayPath(N.Path) << " "
       << N.Message << "\n";
  for (const FileOutcome &F : R.Files)
    if (F.AlreadyHip)
      OS << "hipwright " << Tool << ": note: " << displayPath(F.Path)
         << ": already HIP (includes HIP headers, no CUDA ones); not "
            "analyzed\n";
  return !R.Inputs.Unreadable.empty();
}

} // namespace hipwright
