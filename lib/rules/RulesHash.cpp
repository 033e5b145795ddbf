//===- RulesHash.cpp - which rules tables are compiled in -----------------===//
#include "rules/RulesHash.h"

#include "rules/EmbeddedRules.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SHA256.h"

#include <cstring>

namespace hipwright {

const std::string &rulesContentHash() {
  static const std::string Hash = [] {
    llvm::SHA256 H;
    // The embedding sorts the files by name, so the order is stable.
    for (unsigned I = 0; I < kEmbeddedRuleFilesCount; ++I) {
      const EmbeddedRuleFile &F = kEmbeddedRuleFiles[I];
      if (!F.Name)
        continue;
      // Length-prefixed, so moving text between files changes the hash.
      H.update(llvm::StringRef(F.Name));
      H.update(std::to_string(std::strlen(F.Content)));
      H.update(llvm::StringRef(F.Content));
    }
    auto Digest = H.final();
    return llvm::toHex(Digest, /*LowerCase=*/true).substr(0, 12);
  }();
  return Hash;
}

} // namespace hipwright
