//===- EditSet.cpp - translation edits merged across TUs ------------------===//
#include "edit/EditSet.h"

#include <algorithm>
#include <iterator>
#include <optional>
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
  // Two insertions at one offset collide as well (which goes first?). An
  // insertion at the start of a replaced range does not: it goes before it
  // (the implicit include before a file's first token, which may be a CUDA
  // name to rename); nor does one at the end of a replaced range.
  if (A.Offset == B.Offset && A.Length == 0 && B.Length == 0)
    return true;
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
    // The line holding this edit, and the edits that fall on it. An edit at
    // the line's '\n' (an insertion at its end), or at the end of a file
    // that is empty or lacks a final newline, belongs to this line too:
    // the group always takes at least Edits[I], so the loop always advances.
    size_t LineStart = Original.rfind('\n', Edits[I].Offset);
    LineStart = LineStart == llvm::StringRef::npos ? 0 : LineStart + 1;
    size_t LineEnd = Original.find('\n', Edits[I].Offset);
    if (LineEnd == llvm::StringRef::npos)
      LineEnd = Original.size();
    long Delta = 0;
    bool Simple = true;
    size_t J = I;
    do {
      const Replacement &R = Edits[J];
      Simple &= R.Text.find('\n') == std::string::npos &&
                R.Offset + R.Length <= LineEnd;
      Delta += long(R.Text.size()) - long(R.Length);
      ++J;
    } while (J < Edits.size() && Edits[J].Offset <= LineEnd);
    llvm::StringRef Line = Original.slice(LineStart, LineEnd).rtrim('\r');
    if (Simple && Delta != 0 && Line.ends_with("\\")) {
      llvm::StringRef Body = Line.drop_back();
      size_t Spaces = Body.size() - Body.rtrim(' ').size();
      size_t SpaceStart = LineStart + Body.size() - Spaces;
      // Only runs of 2+ spaces are alignment; the line's edits must all lie
      // before them (one after the `\` would not move it).
      bool Free = Spaces >= 2 &&
                  Edits[J - 1].Offset + Edits[J - 1].Length <= SpaceStart;
      if (Free) {
        long Want = std::max(1L, long(Spaces) - Delta);
        Added.push_back({Edits[I].File, unsigned(SpaceStart), unsigned(Spaces),
                         std::string(Want, ' ')});
      }
    }
    I = J;
  }
  if (Added.empty())
    return;
  // Both lists are sorted and an added edit never overlaps another: merge
  // them in linear time.
  std::vector<Replacement> Merged;
  Merged.reserve(Edits.size() + Added.size());
  std::merge(std::make_move_iterator(Edits.begin()),
             std::make_move_iterator(Edits.end()),
             std::make_move_iterator(Added.begin()),
             std::make_move_iterator(Added.end()), std::back_inserter(Merged),
             [](const Replacement &A, const Replacement &B) {
               return std::tie(A.Offset, A.Length) <
                      std::tie(B.Offset, B.Length);
             });
  Edits = std::move(Merged);
}

namespace {

/// Tells whether the line break ending the line that holds an offset (or,
/// on a last line without one, the line break before it) is CRLF. Offsets
/// must come in ascending order; each byte of the file is searched at most
/// twice, however many edits ask.
class LineEndingProbe {
public:
  explicit LineEndingProbe(llvm::StringRef Text) : Text(Text) {}

  bool crlfAt(size_t Offset) {
    if (!NextNl || (*NextNl != llvm::StringRef::npos && *NextNl < Offset))
      NextNl = Text.find('\n', Offset);
    size_t Nl = *NextNl;
    if (Nl == llvm::StringRef::npos) {
      // No line break after Offset: the file's last one is before it.
      if (!LastNl)
        LastNl = Text.rfind('\n');
      Nl = *LastNl;
    }
    return Nl != llvm::StringRef::npos && Nl > 0 && Text[Nl - 1] == '\r';
  }

private:
  llvm::StringRef Text;
  std::optional<size_t> NextNl, LastNl;
};

} // namespace

/// Appends \p Text with each bare '\n' written as "\r\n".
static void appendWithCrlf(std::string &Out, llvm::StringRef Text) {
  for (size_t I = 0; I < Text.size(); ++I) {
    if (Text[I] == '\n' && (I == 0 || Text[I - 1] != '\r'))
      Out += '\r';
    Out += Text[I];
  }
}

std::string applyEdits(llvm::StringRef Original,
                       const std::vector<Replacement> &Edits) {
  std::string Out;
  Out.reserve(Original.size() + 64);
  size_t Pos = 0;
  LineEndingProbe Endings(Original);
  for (const Replacement &R : Edits) {
    if (R.Offset < Pos || size_t(R.Offset) + R.Length > Original.size())
      continue; // defensive: editsFor() never yields these
    Out.append(Original.data() + Pos, R.Offset - Pos);
    // Edits spell line breaks as '\n'; in lines that end in CRLF the new
    // lines must too, or the file ends up with mixed line endings.
    if (R.Text.find('\n') != std::string::npos && Endings.crlfAt(R.Offset))
      appendWithCrlf(Out, R.Text);
    else
      Out += R.Text;
    Pos = R.Offset + R.Length;
  }
  Out.append(Original.data() + Pos, Original.size() - Pos);
  return Out;
}

} // namespace hipwright
