//===- MakeReferences.cpp - the variable references of Makefile text ------===//
#include "buildfiles/MakeReferences.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace hipwright {

namespace {

bool isMakeFunction(StringRef N) {
  static constexpr StringLiteral Functions[] = {
      "subst",  "patsubst", "strip",    "findstring", "filter",    "filter-out",
      "sort",   "word",     "wordlist", "words",      "firstword", "lastword",
      "dir",    "notdir",   "suffix",   "basename",   "addsuffix", "addprefix",
      "join",   "wildcard", "realpath", "abspath",    "if",        "or",
      "and",    "foreach",  "file",     "call",       "value",     "eval",
      "origin", "flavor",   "shell",    "error",      "warning",   "info",
      "let",    "intcmp"};
  return is_contained(Functions, N);
}

/// nvcc options whose value is another tool's options: what they prefix is
/// for the host compiler or a linker, not for nvcc.
bool isPassThroughOption(StringRef O) {
  return O == "-Xcompiler" || O == "--compiler-options" || O == "-Xlinker" ||
         O == "--linker-options" || O == "-Xptxas" || O == "--ptxas-options" ||
         O == "-Xnvlink" || O == "--nvlink-options" || O == "-Xcudafe" ||
         O == "-Xarchive" || O == "--archive-options";
}

void collect(StringRef T, size_t B, size_t E, bool PassedThrough, bool Escaped,
             std::vector<MakeReference> &Out) {
  size_t P = B;
  while (P < E) {
    if (T[P] != '$' || P + 1 >= E) {
      ++P;
      continue;
    }
    char C = T[P + 1];
    if (C == '$') { // $$ is a literal dollar
      if (Escaped && P + 2 < E && (T[P + 2] == '(' || T[P + 2] == '{')) {
        ++P; // read $$(V) as $(V)
        continue;
      }
      P += 2;
      continue;
    }
    if (C != '(' && C != '{') {
      MakeReference R;
      R.Name = std::string(1, C);
      R.Begin = P;
      R.End = P + 2;
      R.PassedThrough = PassedThrough;
      Out.push_back(std::move(R));
      P += 2;
      continue;
    }
    size_t Close = closingOf(T, P, E);
    if (Close == StringRef::npos)
      return;
    size_t IB = P + 2, IE = Close - 1;
    StringRef Inner = T.slice(IB, IE);
    StringRef Fn = makeFunctionOf(T.slice(P, Close));
    if (!Fn.empty()) {
      std::vector<std::pair<size_t, size_t>> Args =
          makeFunctionArguments(T, P, Close);
      if (Fn == "shell") {
        // A shell command's words are not flags of the command it feeds.
      } else if (Fn == "addprefix" && Args.size() == 2 &&
                 isPassThroughOption(
                     T.slice(Args[0].first, Args[0].second).trim())) {
        collect(T, Args[1].first, Args[1].second, true, Escaped, Out);
      } else if (Fn == "call" && !Args.empty()) {
        StringRef Called = T.slice(Args[0].first, Args[0].second).trim();
        if (!Called.contains('$')) {
          MakeReference R;
          R.Name = Called.str();
          R.Begin = P;
          R.End = Close;
          R.PassedThrough = PassedThrough;
          Out.push_back(std::move(R));
        }
        for (size_t I = 0; I < Args.size(); ++I)
          collect(T, Args[I].first, Args[I].second, PassedThrough, Escaped,
                  Out);
      } else {
        for (const auto &A : Args)
          collect(T, A.first, A.second, PassedThrough, Escaped, Out);
      }
    } else if (Inner.contains('$')) {
      // A computed name ($($(X)_FLAGS)): only what it is built from.
      collect(T, IB, IE, PassedThrough, Escaped, Out);
    } else {
      MakeReference R;
      size_t Colon = Inner.find(':');
      R.Name = Inner.take_front(Colon).trim().str();
      if (Colon != StringRef::npos) {
        size_t Eq = Inner.find('=', Colon);
        R.Substitution = true;
        if (Eq != StringRef::npos)
          R.SubstitutedSuffix = Inner.drop_front(Eq + 1).trim().str();
      }
      R.Begin = P;
      R.End = Close;
      R.PassedThrough = PassedThrough;
      Out.push_back(std::move(R));
    }
    P = Close;
  }
}

} // namespace

std::vector<MakeReference> makeReferences(StringRef T, size_t B, size_t E,
                                          bool Escaped) {
  std::vector<MakeReference> Out;
  collect(T, B, std::min(E, T.size()), false, Escaped, Out);
  return Out;
}

size_t closingOf(StringRef T, size_t Dollar, size_t E) {
  char Open = T[Dollar + 1], Shut = Open == '(' ? ')' : '}';
  unsigned Depth = 0;
  for (size_t P = Dollar + 1; P < E; ++P) {
    if (T[P] == Open)
      ++Depth;
    else if (T[P] == Shut && --Depth == 0)
      return P + 1;
  }
  return StringRef::npos;
}

StringRef makeFunctionOf(StringRef Reference) {
  if (Reference.size() < 4 || Reference[0] != '$')
    return {};
  StringRef Inner = Reference.drop_front(2);
  size_t N = 0;
  while (N < Inner.size() && (isAlpha(Inner[N]) || Inner[N] == '-'))
    ++N;
  if (N == 0 || N >= Inner.size() || (Inner[N] != ' ' && Inner[N] != '\t'))
    return {};
  StringRef Name = Inner.take_front(N);
  return isMakeFunction(Name) ? Name : StringRef();
}

std::vector<std::pair<size_t, size_t>>
makeFunctionArguments(StringRef T, size_t Begin, size_t End) {
  std::vector<std::pair<size_t, size_t>> Out;
  StringRef Fn = makeFunctionOf(T.slice(Begin, End));
  if (Fn.empty())
    return Out;
  size_t P = Begin + 2 + Fn.size();
  while (P < End && (T[P] == ' ' || T[P] == '\t'))
    ++P;
  size_t ArgBegin = P, Last = End - 1; // the closing ')' or '}'
  while (P < Last) {
    if (T[P] == '$' && P + 1 < Last && (T[P + 1] == '(' || T[P + 1] == '{')) {
      size_t C = closingOf(T, P, Last);
      if (C == StringRef::npos)
        break;
      P = C;
      continue;
    }
    // eval's and shell's one argument may hold commas of its own.
    if (T[P] == ',' && Fn != "eval" && Fn != "shell" &&
        !(Fn == "if" && Out.size() >= 2) &&
        !(Fn == "foreach" && Out.size() >= 2)) {
      Out.push_back({ArgBegin, P});
      ArgBegin = P + 1;
    }
    ++P;
  }
  Out.push_back({ArgBegin, Last});
  return Out;
}

} // namespace hipwright
