//===- VersionInfo.cpp - the build that judged the code -------------------===//
#include "output/VersionInfo.h"

#include "rules/RulesHash.h"
#include "support/Version.h"

namespace hipwright {

llvm::json::Object versionJson() {
  llvm::json::Object O{{"hipwright", toolVersion()},
                       {"llvm", llvmVersion()},
                       {"rules", rulesContentHash()}};
  if (*gitCommit())
    O["commit"] = gitCommit();
  return O;
}

void printVersion(llvm::raw_ostream &OS) {
  OS << "hipwright " << toolVersion();
  if (*gitCommit())
    OS << " (commit " << gitCommit() << ")";
  OS << "\nclang/LLVM " << llvmVersion() << "\nrules tables "
     << rulesContentHash() << "\n";
}

} // namespace hipwright
