//===- Suppressions.cpp - NOLINT comments ---------------------------------===//
#include "findings/Suppressions.h"

#include "frontend/RawLexer.h"
#include "support/LineIndex.h"

#include "llvm/ADT/SmallVector.h"

using namespace llvm;

namespace hipwright {

namespace {

struct Marker {
  enum Kind { Line, NextLine, Begin, End } K;
  unsigned LineNo, Column;
  std::vector<std::string> Rules;
  std::string RuleText; ///< as written, to pair BEGIN with END
};

/// Reads the NOLINT markers in one comment.
void scanComment(StringRef Comment, unsigned LineNo, unsigned Column,
                 std::vector<Marker> &Out) {
  size_t At = 0;
  while ((At = Comment.find("NOLINT", At)) != StringRef::npos) {
    StringRef Rest = Comment.substr(At + 6);
    Marker::Kind K = Marker::Line;
    if (Rest.consume_front("NEXTLINE"))
      K = Marker::NextLine;
    else if (Rest.consume_front("BEGIN"))
      K = Marker::Begin;
    else if (Rest.consume_front("END"))
      K = Marker::End;
    Marker M{K,
             LineNo + unsigned(Comment.take_front(At).count('\n')),
             Column,
             {},
             ""};
    if (Rest.starts_with("(")) {
      size_t Close = Rest.find(')');
      if (Close != StringRef::npos) {
        M.RuleText = Rest.slice(1, Close).str();
        SmallVector<StringRef, 4> Ids;
        StringRef(M.RuleText).split(Ids, ',', -1, false);
        for (StringRef Id : Ids)
          if (!Id.trim().empty())
            M.Rules.push_back(Id.trim().str());
      }
    }
    Out.push_back(std::move(M));
    At += 6;
  }
}

Finding problem(StringRef File, const Marker &M, std::string Message) {
  Finding F;
  F.RuleId = unmatchedNolintRule().Id;
  F.Level = unmatchedNolintRule().DefaultLevel;
  F.File = File.str();
  F.Line = M.LineNo;
  F.Column = M.Column;
  F.Message = std::move(Message);
  return F;
}

} // namespace

FileSuppressions parseSuppressions(StringRef File, StringRef Buffer) {
  std::vector<Marker> Markers;
  if (Buffer.contains("NOLINT")) {
    RawLexOptions Opts;
    Opts.KeepComments = true;
    LineIndex Lines(Buffer);
    for (const RawToken &Tok :
         lexRawTokens(Buffer, rawScanLangOptions(), Opts)) {
      if (!Tok.is(clang::tok::comment))
        continue;
      auto [LineNo, Col] = Lines.lineAndColumn(Tok.Offset);
      scanComment(Tok.Text, LineNo, Col, Markers);
    }
  }

  FileSuppressions S;
  std::vector<const Marker *> Open;
  for (const Marker &M : Markers) {
    for (const std::string &R : M.Rules)
      S.Entries.push_back({M.LineNo, M.Column, R});
    switch (M.K) {
    case Marker::Line:
      S.Ranges.push_back({M.LineNo, M.LineNo, M.Rules});
      break;
    case Marker::NextLine:
      S.Ranges.push_back({M.LineNo + 1, M.LineNo + 1, M.Rules});
      break;
    case Marker::Begin:
      Open.push_back(&M);
      break;
    case Marker::End: {
      // Pairs with the innermost BEGIN naming the same rules.
      auto It = std::find_if(Open.rbegin(), Open.rend(), [&](const Marker *B) {
        return B->Rules == M.Rules;
      });
      if (It == Open.rend()) {
        S.Problems.push_back(problem(File, M,
                                     "NOLINTEND(" + M.RuleText +
                                         ") has no matching NOLINTBEGIN"));
        break;
      }
      S.Ranges.push_back({(*It)->LineNo, M.LineNo, (*It)->Rules});
      Open.erase(std::next(It).base());
      break;
    }
    }
  }
  for (const Marker *B : Open)
    S.Problems.push_back(problem(File, *B,
                                 "NOLINTBEGIN(" + B->RuleText +
                                     ") has no matching NOLINTEND; it "
                                     "suppresses nothing"));
  return S;
}

bool isSuppressed(const FileSuppressions &S, const Finding &F) {
  for (const SuppressionRange &R : S.Ranges) {
    if (F.Line < R.FirstLine || F.Line > R.LastLine)
      continue;
    if (R.Rules.empty())
      return true;
    for (const std::string &P : R.Rules)
      if (ruleMatches(P, F.RuleId))
        return true;
  }
  return false;
}

const RuleInfo &unmatchedNolintRule() {
  static const RuleInfo Rule{
      "nolint.unmatched", Severity::Warning,
      "a NOLINTBEGIN without NOLINTEND, or the reverse",
      "An unmatched NOLINTBEGIN suppresses nothing; pair it with a NOLINTEND "
      "naming the same rules."};
  return Rule;
}

} // namespace hipwright
