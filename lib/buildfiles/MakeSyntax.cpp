//===- MakeSyntax.cpp - logical lines and words of a GNU Makefile ---------===//
#include "buildfiles/MakeSyntax.h"

using namespace llvm;

namespace hipwright {

std::vector<LogicalLine> logicalLines(StringRef T) {
  std::vector<LogicalLine> Out;
  size_t P = 0;
  while (P < T.size()) {
    size_t B = P;
    while (true) {
      size_t NL = T.find('\n', P);
      if (NL == StringRef::npos) {
        P = T.size();
        break;
      }
      // An odd number of backslashes before the newline continues the line.
      size_t K = NL;
      if (K > B && T[K - 1] == '\r')
        --K;
      size_t Bs = 0;
      while (K > B && T[K - 1] == '\\') {
        --K;
        ++Bs;
      }
      P = NL + 1;
      if (Bs % 2 == 0)
        break;
    }
    size_t E = P;
    while (E > B && (T[E - 1] == '\n' || T[E - 1] == '\r'))
      --E;
    Out.push_back({B, E, B < T.size() && T[B] == '\t'});
  }
  return Out;
}

std::vector<MakeWord> wordsOf(StringRef T, size_t B, size_t E, bool Recipe) {
  std::vector<MakeWord> Out;
  size_t P = B;
  auto Blank = [&](size_t I) {
    return T[I] == ' ' || T[I] == '\t' || T[I] == '\r' || T[I] == '\n' ||
           (T[I] == '\\' && I + 1 < E &&
            (T[I + 1] == '\n' || T[I + 1] == '\r'));
  };
  while (P < E) {
    if (Blank(P)) {
      ++P;
      continue;
    }
    // A make comment, or in a recipe the shell's.
    if (T[P] == '#')
      break;
    size_t S = P;
    unsigned Depth = 0;
    while (P < E && (Depth > 0 || !Blank(P))) {
      if (T[P] == '$' && P + 1 < E && (T[P + 1] == '(' || T[P + 1] == '{')) {
        ++Depth;
        P += 2;
        continue;
      }
      if ((T[P] == ')' || T[P] == '}') && Depth > 0)
        --Depth;
      else if (!Recipe && Depth == 0 && T[P] == '#')
        break;
      ++P;
    }
    Out.push_back({S, P, T.slice(S, P)});
  }
  return Out;
}

} // namespace hipwright
