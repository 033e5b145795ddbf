//===- ApplyConfig.cpp - per-file .hipwright.yaml on findings -------------===//
#include "findings/ApplyConfig.h"

#include "llvm/Support/Path.h"

using namespace llvm;

namespace hipwright {

Expected<std::vector<Finding>> applyConfig(std::vector<Finding> Findings,
                                           ConfigResolver &Configs,
                                           StringRef Root) {
  std::vector<Finding> Kept;
  for (Finding &F : Findings) {
    Expected<const Config *> Cfg = Configs.forFile(F.File);
    if (!Cfg)
      return Cfg.takeError();
    // Exclude globs are relative to the directory of the file that wrote
    // them, as .gitignore's are.
    StringRef Dir = (*Cfg)->Source.empty()
                        ? Root
                        : sys::path::parent_path((*Cfg)->Source);
    StringRef Rel = F.File;
    if (Rel.consume_front(Dir))
      Rel = Rel.ltrim('/');
    if ((*Cfg)->excludes(Rel) || !(*Cfg)->ruleEnabled(F.RuleId))
      continue;
    F.Level = (*Cfg)->severityFor(F);
    Kept.push_back(std::move(F));
  }
  return Kept;
}

} // namespace hipwright
