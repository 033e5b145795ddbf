//===- MakeModel.cpp - where a Makefile's values go -----------------------===//
#include "buildfiles/MakeModel.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace hipwright {

bool isNvccProgram(StringRef W) { return W == "nvcc" || W.ends_with("/nvcc"); }

namespace {

bool isHostCompilerName(StringRef W) {
  StringRef Base = W.rsplit('/').second.empty() ? W : W.rsplit('/').second;
  static constexpr StringLiteral Names[] = {
      "g++",  "gcc", "c++",    "cc",    "clang",  "clang++",
      "icpx", "icx", "mpicxx", "mpicc", "mpic++", "nvc++"};
  if (is_contained(Names, Base))
    return true;
  // g++-12, clang++-22
  return Base.starts_with("g++-") || Base.starts_with("gcc-") ||
         Base.starts_with("clang++-") || Base.starts_with("clang-");
}

/// The variable of a word that is exactly $(NAME) or ${NAME}.
StringRef plainReference(StringRef W) {
  if (W.size() > 3 && W[0] == '$' &&
      ((W[1] == '(' && W.back() == ')') || (W[1] == '{' && W.back() == '}'))) {
    StringRef N = W.slice(2, W.size() - 1);
    if (!N.contains('$') && !N.contains(' ') && !N.contains(':') &&
        !N.contains(','))
      return N;
  }
  return {};
}

bool isCommandSeparator(StringRef W) {
  return W == "&&" || W == ";" || W == "||" || W == "|";
}

} // namespace

bool parseMakeAssignment(StringRef T, size_t B, size_t E, StringRef &Name,
                         size_t &ValueBegin) {
  StringRef S = T.slice(B, E);
  size_t I = 0;
  auto SkipBlank = [&] {
    while (I < S.size() && (S[I] == ' ' || S[I] == '\t'))
      ++I;
  };
  SkipBlank();
  for (bool Again = true; Again;) {
    Again = false;
    for (StringRef Kw : {"export ", "override ", "private "})
      if (S.substr(I).starts_with(Kw)) {
        I += Kw.size();
        SkipBlank();
        Again = true;
      }
  }
  size_t NB = I;
  while (I < S.size() &&
         (isAlnum(S[I]) || S[I] == '_' || S[I] == '.' || S[I] == '-'))
    ++I;
  if (I == NB)
    return false;
  Name = S.slice(NB, I);
  SkipBlank();
  for (StringRef O : {":::=", "::=", ":=", "?=", "+=", "!=", "="})
    if (S.substr(I).starts_with(O)) {
      ValueBegin = B + I + O.size();
      return true;
    }
  return false;
}

MakeModel::MakeModel(StringRef T) : Text(T), Lines(logicalLines(T)) {
  readLines();
  findCompilerVars();
  for (MakeCommand &C : Commands) {
    for (size_t I = 0; I < C.Words.size(); ++I)
      if (isCompilerWord(C.Words[I].Text)) {
        C.Program = I;
        break;
      }
    if (C.Program != SIZE_MAX)
      continue;
    // A host compiler: named, or a variable that names one (CXX = g++; an
    // unset $(CXX)/$(CC) is make's default c++/cc).
    for (size_t I = 0; I < C.Words.size() && I < 3; ++I) {
      StringRef W = C.Words[I].Text.ltrim("@-+");
      if (W.starts_with("$$(") || W.starts_with("$${"))
        W = W.drop_front();
      StringRef Ref = plainReference(W);
      if (isHostCompilerName(W) ||
          (!Ref.empty() &&
           (Ref == "CXX" || Ref == "CC" || Ref == "HOST_COMPILER" ||
            Ref == "MPICXX" || Ref == "MPICC"))) {
        C.HostCompiler = true;
        break;
      }
      if (!Ref.empty())
        for (const MakeAssignment *A : assignmentsOf(Ref)) {
          std::vector<MakeWord> Ws =
              wordsOf(Text, A->ValueBegin, A->ValueEnd, false);
          if (!Ws.empty() && isHostCompilerName(Ws[0].Text))
            C.HostCompiler = true;
        }
      if (C.HostCompiler)
        break;
    }
  }
  propagate();
}

void MakeModel::readLines() {
  LineAssignment.assign(Lines.size(), -1);
  InDefine.assign(Lines.size(), false);
  int Rule = -1;
  int OpenDefine = -1; // the define's index in Assignments
  for (size_t I = 0; I < Lines.size(); ++I) {
    const LogicalLine &L = Lines[I];
    StringRef S = Text.slice(L.Begin, L.End);
    StringRef Trim = S.trim();
    if (OpenDefine >= 0) {
      if (Trim == "endef" || Trim.starts_with("endef ") ||
          Trim.starts_with("endef#")) {
        Assignments[OpenDefine].ValueEnd = L.Begin;
        OpenDefine = -1;
        continue;
      }
      InDefine[I] = true;
      if (L.Recipe)
        readCommands(I, -1);
      continue;
    }
    if (L.Recipe) {
      readCommands(I, Rule);
      continue;
    }
    StringRef Head = Trim;
    for (StringRef Kw : {"export ", "override "})
      if (Head.starts_with(Kw))
        Head = Head.drop_front(Kw.size()).ltrim();
    if (Head.starts_with("define ") || Head.starts_with("define\t")) {
      MakeAssignment A;
      StringRef Rest = Head.drop_front(7).trim();
      A.Name = Rest.take_while([](char C) {
                     return isAlnum(C) || C == '_' || C == '.' || C == '-';
                   })
                   .str();
      A.Line = L.Begin;
      A.NameBegin = size_t(Rest.data() - Text.data());
      A.ValueBegin = A.ValueEnd = L.End < Text.size() ? L.End + 1 : L.End;
      A.Define = true;
      ByName.insert({A.Name, Assignments.size()});
      OpenDefine = int(Assignments.size());
      Assignments.push_back(std::move(A));
      continue;
    }
    readEvals(L.Begin, L.End, L.Begin);
    StringRef Name;
    size_t VB;
    if (parseMakeAssignment(Text, L.Begin, L.End, Name, VB)) {
      LineAssignment[I] = int(Assignments.size());
      ByName.insert({Name.str(), Assignments.size()});
      Assignments.push_back(
          {Name.str(), L.Begin, size_t(Name.data() - Text.data()), VB, L.End});
      continue;
    }
    // A rule: "targets : prerequisites" (a static pattern rule has two
    // colons); or a target- or pattern-specific assignment after the colon.
    size_t Colon = StringRef::npos;
    for (size_t P = L.Begin; P < L.End; ++P) {
      if (Text[P] == '$' && P + 1 < L.End &&
          (Text[P + 1] == '(' || Text[P + 1] == '{')) {
        size_t C = closingOf(Text, P, L.End);
        if (C == StringRef::npos)
          break;
        P = C - 1;
        continue;
      }
      if (Text[P] == '#')
        break;
      if (Text[P] == ':') {
        Colon = P;
        break;
      }
    }
    if (Colon == StringRef::npos || Trim.starts_with("ifeq") ||
        Trim.starts_with("ifneq") || Trim.starts_with("ifdef") ||
        Trim.starts_with("ifndef") || Trim.starts_with("else"))
      continue;
    size_t After = Colon + 1;
    if (After < L.End && Text[After] == ':')
      ++After;
    if (parseMakeAssignment(Text, After, L.End, Name, VB)) {
      LineAssignment[I] = int(Assignments.size());
      ByName.insert({Name.str(), Assignments.size()});
      Assignments.push_back(
          {Name.str(), L.Begin, size_t(Name.data() - Text.data()), VB, L.End});
      continue;
    }
    // The prerequisites: after the last colon (static pattern rules), up to
    // a ';' that starts an inline recipe.
    size_t PB = After;
    for (size_t P = After; P < L.End; ++P)
      if (Text[P] == ':' && (P + 1 >= L.End || Text[P + 1] != '='))
        PB = P + 1;
    size_t PE = Text.find(';', PB);
    if (PE == StringRef::npos || PE > L.End)
      PE = L.End;
    Rule = int(Rules.size());
    Rules.push_back({PB, PE});
  }
}

void MakeModel::readEvals(size_t B, size_t E, size_t Line) {
  for (size_t P = Text.find("$(eval ", B); P != StringRef::npos && P < E;
       P = Text.find("$(eval ", P + 1)) {
    size_t Close = closingOf(Text, P, E);
    if (Close == StringRef::npos)
      return;
    StringRef Name;
    size_t VB;
    if (!parseMakeAssignment(Text, P + 7, Close - 1, Name, VB))
      continue;
    MakeAssignment A{Name.str(), Line, size_t(Name.data() - Text.data()), VB,
                     Close - 1};
    A.Eval = true;
    // The innermost $(foreach VAR,LIST,...) around it on this line.
    for (size_t F = Text.take_front(P).rfind("$(foreach ");
         F != StringRef::npos && F >= B;
         F = Text.take_front(F).rfind("$(foreach ")) {
      size_t FC = closingOf(Text, F, E);
      if (FC == StringRef::npos || FC < Close)
        continue;
      std::vector<std::pair<size_t, size_t>> Args =
          makeFunctionArguments(Text, F, FC);
      if (Args.size() == 3) {
        A.ForeachVar = Text.slice(Args[0].first, Args[0].second).trim().str();
        A.ForeachListBegin = Args[1].first;
        A.ForeachListEnd = Args[1].second;
      }
      break;
    }
    ByName.insert({A.Name, Assignments.size()});
    Assignments.push_back(std::move(A));
  }
}

void MakeModel::readCommands(size_t LineIndex, int Rule) {
  const LogicalLine &L = Lines[LineIndex];
  std::vector<MakeWord> Ws = wordsOf(Text, L.Begin, L.End, true);
  MakeCommand C{L.Begin, {}, SIZE_MAX, false, Rule, InDefine[LineIndex]};
  for (MakeWord &W : Ws) {
    if (isCommandSeparator(W.Text)) {
      if (!C.Words.empty())
        Commands.push_back(C);
      C.Words.clear();
      continue;
    }
    C.Words.push_back(W);
  }
  if (!C.Words.empty())
    Commands.push_back(C);
}

void MakeModel::findCompilerVars() {
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const MakeAssignment &A : Assignments) {
      if (A.Define || CompilerVars.count(A.Name))
        continue;
      for (const MakeWord &W : wordsOf(Text, A.ValueBegin, A.ValueEnd, false)) {
        if (W.Text.starts_with("-"))
          break; // flags come after the program
        if (isCompilerWord(W.Text)) {
          CompilerVars.insert(A.Name);
          Changed = true;
          break;
        }
      }
    }
  }
}

bool MakeModel::isCompilerWord(StringRef W) const {
  if (W.starts_with("$$(") || W.starts_with("$${"))
    W = W.drop_front(); // in a define body, for $(eval $(call ...))
  if (isNvccProgram(W) || W == "$(HIPCXX)")
    return true;
  StringRef Ref = plainReference(W);
  return !Ref.empty() && CompilerVars.count(Ref.str());
}

std::vector<const MakeAssignment *>
MakeModel::assignmentsOf(StringRef Name) const {
  std::vector<const MakeAssignment *> Out;
  auto [B, E] = ByName.equal_range(Name.str());
  for (auto I = B; I != E; ++I)
    Out.push_back(&Assignments[I->second]);
  llvm::sort(Out, [](const MakeAssignment *A, const MakeAssignment *B) {
    return A->ValueBegin < B->ValueBegin;
  });
  return Out;
}

MakeReach MakeModel::reach(StringRef Name) const {
  auto It = Reach.find(Name.str());
  return It == Reach.end() ? MakeReach::None : MakeReach(It->second);
}

void MakeModel::propagate() {
  std::vector<std::pair<std::string, unsigned>> Work;
  auto Add = [&](const std::string &Name, unsigned How) {
    unsigned &R = Reach[Name];
    if ((R | How) != R) {
      R |= How;
      Work.push_back({Name, How});
    }
  };
  auto Seed = [&](size_t B, size_t E, unsigned How, bool Escaped = false) {
    for (const MakeReference &R : makeReferences(Text, B, E, Escaped))
      Add(R.Name, R.PassedThrough ? unsigned(MakeReach::Host) : How);
  };
  for (const MakeCommand &C : Commands) {
    if (C.Words.empty())
      continue;
    if (isNvccCommand(C)) {
      if (C.Program + 1 < C.Words.size())
        Seed(C.Words[C.Program + 1].Begin, C.Words.back().End,
             unsigned(MakeReach::Nvcc), C.InDefine);
    } else if (C.HostCompiler) {
      Seed(C.Words.front().Begin, C.Words.back().End, unsigned(MakeReach::Host),
           C.InDefine);
    }
  }
  // What follows nvcc in a compiler variable's value is nvcc's too.
  for (const MakeAssignment &A : Assignments) {
    if (!CompilerVars.count(A.Name))
      continue;
    std::vector<MakeWord> Ws = wordsOf(Text, A.ValueBegin, A.ValueEnd, false);
    for (size_t I = 0; I < Ws.size(); ++I)
      if (isCompilerWord(Ws[I].Text)) {
        if (I + 1 < Ws.size())
          Seed(Ws[I + 1].Begin, Ws.back().End, unsigned(MakeReach::Nvcc));
        break;
      }
  }
  while (!Work.empty()) {
    auto [Name, How] = Work.back();
    Work.pop_back();
    for (const MakeAssignment *A : assignmentsOf(Name))
      Seed(A->ValueBegin, A->ValueEnd, Reach[Name]);
  }
}

bool MakeModel::mayHoldWord(StringRef Word, function_ref<bool(StringRef)> Pred,
                            unsigned Depth) const {
  if (Pred(Word))
    return true;
  if (Depth > 8 || !Word.contains('$'))
    return false;
  size_t B = Word.data() - Text.data();
  for (const MakeReference &R : makeReferences(Text, B, B + Word.size())) {
    if (R.Substitution || R.PassedThrough)
      continue;
    for (const MakeAssignment *A : assignmentsOf(R.Name))
      for (const MakeWord &V : wordsOf(Text, A->ValueBegin, A->ValueEnd, false))
        if (mayHoldWord(V.Text, Pred, Depth + 1))
          return true;
  }
  return false;
}

bool MakeModel::mayNameCuFile(StringRef Word, int Rule, unsigned Depth) const {
  if (Depth > 8)
    return false;
  StringRef W = Word.trim("\"'");
  if (W.ends_with(".cu"))
    return true;
  // $(wildcard *.cu): a .cu name in a function call
  // ($(SRC:.cu=.o) and $(patsubst %.cu,%.o,...) yield no .cu name).
  for (size_t P = W.find(".cu"); P != StringRef::npos; P = W.find(".cu", P + 1))
    if (P + 3 == W.size() || W[P + 3] == ' ' || W[P + 3] == ')' ||
        W[P + 3] == '}')
      if (!W.take_front(P).contains(':'))
        return true;
  size_t B = Word.data() - Text.data();
  bool InText = Word.data() >= Text.data() &&
                Word.data() + Word.size() <= Text.data() + Text.size();
  std::vector<MakeReference> Refs =
      InText ? makeReferences(Text, B, B + Word.size())
             : std::vector<MakeReference>();
  // A function transforms the names it reads ($(addsuffix .o,$(SRC))): what
  // it yields is judged by its literal text above, not by its inputs.
  std::vector<std::pair<size_t, size_t>> Calls;
  for (size_t P = B; InText && P + 1 < B + Word.size(); ++P) {
    if (Text[P] != '$' || (Text[P + 1] != '(' && Text[P + 1] != '{'))
      continue;
    size_t C = closingOf(Text, P, B + Word.size());
    if (C == StringRef::npos)
      break;
    if (!makeFunctionOf(Text.slice(P, C)).empty())
      Calls.push_back({P, C});
    P = C - 1;
  }
  for (const MakeReference &R : Refs) {
    if (any_of(Calls, [&](const std::pair<size_t, size_t> &C) {
          return R.Begin >= C.first && R.End <= C.second;
        }))
      continue;
    if (R.Substitution) {
      if (StringRef(R.SubstitutedSuffix).ends_with(".cu"))
        return true;
      continue;
    }
    if (R.Name == "<" || R.Name == "^" || R.Name == "+" || R.Name == "?") {
      if (Rule < 0)
        continue;
      const MakeRule &MR = Rules[Rule];
      for (const MakeWord &P :
           wordsOf(Text, MR.PrerequisitesBegin, MR.PrerequisitesEnd, false)) {
        if (mayNameCuFile(P.Text, Rule, Depth + 1))
          return true;
        if (R.Name == "<")
          break; // only the first prerequisite
      }
      continue;
    }
    for (const MakeAssignment *A : assignmentsOf(R.Name))
      for (const MakeWord &V : wordsOf(Text, A->ValueBegin, A->ValueEnd, false))
        if (mayNameCuFile(V.Text, Rule, Depth + 1))
          return true;
  }
  return false;
}

} // namespace hipwright
