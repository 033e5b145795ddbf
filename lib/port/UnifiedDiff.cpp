//===- UnifiedDiff.cpp - `diff -u` of two texts ---------------------------===//
#include "port/UnifiedDiff.h"

#include "llvm/ADT/DenseMap.h"

#include <algorithm>
#include <cstdint>
#include <vector>

using namespace llvm;

namespace hipwright {
namespace {

enum class Op { Keep, Del, Add };
struct Step {
  Op Kind;
  size_t A; ///< line index in Before (Keep, Del)
  size_t B; ///< line index in After (Keep, Add)
};

std::vector<StringRef> splitLines(StringRef Text) {
  std::vector<StringRef> Lines;
  while (!Text.empty()) {
    size_t Nl = Text.find('\n');
    size_t Len = Nl == StringRef::npos ? Text.size() : Nl + 1;
    Lines.push_back(Text.take_front(Len));
    Text = Text.drop_front(Len);
  }
  return Lines;
}

/// Each line as a small integer, equal lines equal: comparing two lines is
/// then one integer compare, however long they are (a 2 MB one-line file
/// is compared once, when it is interned).
struct InternedLines {
  std::vector<unsigned> A, B;
  unsigned Distinct = 0;
};

InternedLines intern(const std::vector<StringRef> &A,
                     const std::vector<StringRef> &B) {
  InternedLines Out;
  DenseMap<StringRef, unsigned> Ids;
  auto IdOf = [&](StringRef L) {
    auto [It, New] = Ids.try_emplace(L, Out.Distinct);
    if (New)
      ++Out.Distinct;
    return It->second;
  };
  for (StringRef L : A)
    Out.A.push_back(IdOf(L));
  for (StringRef L : B)
    Out.B.push_back(IdOf(L));
  return Out;
}

/// A line diff whose cost grows linearly with the texts. Lines that occur
/// exactly once in each text are matched first (the longest run of them in
/// the same order, as in patience diff); between those anchors, Myers'
/// greedy O((N+M)D) shortest edit script runs with D bounded. A stretch that
/// needs more than kMaxEdits line edits is shown as removed and re-added:
/// still a correct diff, not always the shortest one. Exact Myers over a
/// whole file costs O((N+M)D), quadratic when every line of a big file is
/// translated (and its trace took O((N+M)D) memory).
class LineDiff {
public:
  explicit LineDiff(const InternedLines &L) : L(L) {}

  std::vector<Step> run() {
    size_t PrevA = 0, PrevB = 0;
    for (auto [X, Y] : anchors()) {
      gap(PrevA, X, PrevB, Y);
      Steps.push_back({Op::Keep, X, Y});
      PrevA = X + 1;
      PrevB = Y + 1;
    }
    gap(PrevA, L.A.size(), PrevB, L.B.size());
    return std::move(Steps);
  }

private:
  static constexpr long kMaxEdits = 512;
  const InternedLines &L;
  std::vector<Step> Steps;

  /// Lines unique in both texts, as (line in A, line in B), keeping the
  /// longest subsequence increasing in both.
  std::vector<std::pair<size_t, size_t>> anchors() const {
    std::vector<unsigned> CountA(L.Distinct), CountB(L.Distinct);
    std::vector<size_t> PosB(L.Distinct);
    for (unsigned Id : L.A)
      ++CountA[Id];
    for (size_t Y = 0; Y < L.B.size(); ++Y) {
      ++CountB[L.B[Y]];
      PosB[L.B[Y]] = Y;
    }
    std::vector<std::pair<size_t, size_t>> Cand;
    for (size_t X = 0; X < L.A.size(); ++X) {
      unsigned Id = L.A[X];
      if (CountA[Id] == 1 && CountB[Id] == 1)
        Cand.push_back({X, PosB[Id]});
    }
    // Longest increasing subsequence in Y (patience sorting): Tails[K] is
    // the candidate ending the best run of length K + 1 found so far.
    std::vector<size_t> Tails, Prev(Cand.size(), SIZE_MAX);
    for (size_t I = 0; I < Cand.size(); ++I) {
      auto It = std::lower_bound(
          Tails.begin(), Tails.end(), Cand[I].second,
          [&](size_t T, size_t Y) { return Cand[T].second < Y; });
      if (It != Tails.begin())
        Prev[I] = *(It - 1);
      if (It == Tails.end())
        Tails.push_back(I);
      else
        *It = I;
    }
    std::vector<std::pair<size_t, size_t>> Out;
    for (size_t I = Tails.empty() ? SIZE_MAX : Tails.back(); I != SIZE_MAX;
         I = Prev[I])
      Out.push_back(Cand[I]);
    std::reverse(Out.begin(), Out.end());
    return Out;
  }

  /// Lines [A0, A1) of A against [B0, B1) of B.
  void gap(size_t A0, size_t A1, size_t B0, size_t B1) {
    while (A0 < A1 && B0 < B1 && L.A[A0] == L.B[B0])
      Steps.push_back({Op::Keep, A0++, B0++});
    size_t Suffix = 0;
    while (A1 - Suffix > A0 && B1 - Suffix > B0 &&
           L.A[A1 - Suffix - 1] == L.B[B1 - Suffix - 1])
      ++Suffix;
    A1 -= Suffix;
    B1 -= Suffix;
    if (!boundedMyers(A0, A1, B0, B1)) {
      for (size_t X = A0; X < A1; ++X)
        Steps.push_back({Op::Del, X, B0});
      for (size_t Y = B0; Y < B1; ++Y)
        Steps.push_back({Op::Add, A1, Y});
    }
    for (size_t I = 0; I < Suffix; ++I)
      Steps.push_back({Op::Keep, A1 + I, B1 + I});
  }

  /// Myers' greedy shortest edit script of the two ranges, appended to
  /// Steps; false (and nothing appended) when it needs over kMaxEdits edits.
  bool boundedMyers(size_t A0, size_t A1, size_t B0, size_t B1) {
    long N = A1 - A0, M = B1 - B0;
    long MaxD = std::min(N + M, kMaxEdits);
    long Offset = MaxD + 1;
    std::vector<long> V(2 * MaxD + 3, 0);
    // Trace holds, for each D, V[-D..D] as it was before step D: the slice
    // for D starts at D * D.
    std::vector<long> Trace;
    auto At = [&](long D, long K) { return Trace[D * D + (K + D)]; };
    for (long D = 0; D <= MaxD; ++D) {
      Trace.insert(Trace.end(), V.begin() + Offset - D,
                   V.begin() + Offset + D + 1);
      for (long K = -D; K <= D; K += 2) {
        long X;
        if (K == -D || (K != D && V[Offset + K - 1] < V[Offset + K + 1]))
          X = V[Offset + K + 1];
        else
          X = V[Offset + K - 1] + 1;
        long Y = X - K;
        while (X < N && Y < M && L.A[A0 + X] == L.B[B0 + Y])
          ++X, ++Y;
        V[Offset + K] = X;
        if (X >= N && Y >= M) {
          // Walk the trace back to recover the script.
          std::vector<Step> Rev;
          long CX = N, CY = M;
          for (long DD = D; DD > 0; --DD) {
            long CK = CX - CY;
            long PK =
                (CK == -DD || (CK != DD && At(DD, CK - 1) < At(DD, CK + 1)))
                    ? CK + 1
                    : CK - 1;
            long PX = At(DD, PK), PY = PX - PK;
            while (CX > PX && CY > PY)
              --CX, --CY, Rev.push_back({Op::Keep, A0 + CX, B0 + CY});
            if (CX == PX)
              --CY, Rev.push_back({Op::Add, A0 + CX, B0 + CY});
            else
              --CX, Rev.push_back({Op::Del, A0 + CX, B0 + CY});
          }
          while (CX > 0 && CY > 0)
            --CX, --CY, Rev.push_back({Op::Keep, A0 + CX, B0 + CY});
          Steps.insert(Steps.end(), Rev.rbegin(), Rev.rend());
          return true;
        }
      }
    }
    return false;
  }
};

void appendLine(std::string &Out, char Prefix, StringRef Line) {
  Out += Prefix;
  Out += Line.str();
  if (!Line.ends_with("\n"))
    Out += "\n\\ No newline at end of file\n";
}

} // namespace

std::string unifiedDiff(StringRef Before, StringRef After, StringRef OldName,
                        StringRef NewName) {
  if (Before == After)
    return "";
  std::vector<StringRef> A = splitLines(Before), B = splitLines(After);
  std::vector<Step> Steps = LineDiff(intern(A, B)).run();
  const size_t Context = 3;
  std::string Out =
      "--- a/" + OldName.str() + "\n+++ b/" + NewName.str() + "\n";
  size_t I = 0;
  while (I < Steps.size()) {
    if (Steps[I].Kind == Op::Keep) {
      ++I;
      continue;
    }
    // A hunk: from Context lines before this change to Context lines after
    // the last change that is within 2*Context keeps of the previous one.
    size_t HunkStart = I >= Context ? I - Context : 0;
    size_t End = I;
    size_t Keeps = 0;
    for (size_t J = I; J < Steps.size(); ++J) {
      if (Steps[J].Kind == Op::Keep) {
        if (++Keeps > 2 * Context)
          break;
      } else {
        Keeps = 0;
        End = J;
      }
    }
    size_t HunkEnd = std::min(Steps.size(), End + 1 + Context);
    size_t ALen = 0, BLen = 0;
    for (size_t J = HunkStart; J < HunkEnd; ++J) {
      ALen += Steps[J].Kind != Op::Add;
      BLen += Steps[J].Kind != Op::Del;
    }
    const Step &First = Steps[HunkStart];
    size_t AStart = ALen ? First.A + 1 : First.A;
    size_t BStart = BLen ? First.B + 1 : First.B;
    Out += "@@ -" + std::to_string(AStart) + "," + std::to_string(ALen) + " +" +
           std::to_string(BStart) + "," + std::to_string(BLen) + " @@\n";
    for (size_t J = HunkStart; J < HunkEnd; ++J) {
      const Step &S = Steps[J];
      if (S.Kind == Op::Keep)
        appendLine(Out, ' ', A[S.A]);
      else if (S.Kind == Op::Del)
        appendLine(Out, '-', A[S.A]);
      else
        appendLine(Out, '+', B[S.B]);
    }
    I = HunkEnd;
  }
  return Out;
}

} // namespace hipwright
