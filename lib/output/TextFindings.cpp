//===- TextFindings.cpp - findings as compiler diagnostics ----------------===//
#include "output/TextFindings.h"
#include "support/LineIndex.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <tuple>

using namespace llvm;

namespace hipwright {

void sortFindings(std::vector<Finding> &Findings) {
  std::stable_sort(Findings.begin(), Findings.end(),
                   [](const Finding &A, const Finding &B) {
                     return std::tie(A.File, A.Line, A.Column, A.RuleId) <
                            std::tie(B.File, B.Line, B.Column, B.RuleId);
                   });
}

std::string displayPath(StringRef AbsolutePath) {
  SmallString<256> Cwd;
  if (!sys::fs::current_path(Cwd)) {
    StringRef P = AbsolutePath;
    if (P.consume_front(Cwd) && P.consume_front("/"))
      return P.str();
  }
  return AbsolutePath.str();
}

void printFindingsText(const std::vector<Finding> &Findings, raw_ostream &OS,
                       bool Color) {
  // Each file is read and indexed once: finding the quoted line is then a
  // lookup, not a walk from the top of the file for every finding.
  struct Source {
    std::unique_ptr<MemoryBuffer> Buf;
    std::optional<LineIndex> Lines;
  };
  std::map<std::string, Source> Files;
  auto LineOf = [&](const Finding &F) -> StringRef {
    auto [It, New] = Files.try_emplace(F.File);
    Source &S = It->second;
    if (New)
      if (auto B = MemoryBuffer::getFile(F.File)) {
        S.Buf = std::move(*B);
        S.Lines.emplace(S.Buf->getBuffer());
      }
    if (!S.Lines)
      return "";
    return S.Lines->lineText(F.Line).rtrim("\r");
  };
  for (const Finding &F : Findings) {
    std::string Where = displayPath(F.File) + ":" + std::to_string(F.Line) +
                        ":" + std::to_string(F.Column) + ": ";
    if (Color)
      OS.changeColor(raw_ostream::SAVEDCOLOR, true);
    OS << Where;
    if (Color)
      OS.changeColor(F.Level == Severity::Error     ? raw_ostream::RED
                     : F.Level == Severity::Warning ? raw_ostream::MAGENTA
                                                    : raw_ostream::CYAN,
                     true);
    OS << toString(F.Level) << ": ";
    if (Color)
      OS.changeColor(raw_ostream::SAVEDCOLOR, true);
    OS << F.Message << " [" << F.RuleId << "]";
    if (Color)
      OS.resetColor();
    OS << "\n";
    StringRef Line = LineOf(F);
    if (!Line.empty()) {
      OS << Line << "\n";
      std::string Caret;
      for (unsigned I = 1; I < F.Column && I <= Line.size(); ++I)
        Caret += Line[I - 1] == '\t' ? '\t' : ' ';
      if (Color)
        OS.changeColor(raw_ostream::GREEN, true);
      OS << Caret << "^";
      if (Color)
        OS.resetColor();
      OS << "\n";
    }
    if (!F.Suggestion.empty())
      OS << Where << "note: " << F.Suggestion << "\n";
  }
}

} // namespace hipwright
