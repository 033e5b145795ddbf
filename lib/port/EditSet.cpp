//===- EditSet.cpp - translation edits merged across TUs ------------------===//
#include "port/EditSet.h"

#include <algorithm>
#include <tuple>

namespace hipwright {

void EditSet::add(Replacement R) { ByFile[R.File].push_back(std::move(R)); }

void EditSet::addAll(const std::vector<Replacement> &Rs) {
  for (const Replacement &R : Rs)
    add(R);
}

std::vector<std::string> EditSet::files() const {
  std::vector<std::string> Out;
  for (auto &[F, _] : ByFile)
    Out.push_back(F);
  return Out;
}

static bool overlaps(const Replacement &A, const Replacement &B) {
  // Two insertions at one offset collide (their order would be a guess); an
  // insertion at the start or the end of a replaced range does not: it goes
  // before, or after, the replacement (editsFor sorts insertions first).
  if (A.Offset == B.Offset)
    return (A.Length == 0) == (B.Length == 0);
  return A.Offset < B.Offset + B.Length && B.Offset < A.Offset + A.Length;
}

std::vector<Replacement> EditSet::editsFor(llvm::StringRef File) {
  auto It = ByFile.find(File);
  if (It == ByFile.end())
    return {};
  std::vector<Replacement> Edits = It->second;
  std::sort(Edits.begin(), Edits.end(), [](auto &A, auto &B) {
    return std::tie(A.Offset, A.Length, A.Text) <
           std::tie(B.Offset, B.Length, B.Text);
  });
  Edits.erase(std::unique(Edits.begin(), Edits.end()), Edits.end());
  std::vector<Replacement> Out;
  for (Replacement &R : Edits) {
    if (!Out.empty() && overlaps(Out.back(), R)) {
      Conflicts.push_back({std::string(File), Out.back(), R});
      continue;
    }
    Out.push_back(std::move(R));
  }
  return Out;
}

void alignLineContinuations(llvm::StringRef Original,
                            std::vector<Replacement> &Edits) {
  std::vector<Replacement> Added;
  size_t I = 0;
  while (I < Edits.size()) {
    // The line holding this edit, and the edits that fall on it.
    size_t LineStart = Original.rfind('\n', Edits[I].Offset);
    LineStart = LineStart == llvm::StringRef::npos ? 0 : LineStart + 1;
    size_t LineEnd = Original.find('\n', Edits[I].Offset);
    if (LineEnd == llvm::StringRef::npos)
      LineEnd = Original.size();
    long Delta = 0;
    bool Simple = true;
    size_t J = I;
    // Edit I is on this line even where it sits at the line's very end (an
    // insertion on an empty line starts at its '\n').
    for (; J < Edits.size() && (J == I || Edits[J].Offset < LineEnd); ++J) {
      const Replacement &R = Edits[J];
      Simple &= R.Text.find('\n') == std::string::npos &&
                R.Offset + R.Length <= LineEnd;
      Delta += long(R.Text.size()) - long(R.Length);
    }
    llvm::StringRef Line = Original.slice(LineStart, LineEnd).rtrim('\r');
    if (Simple && Delta != 0 && Line.ends_with("\\")) {
      llvm::StringRef Body = Line.drop_back();
      size_t Spaces = Body.size() - Body.rtrim(' ').size();
      size_t SpaceStart = LineStart + Body.size() - Spaces;
      // Only runs of 2+ spaces are alignment; edits must not touch them.
      bool Free = Spaces >= 2 && (J == I || Edits[J - 1].Offset +
                                                    Edits[J - 1].Length <=
                                                SpaceStart);
      if (Free) {
        long Want = std::max(1L, long(Spaces) - Delta);
        Added.push_back({Edits[I].File, unsigned(SpaceStart),
                         unsigned(Spaces), std::string(Want, ' ')});
      }
    }
    I = J;
  }
  if (Added.empty())
    return;
  Edits.insert(Edits.end(), Added.begin(), Added.end());
  std::sort(Edits.begin(), Edits.end(), [](auto &A, auto &B) {
    return std::tie(A.Offset, A.Length) < std::tie(B.Offset, B.Length);
  });
}

std::string applyEdits(llvm::StringRef Original,
                       const std::vector<Replacement> &Edits) {
  std::string Out;
  Out.reserve(Original.size() + 64);
  unsigned Pos = 0;
  for (const Replacement &R : Edits) {
    if (R.Offset < Pos || R.Offset + R.Length > Original.size())
      continue; // defensive: editsFor() never yields these
    Out.append(Original.data() + Pos, R.Offset - Pos);
    Out += R.Text;
    Pos = R.Offset + R.Length;
  }
  Out.append(Original.data() + Pos, Original.size() - Pos);
  return Out;
}

} // namespace hipwright
