//===- CompatHeader.cpp - hipwright's equivalents of CUDA-only calls -----===//
#include "port/CompatHeader.h"
#include "rules/EmbeddedRules.h"

namespace hipwright {

llvm::StringRef compatHeaderText() {
  for (unsigned I = 0; I < kEmbeddedCompatHeadersCount; ++I)
    if (kCompatHeaderName == kEmbeddedCompatHeaders[I].Name)
      return kEmbeddedCompatHeaders[I].Content;
  return "";
}

bool includesCompatHeader(llvm::StringRef Text) {
  std::string Line = "#include \"" + kCompatHeaderName.str() + "\"\n";
  return Text.contains(Line);
}

bool isCompatHeaderCopy(llvm::StringRef Text) {
  // Every version starts with this line (the header's own first line).
  return Text.starts_with("// " + kCompatHeaderName.str() + ": ");
}

} // namespace hipwright
