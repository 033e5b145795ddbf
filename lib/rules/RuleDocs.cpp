//===- RuleDocs.cpp - the analyzer rules' doc pages -----------------------===//
#include "rules/RuleDocs.h"
#include "rules/EmbeddedRules.h"

namespace hipwright {

llvm::StringRef ruleDocPage(llvm::StringRef Id) {
  for (unsigned I = 0; I < kEmbeddedRuleDocsCount; ++I) {
    llvm::StringRef Name =
        kEmbeddedRuleDocs[I].Name ? kEmbeddedRuleDocs[I].Name : "";
    if (Name.consume_back(".md") && Name == Id)
      return kEmbeddedRuleDocs[I].Content;
  }
  return "";
}

} // namespace hipwright
