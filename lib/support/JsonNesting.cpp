//===- JsonNesting.cpp - JSON that cannot overflow the stack --------------===//
#include "support/JsonNesting.h"

using namespace llvm;

namespace hipwright {

Error checkJsonNesting(StringRef Text, unsigned MaxDepth) {
  unsigned Depth = 0;
  bool InString = false;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (InString) {
      if (C == '\\')
        ++I; // the escaped character cannot end the string
      else if (C == '"')
        InString = false;
      continue;
    }
    switch (C) {
    case '"':
      InString = true;
      break;
    case '[':
    case '{':
      if (++Depth > MaxDepth)
        return createStringError(
            inconvertibleErrorCode(),
            "line %zu: arrays and objects nested deeper than %u levels",
            Text.take_front(I).count('\n') + 1, MaxDepth);
      break;
    case ']':
    case '}':
      // An unbalanced close is the parser's to report.
      if (Depth)
        --Depth;
      break;
    default:
      break;
    }
  }
  return Error::success();
}

Expected<json::Value> parseJsonBounded(StringRef Text, unsigned MaxDepth) {
  if (Error E = checkJsonNesting(Text, MaxDepth))
    return std::move(E);
  return json::parse(Text);
}

} // namespace hipwright
