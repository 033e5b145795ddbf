#include "frontend/RawLexer.h"
#include "report/SourceScan.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

using namespace hipwright;
namespace tok = clang::tok;

namespace {

std::vector<std::string> spellings(const std::vector<RawToken> &Toks) {
  std::vector<std::string> Out;
  for (const RawToken &T : Toks)
    Out.push_back(T.Text.str());
  return Out;
}

std::vector<RawToken> lex(llvm::StringRef Text, RawLexOptions Opts = {}) {
  return lexRawTokens(Text, rawScanLangOptions(), Opts);
}

} // namespace

TEST_CASE("raw lexer: tokens with kind, offset, length and spelling",
          "[rawlexer]") {
  llvm::StringRef Src = "int  x = cudaMalloc(&p, 4);\n";
  std::vector<RawToken> T = lex(Src);
  CHECK(spellings(T) == std::vector<std::string>{"int", "x", "=", "cudaMalloc",
                                                 "(", "&", "p", ",", "4", ")",
                                                 ";"});
  // Keywords are raw identifiers too: nothing is looked up.
  CHECK(T[0].isIdent("int"));
  CHECK(T[1].Offset == 5);
  CHECK(T[1].Length == 1);
  CHECK(T[1].LeadingSpace);
  CHECK(!T[4].LeadingSpace);
  CHECK(T[3].isIdent("cudaMalloc"));
  CHECK(Src.substr(T[3].Offset, T[3].Length) == "cudaMalloc");
  CHECK(T[3].end() == 19);
  CHECK(T[8].is(tok::numeric_constant));
  CHECK(T[0].StartOfLine);
  CHECK(!T[1].StartOfLine);
}

TEST_CASE("raw lexer: names inside comments and strings are not tokens",
          "[rawlexer]") {
  llvm::StringRef Src = "// cudaFree(p);\n"
                        "/* cudaFree(q); */ const char *s = \"cudaFree\";\n"
                        "char c = 'c'; auto r = R\"(cudaFree\n)\";\n";
  std::vector<RawToken> T = lex(Src);
  for (const RawToken &Tok : T)
    CHECK(!Tok.isIdent("cudaFree"));
  auto IsString = [](const RawToken &X) { return X.is(tok::string_literal); };
  REQUIRE(std::count_if(T.begin(), T.end(), IsString) == 2);
  auto S = std::find_if(T.begin(), T.end(), IsString);
  CHECK(S->Text == "\"cudaFree\"");
  CHECK(stringLiteralContent(S->Text) == "cudaFree");
  CHECK(stringLiteralContent("u8\"a b\"") == "a b");
  CHECK(stringLiteralContent("R\"(x)\"") == "(x)");
  CHECK(stringLiteralContent("'c'") == "'c'"); // no quotes to strip
  // The comment before `const` counts as space, and does not take the start
  // of the line from it (`/* c */ #include` is a directive).
  auto Const = std::find_if(
      T.begin(), T.end(), [](const RawToken &X) { return X.isIdent("const"); });
  CHECK(Const->LeadingSpace);
  CHECK(Const->StartOfLine);
}

TEST_CASE("raw lexer: CUDA launches and C++20 tokens are single tokens",
          "[rawlexer]") {
  std::vector<RawToken> T = lex("k<<<1, 2>>>(a <=> b);");
  REQUIRE(T.size() == 12);
  CHECK(T[1].is(tok::lesslessless));
  CHECK(T[5].is(tok::greatergreatergreater));
  CHECK(T[8].is(tok::spaceship));
}

TEST_CASE("raw lexer: //*** is a line comment, not a block comment",
          "[rawlexer]") {
  // Without line comments enabled in the language options, clang lexes
  // `//*` as `/` and the start of a block comment that swallows the code
  // below it.
  std::vector<RawToken> T = lex("//********\nint x;\n/* */ int y;\n");
  CHECK(spellings(T) ==
        std::vector<std::string>{"int", "x", ";", "int", "y", ";"});
  CHECK(T[0].StartOfLine);
}

TEST_CASE("raw lexer: directives are numbered, code is -1", "[rawlexer]") {
  llvm::StringRef Src = "#include <cuda.h>\n"
                        "/* c */ int a;\n"
                        "  #  define F(x) \\\n"
                        "    x + 1\n"
                        "#if X\n"
                        "b;\n";
  std::vector<RawToken> T = lex(Src);
  auto Directive = [&](llvm::StringRef Spelling) {
    for (const RawToken &X : T)
      if (X.Text == Spelling)
        return X.Directive;
    FAIL("no token " << Spelling.str());
    return -2;
  };
  CHECK(Directive("include") == 0);
  CHECK(Directive("cuda") == 0); // the raw lexer splits <cuda.h>
  CHECK(Directive("a") == -1);
  CHECK(Directive("define") == 1);
  // A continued line belongs to its directive.
  CHECK(Directive("1") == 1);
  CHECK(Directive("X") == 2);
  CHECK(Directive("b") == -1);
  CHECK(T[0].is(tok::hash));
  CHECK(T[0].StartOfLine);
}

TEST_CASE("raw lexer: a range, to its end or to the end of its last line",
          "[rawlexer]") {
  llvm::StringRef Src = "a b\nc d e\nf\n";
  RawLexOptions Opts;
  Opts.Begin = 4; // "c"
  Opts.End = 7;   // "e"
  CHECK(spellings(lex(Src, Opts)) == std::vector<std::string>{"c", "d"});
  std::vector<RawToken> T = lex(Src, Opts);
  CHECK(T[0].Offset == 4);
  CHECK(T[0].StartOfLine); // lexing starts at a line start
  Opts.ToLineEnd = true;
  CHECK(spellings(lex(Src, Opts)) == std::vector<std::string>{"c", "d", "e"});
  Opts.Begin = 100; // past the end: nothing, no crash
  CHECK(lex(Src, Opts).empty());
}

TEST_CASE("raw lexer: comments on request", "[rawlexer]") {
  RawLexOptions Opts;
  Opts.KeepComments = true;
  std::vector<RawToken> T = lex("x; // NOLINT(a)\n/* b\n c */ y;\n", Opts);
  CHECK(spellings(T) == std::vector<std::string>{"x", ";", "// NOLINT(a)",
                                                 "/* b\n c */", "y", ";"});
  CHECK(T[2].is(tok::comment));
  CHECK(T[3].StartOfLine);
  CHECK(T[3].Directive == -1);
}

TEST_CASE("raw lexer: line and column of offsets", "[rawlexer]") {
  llvm::StringRef Src = "ab\n\ncd\ne";
  using P = std::pair<unsigned, unsigned>;
  CHECK(lineAndColumn(Src, 0) == P{1, 1});
  CHECK(lineAndColumn(Src, 2) == P{1, 3}); // the '\n' ends line 1
  CHECK(lineAndColumn(Src, 3) == P{2, 1});
  CHECK(lineAndColumn(Src, 5) == P{3, 2});
  CHECK(lineAndColumn(Src, 100) == P{4, 2}); // clamped to the end
  std::vector<RawToken> T = lex(Src);
  CHECK(lineAndColumn(Src, T[1].Offset) == P{3, 1});
}

TEST_CASE("the report's source scan is not swallowed by //*** comments",
          "[rawlexer][report]") {
  // The scan lexed without line comments: `//****` opened a block comment
  // that hid the kernel and the launch below it.
  std::string Src = "//**********************\n"
                    "__global__ void k(float *p) { p[0] = 1; }\n"
                    "void host() { k<<<1, 1>>>(nullptr); }\n"
                    "/* end */\n";
  SourceScanResult S = scanSource(Src, LibraryTable::builtin());
  CHECK(S.DeviceCode);
  REQUIRE(S.Kernels.size() == 1);
  CHECK(S.Kernels[0].Name == "k");
  CHECK(S.Kernels[0].Line == 2);
  CHECK(S.Launches == 1);
  CHECK(S.FirstLaunchLine == 3);
}
