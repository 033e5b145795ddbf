//===- OutputCompare.cpp - is the port's output the original's? -----------===//
#include "verify/OutputCompare.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Regex.h"

#include <cmath>
#include <cstdlib>
#include <vector>

using namespace llvm;

namespace hipwright::verify {

namespace {

/// A line's pieces: numbers (with their value) and the text between them.
struct Piece {
  bool IsNumber = false;
  std::string Text;
  double Value = 0;
};

std::vector<Piece> pieces(StringRef Line) {
  std::vector<Piece> Out;
  size_t P = 0;
  std::string Text;
  while (P < Line.size()) {
    // A number starts with a digit, or a sign or '.' before a digit, and is
    // not the tail of a word (x86, sm_90 stay text).
    bool Start =
        isDigit(Line[P]) ||
        ((Line[P] == '-' || Line[P] == '+' || Line[P] == '.') &&
         P + 1 < Line.size() &&
         (isDigit(Line[P + 1]) ||
          (Line[P + 1] == '.' && P + 2 < Line.size() && isDigit(Line[P + 2]))));
    bool AfterWord = P > 0 && (isAlnum(Line[P - 1]) || Line[P - 1] == '_');
    if (Start && !AfterWord) {
      std::string Num = Line.substr(P).str();
      char *End = nullptr;
      double V = std::strtod(Num.c_str(), &End);
      size_t Len = End - Num.c_str();
      if (Len > 0) {
        if (!Text.empty())
          Out.push_back({false, std::move(Text), 0});
        Text.clear();
        Out.push_back({true, Num.substr(0, Len), V});
        P += Len;
        continue;
      }
    }
    Text += Line[P++];
  }
  if (!Text.empty())
    Out.push_back({false, std::move(Text), 0});
  return Out;
}

bool close(double A, double B, const CompareRules &R) {
  if (std::isnan(A) || std::isnan(B))
    return std::isnan(A) && std::isnan(B);
  if (A == B)
    return true;
  double Diff = std::fabs(A - B);
  return Diff <= R.Absolute ||
         Diff <= R.Relative * std::max(std::fabs(A), std::fabs(B));
}

/// The lines of \p Out with every match of an ignore pattern replaced by
/// "<masked>", trailing blanks and blank lines dropped.
std::vector<std::string> lines(StringRef Out, ArrayRef<Regex> Ignore) {
  SmallVector<StringRef, 64> Raw;
  Out.split(Raw, '\n');
  std::vector<std::string> Result;
  for (StringRef L : Raw) {
    std::string S = L.rtrim(" \t\r").str();
    for (const Regex &R : Ignore) {
      // Replace every match, left to right (an empty match stops).
      std::string Done;
      StringRef Rest = S;
      SmallVector<StringRef, 1> M;
      while (!Rest.empty() && R.match(Rest, &M) && !M[0].empty()) {
        size_t At = M[0].data() - Rest.data();
        Done += Rest.take_front(At).str() + "<masked>";
        Rest = Rest.drop_front(At + M[0].size());
      }
      S = Done + Rest.str();
    }
    if (!StringRef(S).trim().empty())
      Result.push_back(std::move(S));
  }
  return Result;
}

std::string quote(StringRef S) {
  return "'" + (S.size() > 80 ? S.take_front(80).str() + "..." : S.str()) + "'";
}

} // namespace

std::optional<std::string> compareOutputs(StringRef Reference, StringRef Port,
                                          const CompareRules &Rules) {
  std::vector<Regex> Ignore;
  for (const std::string &I : Rules.Ignore)
    Ignore.emplace_back(I, Regex::Newline);
  std::vector<std::string> A = lines(Reference, Ignore),
                           B = lines(Port, Ignore);
  for (size_t I = 0; I < std::min(A.size(), B.size()); ++I) {
    std::vector<Piece> PA = pieces(A[I]), PB = pieces(B[I]);
    bool Same = PA.size() == PB.size();
    for (size_t K = 0; Same && K < PA.size(); ++K) {
      if (PA[K].IsNumber != PB[K].IsNumber)
        Same = false;
      else if (PA[K].IsNumber)
        Same = close(PA[K].Value, PB[K].Value, Rules);
      else
        Same = PA[K].Text == PB[K].Text;
    }
    if (!Same)
      return "output line " + std::to_string(I + 1) + ": " + quote(B[I]) +
             " where the original printed " + quote(A[I]);
  }
  if (A.size() != B.size())
    return "output has " + std::to_string(B.size()) +
           " lines where the "
           "original printed " +
           std::to_string(A.size()) +
           (A.size() > B.size() ? "; first missing: " + quote(A[B.size()])
                                : "; first extra: " + quote(B[A.size()]));
  return std::nullopt;
}

} // namespace hipwright::verify
