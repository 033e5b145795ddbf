//===- VersionInfo.cpp - the build that judged the code -------------------===//
#include "output/VersionInfo.h"

#include "rules/RulesHash.h"
#include "support/RocmPrefix.h"
#include "support/Version.h"

namespace hipwright {

llvm::json::Object versionJson() {
  llvm::json::Object O{{"hipwright", toolVersion()},
                       {"llvm", llvmVersion()},
                       {"rules", rulesContentHash()}};
  if (*gitCommit())
    O["commit"] = gitCommit();
  // The ROCm release every compile check of this build runs against.
  if (std::optional<RocmInstall> R = findRocm())
    O["rocm"] = llvm::json::Object{
        {"release", R->Release}, {"hip", R->HipVersion}, {"path", R->Root}};
  else
    O["rocm"] = nullptr;
  return O;
}

void printVersion(llvm::raw_ostream &OS) {
  OS << "hipwright " << toolVersion();
  if (*gitCommit())
    OS << " (commit " << gitCommit() << ")";
  OS << "\nclang/LLVM " << llvmVersion() << "\nrules tables "
     << rulesContentHash() << "\n";
  if (std::optional<RocmInstall> R = findRocm())
    OS << "compile checks: ROCm " << R->Release << " (HIP " << R->HipVersion
       << ") at " << R->Root << "\n";
  else
    OS << "compile checks: no ROCm found in " << rocmSearchDescription()
       << "\n";
}

} // namespace hipwright
