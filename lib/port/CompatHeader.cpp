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

bool addCompatIncludeForFixes(std::string &Text) {
  llvm::StringRef T(Text);
  // The functions of the header that fix-its and the AST's rewrites write,
  // not the rules table's (those are included by the translation itself).
  bool Calls = T.contains("hipwright_device_warp_size()") ||
               T.contains("cooperative_groups::hipwright_shfl");
  if (!Calls || includesCompatHeader(T) ||
      isCompatHeaderCopy(T)) // the header itself defines it
    return false;
  std::string Line = "#include \"" + kCompatHeaderName.str() + "\"\n";
  size_t At = llvm::StringRef::npos;
  for (llvm::StringRef Runtime :
       {"#include <hip/hip_runtime.h>\n", "#include \"hip/hip_runtime.h\"\n"})
    if (size_t P = T.find(Runtime);
        P != llvm::StringRef::npos && (P == 0 || T[P - 1] == '\n')) {
      At = P + Runtime.size();
      break;
    }
  if (At == llvm::StringRef::npos)
    for (size_t P = T.find("#include"); P != llvm::StringRef::npos;
         P = T.find("#include", P + 1))
      if (P == 0 || T[P - 1] == '\n') {
        At = P;
        break;
      }
  if (At == llvm::StringRef::npos)
    At = T.starts_with("\xEF\xBB\xBF") ? 3 : 0; // after a byte order mark
  Text.insert(At, Line);
  return true;
}

bool isCompatHeaderCopy(llvm::StringRef Text) {
  // Every version starts with this line (the header's own first line).
  return Text.starts_with("// " + kCompatHeaderName.str() + ": ");
}

} // namespace hipwright
