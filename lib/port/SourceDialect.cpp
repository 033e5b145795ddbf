//===- SourceDialect.cpp - is a file CUDA or HIP already? -----------------===//
#include "port/SourceDialect.h"

#include "frontend/RawLexer.h"

using namespace llvm;

namespace hipwright {

bool isCudaInclude(StringRef Path, const RuleTable &Rules) {
  const Rule *R = Rules.lookupHeader(Path);
  return R && R->renames();
}

bool isHipInclude(StringRef Path, const RuleTable &Rules) {
  if (Path.starts_with("hip/"))
    return true;
  for (const Rule &R : Rules.rules())
    if (R.Kind == RuleKind::Header && R.renames() && R.Hip == Path)
      return true;
  return false;
}

std::vector<std::string> includePaths(StringRef Text) {
  std::vector<std::string> Paths;
  std::vector<RawToken> Toks = lexRawTokens(Text, rawScanLangOptions());
  for (size_t I = 1; I < Toks.size(); ++I) {
    const RawToken &Tok = Toks[I];
    if (!Toks[I - 1].is(clang::tok::hash) || !Toks[I - 1].StartOfLine ||
        Tok.StartOfLine || !Tok.is(clang::tok::raw_identifier))
      continue;
    StringRef Name = Tok.Text;
    if (Name != "include" && Name != "include_next" && Name != "import")
      continue;
    // The header name, read from the text: the raw lexer splits <a/b.h>.
    StringRef Rest = Text.substr(Tok.end());
    Rest = Rest.take_until([](char C) { return C == '\n'; }).ltrim(" \t");
    if (Rest.empty() || (Rest[0] != '<' && Rest[0] != '"'))
      continue; // a computed include
    char Close = Rest[0] == '<' ? '>' : '"';
    size_t End = Rest.find(Close, 1);
    if (End != StringRef::npos)
      Paths.push_back(Rest.slice(1, End).str());
  }
  return Paths;
}

bool isAlreadyHip(StringRef Text, const RuleTable &Rules) {
  bool Hip = false;
  for (const std::string &P : includePaths(Text)) {
    if (isCudaInclude(P, Rules))
      return false;
    Hip |= isHipInclude(P, Rules);
  }
  return Hip;
}

} // namespace hipwright
