//===- RocmVersion.cpp - a ROCm release, major.minor ----------------------===//
#include "rules/RocmVersion.h"

#include "llvm/ADT/SmallVector.h"

namespace hipwright {

std::optional<RocmVersion> RocmVersion::parse(llvm::StringRef Text) {
  llvm::SmallVector<llvm::StringRef, 3> Parts;
  Text.trim().split(Parts, '.');
  if (Parts.empty() || Parts.size() > 3)
    return std::nullopt;
  unsigned Numbers[3] = {0, 0, 0};
  for (size_t I = 0; I < Parts.size(); ++I)
    // getAsInteger also rejects an empty part ("6." or ".2").
    if (Parts[I].getAsInteger(10, Numbers[I]))
      return std::nullopt;
  return RocmVersion{Numbers[0], Numbers[1]};
}

std::string RocmVersion::str() const {
  return std::to_string(Major) + "." + std::to_string(Minor);
}

} // namespace hipwright
