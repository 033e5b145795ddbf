//===- GenericPaths.cpp - where a tree's generic path to a fast path is ---===//
#include "report/GenericPaths.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Regex.h"

using namespace llvm;

namespace hipwright {

std::vector<std::string> genericNames(StringRef Name) {
  // An architecture newer than the sm_80 path the port compiles, as a
  // word of the name: after a separator or the start (`attn_sm90`), or
  // capitalised after a lower-case letter or digit (`attnSm90`), and
  // followed by a separator, a capital or the end.
  static const Regex Separated(
      "(^|[_.-])([Ss][Mm]_?(9[0-9]|1[0-9][0-9])[a-z]?|[Hh]opper|HOPPER|"
      "[Bb]lackwell|BLACKWELL)([_.-]|[A-Z]|$)");
  static const Regex Camel("[a-z0-9](S[Mm]_?(9[0-9]|1[0-9][0-9])[a-z]?|"
                           "Hopper|HOPPER|Blackwell|BLACKWELL)([_.-]|[A-Z]|$)");
  SmallVector<StringRef, 6> M;
  StringRef Word;
  if (Separated.match(Name, &M))
    Word = M[2];
  else if (Camel.match(Name, &M))
    Word = M[1];
  else
    return {};
  std::string Lower = Name.lower();
  size_t B = Word.data() - Name.data(), E = B + Word.size();
  std::string Before = Lower.substr(0, B), After = Lower.substr(E);
  std::vector<std::string> Out;
  // Taken out: with the separator on one side, so `attn_sm90_fwd` is
  // `attn_fwd` and `attn_sm90` is `attn`.
  auto IsSep = [](char C) { return C == '_' || C == '-' || C == '.'; };
  std::string Left = Before, Right = After;
  if (!Left.empty() && IsSep(Left.back()))
    Left.pop_back();
  else if (!Right.empty() && IsSep(Right.front()))
    Right.erase(0, 1);
  if (!(Left + Right).empty())
    Out.push_back(Left + Right);
  bool Underscore = Word.contains('_');
  for (const char *Older : {"80", "75", "70"})
    Out.push_back(Before + (Underscore ? "sm_" : "sm") + Older + After);
  Out.push_back(Before + "ampere" + After);
  return Out;
}

void GenericDefinitions::add(StringRef Name, StringRef Path, unsigned Line) {
  GenericDefinition D{Name.str(), Path.str(), Line};
  Exact.try_emplace(Name.str(), D);
  Lower.try_emplace(Name.lower(), std::move(D));
}

const GenericDefinition *GenericDefinitions::find(StringRef Name) const {
  if (auto It = Exact.find(Name.str()); It != Exact.end())
    return &It->second;
  for (const std::string &G : genericNames(Name))
    if (auto It = Lower.find(G); It != Lower.end())
      return &It->second;
  return nullptr;
}

} // namespace hipwright
