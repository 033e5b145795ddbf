//===- Fingerprint.cpp - finding ids that survive unrelated edits ---------===//
#include "findings/Fingerprint.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <tuple>

using namespace llvm;

namespace hipwright {

/// \p Raw with leading and trailing whitespace dropped and each inner run
/// of spaces, tabs and CRs written as one space.
static std::string squeeze(StringRef Raw) {
  std::string Out;
  bool Space = false;
  for (char C : Raw.trim()) {
    if (C == ' ' || C == '\t' || C == '\r') {
      Space = true;
      continue;
    }
    if (Space && !Out.empty())
      Out += ' ';
    Space = false;
    Out += C;
  }
  return Out;
}

/// Longest squeezed line that enters a fingerprint as text. A longer one
/// (minified or generated code) enters as a hash of its text: otherwise each
/// of the many findings such a line can hold would copy and hash all of it.
static constexpr size_t kMaxLineInKey = 4096;

static std::string hex16(uint64_t H) {
  std::string Hex;
  raw_string_ostream(Hex) << format_hex_no_prefix(H, 16);
  return Hex;
}

static uint64_t hashOf(StringRef S) {
  return xxh3_64bits(
      ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(S.data()), S.size()));
}

namespace {

/// The squeezed text of a file's lines, asked for in ascending order: the
/// file is walked once, not from its top for every finding.
class LineCursor {
public:
  /// What line \p Line of \p File contributes to a fingerprint key.
  const std::string &
  keyText(StringRef File, unsigned Line,
          const std::function<StringRef(StringRef)> &Contents) {
    if (!Started || File != CurFile || Line < CurLine) {
      Started = true;
      CurFile = File.str();
      Rest = Contents(File);
      CurLine = 1;
      CachedLine = 0;
    }
    if (Line == CachedLine && CachedLine != 0)
      return Cached;
    for (; CurLine < Line && !Rest.empty(); ++CurLine)
      Rest = Rest.split('\n').second;
    Cached = squeeze(Rest.split('\n').first);
    if (Cached.size() > kMaxLineInKey)
      Cached = "\x01xxh3:" + hex16(hashOf(Cached));
    CachedLine = Line;
    return Cached;
  }

private:
  bool Started = false;
  std::string CurFile;
  StringRef Rest;       ///< the file from the start of line CurLine
  unsigned CurLine = 0; ///< past the end of the file, Rest stays empty
  unsigned CachedLine = 0;
  std::string Cached;
};

} // namespace

void assignFingerprints(
    std::vector<Finding> &Findings,
    const std::function<StringRef(StringRef)> &Contents,
    const std::function<std::string(StringRef)> &RelativePath) {
  // Rank within equal keys in source order, independent of input order.
  std::vector<size_t> Order(Findings.size());
  std::iota(Order.begin(), Order.end(), 0);
  std::stable_sort(Order.begin(), Order.end(), [&](size_t A, size_t B) {
    const Finding &X = Findings[A], &Y = Findings[B];
    return std::tie(X.File, X.Line, X.Column, X.RuleId) <
           std::tie(Y.File, Y.Line, Y.Column, Y.RuleId);
  });
  std::map<std::string, unsigned> Seen;
  LineCursor Lines;
  for (size_t I : Order) {
    Finding &F = Findings[I];
    std::string Key = F.RuleId + '\0' + RelativePath(F.File) + '\0' +
                      Lines.keyText(F.File, F.Line, Contents);
    unsigned Rank = Seen[Key]++;
    Key += '\0' + std::to_string(Rank);
    F.Fingerprint = hex16(hashOf(Key));
  }
}

} // namespace hipwright
