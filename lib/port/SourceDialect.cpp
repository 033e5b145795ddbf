//===- SourceDialect.cpp - is a file CUDA or HIP already? -----------------===//
#include "port/SourceDialect.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Lex/Lexer.h"

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
  clang::LangOptions LO;
  LO.CPlusPlus = true;
  // Only offsets are used; the lexer needs some location to stamp.
  clang::Lexer Lex(clang::SourceLocation::getFromRawEncoding(1), LO,
                   Text.begin(), Text.begin(), Text.end());
  clang::Token Tok;
  bool AfterHash = false;
  while (true) {
    Lex.LexFromRawLexer(Tok);
    if (Tok.is(clang::tok::eof))
      break;
    bool WasAfterHash = AfterHash;
    AfterHash = Tok.is(clang::tok::hash) && Tok.isAtStartOfLine();
    if (!WasAfterHash || Tok.isAtStartOfLine() ||
        !Tok.is(clang::tok::raw_identifier))
      continue;
    StringRef Name = Tok.getRawIdentifier();
    if (Name != "include" && Name != "include_next" && Name != "import")
      continue;
    // The header name, read from the text: the raw lexer splits <a/b.h>.
    StringRef Rest = Text.substr(Lex.getBufferLocation() - Text.begin());
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
