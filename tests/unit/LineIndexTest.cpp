#include "support/LineIndex.h"
#include "frontend/RawLexer.h"

#include <catch2/catch.hpp>

using namespace hipwright;

TEST_CASE("LineIndex agrees with a scan from the top of the file", "[lines]") {
  for (std::string Text :
       {std::string(), std::string("\n"), std::string("abc"),
        std::string("a\nbc\n\nd"), std::string("\r\n\r\nx\r\n"),
        std::string("no newline at all, one long line")}) {
    LineIndex Lines(Text);
    for (unsigned Off = 0; Off <= Text.size() + 2; ++Off)
      CHECK(Lines.lineAndColumn(Off) == lineAndColumn(Text, Off));
  }
}

TEST_CASE("LineIndex places offsets by line and byte column", "[lines]") {
  LineIndex Lines("ab\ncd\n\nef");
  using P = std::pair<unsigned, unsigned>;
  CHECK(Lines.lineAndColumn(0) == P{1, 1});
  CHECK(Lines.lineAndColumn(2) == P{1, 3}); // the '\n' ends line 1
  CHECK(Lines.lineAndColumn(3) == P{2, 1});
  CHECK(Lines.lineAndColumn(6) == P{3, 1});
  CHECK(Lines.lineAndColumn(8) == P{4, 2});
  CHECK(Lines.lineAndColumn(100) == P{4, 3}); // clamped to the end
}

TEST_CASE("LineIndex gives a line's text", "[lines]") {
  LineIndex Lines("ab\r\n\nlast");
  CHECK(Lines.lineText(1) == "ab\r");
  CHECK(Lines.lineText(2) == "");
  CHECK(Lines.lineText(3) == "last");
  CHECK(Lines.lineText(0) == "");
  CHECK(Lines.lineText(4) == "");
  LineIndex Ended("a\n");
  CHECK(Ended.lineText(1) == "a");
  CHECK(Ended.lineText(2) == ""); // the empty line after the final '\n'
  CHECK(Ended.lineText(3) == "");
}
