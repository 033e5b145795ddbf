//===- UnifiedDiff.cpp - `diff -u` of two texts ---------------------------===//
#include "port/UnifiedDiff.h"

#include "llvm/ADT/SmallVector.h"

#include <algorithm>
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

/// Myers' greedy O((N+M)D) shortest edit script. Translations change few
/// lines, so D is small and this stays fast on large files.
std::vector<Step> shortestEdit(const std::vector<StringRef> &A,
                               const std::vector<StringRef> &B) {
  long N = A.size(), M = B.size(), Max = N + M;
  std::vector<long> V(2 * Max + 2, 0);
  std::vector<std::vector<long>> Trace;
  long Offset = Max + 1;
  for (long D = 0; D <= Max; ++D) {
    Trace.push_back(V);
    for (long K = -D; K <= D; K += 2) {
      long X;
      if (K == -D || (K != D && V[Offset + K - 1] < V[Offset + K + 1]))
        X = V[Offset + K + 1];
      else
        X = V[Offset + K - 1] + 1;
      long Y = X - K;
      while (X < N && Y < M && A[X] == B[Y])
        ++X, ++Y;
      V[Offset + K] = X;
      if (X >= N && Y >= M) {
        // Walk the trace back to recover the script.
        std::vector<Step> Steps;
        long CX = N, CY = M;
        for (long DD = D; DD > 0; --DD) {
          const std::vector<long> &PV = Trace[DD];
          long CK = CX - CY;
          long PK = (CK == -DD || (CK != DD && PV[Offset + CK - 1] <
                                                  PV[Offset + CK + 1]))
                        ? CK + 1
                        : CK - 1;
          long PX = PV[Offset + PK], PY = PX - PK;
          while (CX > PX && CY > PY)
            Steps.push_back({Op::Keep, size_t(--CX), size_t(--CY)});
          if (CX == PX)
            Steps.push_back({Op::Add, size_t(CX), size_t(--CY)});
          else
            Steps.push_back({Op::Del, size_t(--CX), size_t(CY)});
        }
        while (CX > 0 && CY > 0)
          Steps.push_back({Op::Keep, size_t(--CX), size_t(--CY)});
        std::reverse(Steps.begin(), Steps.end());
        return Steps;
      }
    }
  }
  return {};
}

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
  std::vector<Step> Steps = shortestEdit(A, B);
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
    Out += "@@ -" + std::to_string(AStart) + "," + std::to_string(ALen) +
           " +" + std::to_string(BStart) + "," + std::to_string(BLen) +
           " @@\n";
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
