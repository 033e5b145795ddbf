#include "report/Escape.h"
#include "report/SvgBarChart.h"

#include <catch2/catch.hpp>

using namespace hipwright;

TEST_CASE("HTML escaping turns markup into text", "[report][escape]") {
  CHECK(htmlEscape("<img src=x onerror=alert(1)>.cu") ==
        "&lt;img src=x onerror=alert(1)&gt;.cu");
  CHECK(htmlEscape(R"(a&b "q" 'r')") == "a&amp;b &quot;q&quot; &#39;r&#39;");
  CHECK(htmlEscape("plain") == "plain");
}

TEST_CASE("CSV fields follow RFC 4180", "[report][csv]") {
  CHECK(csvField("plain") == "plain");
  CHECK(csvField("") == "");
  CHECK(csvField("a,b") == "\"a,b\"");
  CHECK(csvField("say \"hi\"") == "\"say \"\"hi\"\"\"");
  CHECK(csvField("two\nlines") == "\"two\nlines\"");
  CHECK(csvField("cr\rhere") == "\"cr\rhere\"");
  CHECK(csvField(" padded") == "\" padded\"");
}

// OWASP, CSV injection: a spreadsheet runs a cell that starts with one of
// these as a formula; a leading quote inside a quoted field makes it text.
TEST_CASE("CSV fields never start a formula", "[report][csv]") {
  CHECK(csvField("=HYPERLINK(\"http://x\")") ==
        "\"'=HYPERLINK(\"\"http://x\"\")\"");
  CHECK(csvField("+1") == "\"'+1\"");
  CHECK(csvField("-2+3+cmd|' /C calc'!A0") == "\"'-2+3+cmd|' /C calc'!A0\"");
  CHECK(csvField("@SUM(A1)") == "\"'@SUM(A1)\"");
  CHECK(csvField("\tx") == "\"'\tx\"");
  CHECK(csvField("\rx") == "\"'\rx\"");
  // Only the first character counts: these are not formulas.
  CHECK(csvField("a=b") == "a=b");
  CHECK(csvField("x-1") == "x-1");
}

TEST_CASE("Markdown escaping keeps tables and markup intact",
          "[report][escape]") {
  CHECK(markdownEscape("a|b") == "a\\|b");
  CHECK(markdownEscape("<img src=x>") == "&lt;img src=x&gt;");
  CHECK(markdownEscape("__x__ *y*") == "\\_\\_x\\_\\_ \\*y\\*");
  CHECK(markdownEscape("line\nbreak") == "line break");
}

TEST_CASE("bar chart labels are escaped and shortened on a character boundary",
          "[report][escape]") {
  std::string Svg =
      svgBarChart({{"<img src=x onerror=alert(1)>.cu", 1, 2, "1-2 h"}}, "t");
  CHECK(Svg.find("<img") == std::string::npos);
  CHECK(Svg.find("&lt;img src=x onerror=alert(1)&gt;.cu") != std::string::npos);
  // "é" is two bytes; cutting must not split it.
  std::string S = shortenLeft("dir/\xC3\xA9\xC3\xA9\xC3\xA9.cu", 6);
  CHECK(S == "\xE2\x80\xA6\xC3\xA9.cu");
}
