//===- CMakeSyntaxTest.cpp - CMake's command/argument syntax --------------===//
#include "buildfiles/CMakeSyntax.h"

#include <catch2/catch.hpp>

using namespace hipwright;

namespace {
std::vector<CMakeCommand> parse(llvm::StringRef Text) {
  auto Cmds = parseCMake(Text, "CMakeLists.txt");
  if (!Cmds)
    FAIL(llvm::toString(Cmds.takeError()));
  return std::move(*Cmds);
}
std::string parseError(llvm::StringRef Text) {
  auto Cmds = parseCMake(Text, "CMakeLists.txt");
  if (Cmds)
    return "";
  return llvm::toString(Cmds.takeError());
}
} // namespace

TEST_CASE("commands, argument kinds and offsets", "[cmake-syntax]") {
  llvm::StringRef Text = "project(demo LANGUAGES CXX CUDA)\n"
                         "  Set (X \"a b\" [==[lit ]] ]==] y)\n";
  auto Cmds = parse(Text);
  REQUIRE(Cmds.size() == 2);
  CHECK(Cmds[0].Name == "project");
  CHECK(Cmds[0].Line == 1);
  REQUIRE(Cmds[0].Args.size() == 4);
  CHECK(Cmds[0].Args[3].Content == "CUDA");
  CHECK(Text.substr(Cmds[0].Args[3].Begin, 4) == "CUDA");
  CHECK(Cmds[1].Name == "Set");
  CHECK(Cmds[1].LowerName == "set");
  CHECK(Cmds[1].Line == 2);
  REQUIRE(Cmds[1].Args.size() == 4);
  const CMakeArg &Q = Cmds[1].Args[1];
  CHECK(Q.Kind == CMakeArgKind::Quoted);
  CHECK(Q.Content == "a b");
  CHECK(Text.substr(Q.ContentBegin, 3) == "a b");
  CHECK(Text.substr(Q.Begin, Q.End - Q.Begin) == "\"a b\"");
  const CMakeArg &B = Cmds[1].Args[2];
  CHECK(B.Kind == CMakeArgKind::Bracket);
  CHECK(B.Content == "lit ]] ");
  CHECK(Text.substr(B.ContentBegin, B.Content.size()) == "lit ]] ");
  CHECK(Cmds[1].Args[3].Content == "y");
  CHECK(Text[Cmds[1].CloseParen] == ')');
}

TEST_CASE("comments are skipped and flagged", "[cmake-syntax]") {
  auto Cmds = parse("# set(NOT a command)\n"
                    "#[[ bracket comment\n add_library(nope) ]]\n"
                    "add_library(lib # trailing\n"
                    "  a.cu #[=[ inline ]=] b.cu)\n"
                    "message(hi)\n");
  REQUIRE(Cmds.size() == 2);
  CHECK(Cmds[0].Name == "add_library");
  CHECK(Cmds[0].Line == 4);
  CHECK(Cmds[0].HasComment);
  REQUIRE(Cmds[0].Args.size() == 3);
  CHECK(Cmds[0].Args[1].Content == "a.cu");
  CHECK(Cmds[0].Args[2].Content == "b.cu");
  CHECK(Cmds[0].Args[2].Line == 5);
  CHECK_FALSE(Cmds[1].HasComment);
}

TEST_CASE("quoted continuations, escapes and legacy arguments",
          "[cmake-syntax]") {
  auto Cmds = parse("set(A \"one \\\n two \\\" three\" x\\ y -Da=\"b c\" "
                    "$(MAKEVAR) $<$<COMPILE_LANGUAGE:CUDA>:-O3>)\n"
                    "next()\n");
  REQUIRE(Cmds.size() == 2);
  const auto &A = Cmds[0].Args;
  REQUIRE(A.size() == 6);
  CHECK(A[1].Content == "one \\\n two \\\" three");
  CHECK(A[2].Content == "x\\ y");
  CHECK(A[3].Content == "-Da=\"b c\"");
  CHECK(A[4].Content == "$(MAKEVAR)");
  CHECK(A[5].Content == "$<$<COMPILE_LANGUAGE:CUDA>:-O3>");
  CHECK(Cmds[1].Line == 3);
}

TEST_CASE("nested parentheses are tokens of their own", "[cmake-syntax]") {
  auto Cmds = parse("if((A OR B) AND NOT (C))\nendif()\n");
  REQUIRE(Cmds.size() == 2);
  const auto &A = Cmds[0].Args;
  REQUIRE(A.size() == 10);
  CHECK(A[0].Kind == CMakeArgKind::Open);
  CHECK(A[4].Kind == CMakeArgKind::Close);
  CHECK(A[5].Content == "AND");
  CHECK(Cmds[1].Args.empty());
}

TEST_CASE("syntax errors name the file and line", "[cmake-syntax]") {
  CHECK(parseError("set(A \"open\n\nmore)\n") ==
        "CMakeLists.txt:1: error: unterminated quoted argument");
  CHECK(parseError("a()\nset(A [[x)\n") ==
        "CMakeLists.txt:2: error: unterminated bracket argument or comment "
        "(no ']]')");
  CHECK(parseError("\n\nadd_library(x a.cu\n") ==
        "CMakeLists.txt:3: error: missing ')' for add_library(");
  CHECK(parseError("set\n(A)") ==
        "CMakeLists.txt:1: error: expected '(' after the command name 'set'");
  CHECK(parseError("x()\n\"stray\"\n") ==
        "CMakeLists.txt:2: error: unexpected '\"' where a command should "
        "start");
  CHECK(parseError("#[[ open comment\n") ==
        "CMakeLists.txt:1: error: unterminated bracket argument or comment "
        "(no ']]')");
  CHECK(parseError("") == "");
}

TEST_CASE("a byte-order mark and CRLF line ends are CMake too",
          "[cmake-syntax]") {
  auto Cmds = parse("\xEF\xBB\xBFset(A b)\r\nset(C\r\n  d)\r\n");
  REQUIRE(Cmds.size() == 2);
  CHECK(Cmds[0].Begin == 3);
  CHECK(Cmds[1].Line == 2);
  CHECK(Cmds[1].Args[1].Content == "d");
}
