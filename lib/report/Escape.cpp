//===- Escape.cpp - user text in HTML, Markdown and CSV -------------------===//
#include "report/Escape.h"

using namespace llvm;

namespace hipwright {

std::string htmlEscape(StringRef S) {
  std::string Out;
  Out.reserve(S.size());
  for (char C : S) {
    switch (C) {
    case '&':
      Out += "&amp;";
      break;
    case '<':
      Out += "&lt;";
      break;
    case '>':
      Out += "&gt;";
      break;
    case '"':
      Out += "&quot;";
      break;
    case '\'':
      Out += "&#39;";
      break;
    default:
      Out += C;
    }
  }
  return Out;
}

std::string csvField(StringRef S) {
  // A spreadsheet opening the file runs a cell that starts with = + - or @
  // as a formula (tab and CR too: some strip them first and then look), so
  // a file named `=HYPERLINK(...).cu` or a message quoting user code could
  // run something on the reader's machine. OWASP's advice for CSV
  // injection: a leading single quote, which makes the cell text, inside
  // quotes.
  bool Formula = !S.empty() && StringRef("=+-@\t\r").contains(S.front());
  bool Quote = Formula || S.find_first_of(",\"\r\n") != StringRef::npos ||
               (!S.empty() && (S.front() == ' ' || S.back() == ' '));
  if (!Quote)
    return S.str();
  std::string Out = "\"";
  if (Formula)
    Out += '\'';
  for (char C : S) {
    if (C == '"')
      Out += '"';
    Out += C;
  }
  Out += '"';
  return Out;
}

std::string markdownEscape(StringRef S) {
  std::string Out;
  for (char C : S) {
    switch (C) {
    case '&':
      Out += "&amp;";
      break;
    case '<':
      Out += "&lt;";
      break;
    case '>':
      Out += "&gt;";
      break;
    case '\n':
    case '\r':
      Out += ' ';
      break;
    case '\\':
    case '`':
    case '*':
    case '_':
    case '[':
    case ']':
    case '|':
    case '#':
    case '~':
      Out += '\\';
      Out += C;
      break;
    default:
      Out += C;
    }
  }
  return Out;
}

} // namespace hipwright
