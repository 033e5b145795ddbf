//===- CMakeSyntax.cpp - CMake's command/argument syntax ------------------===//
#include "buildfiles/CMakeSyntax.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace hipwright {

namespace {

class CMakeLexer {
public:
  CMakeLexer(StringRef Text, StringRef FileName) : T(Text), File(FileName) {}

  Expected<std::vector<CMakeCommand>> run() {
    std::vector<CMakeCommand> Out;
    if (T.starts_with("\xEF\xBB\xBF")) // CMake reads UTF-8 with a BOM
      P = 3;
    while (P < T.size()) {
      char C = T[P];
      if (skipBlank()) {
        continue;
      } else if (C == '#') {
        if (Error E = comment())
          return std::move(E);
      } else if (isAlpha(C) || C == '_') {
        Expected<CMakeCommand> Cmd = command();
        if (!Cmd)
          return Cmd.takeError();
        Out.push_back(std::move(*Cmd));
      } else {
        return error(Line, Twine("unexpected '") + T.substr(P, 1) +
                               "' where a command should start");
      }
    }
    return Out;
  }

private:
  StringRef T;
  StringRef File;
  size_t P = 0;
  unsigned Line = 1;

  Error error(unsigned L, const Twine &Msg) const {
    return createStringError(inconvertibleErrorCode(), "%s:%u: error: %s",
                             File.str().c_str(), L, Msg.str().c_str());
  }

  /// Consumes one blank (space, tab, CR, newline: the line is counted) at
  /// P; false when P is not at one.
  bool skipBlank() {
    char C = T[P];
    if (C != '\n' && C != ' ' && C != '\t' && C != '\r')
      return false;
    Line += C == '\n';
    ++P;
    return true;
  }

  void advance(size_t N) {
    for (size_t I = 0; I < N && P < T.size(); ++I, ++P)
      if (T[P] == '\n')
        ++Line;
  }

  /// At '[': the number of '=' of a bracket opener "[=*[", or -1.
  int bracketOpen(size_t At) const {
    if (At >= T.size() || T[At] != '[')
      return -1;
    size_t I = At + 1;
    while (I < T.size() && T[I] == '=')
      ++I;
    return I < T.size() && T[I] == '[' ? int(I - At - 1) : -1;
  }

  /// Consumes a bracket construct whose opener has \p Eq '='s; P is at its
  /// '['. Returns the offset of its content and sets \p ContentEnd.
  Expected<size_t> bracket(int Eq, size_t &ContentEnd) {
    unsigned StartLine = Line;
    std::string Closer = "]" + std::string(Eq, '=') + "]";
    size_t ContentBegin = P + Eq + 2;
    size_t Close = T.find(Closer, ContentBegin);
    if (Close == StringRef::npos)
      return error(StartLine, "unterminated bracket argument or comment "
                              "(no '" +
                                  Closer + "')");
    ContentEnd = Close;
    advance(Close + Closer.size() - P);
    return ContentBegin;
  }

  Error comment() {
    int Eq = bracketOpen(P + 1);
    if (Eq >= 0) {
      ++P; // the '#'
      size_t ContentEnd;
      return bracket(Eq, ContentEnd).takeError();
    }
    while (P < T.size() && T[P] != '\n')
      ++P;
    return Error::success();
  }

  Expected<CMakeCommand> command() {
    CMakeCommand Cmd;
    Cmd.Begin = P;
    Cmd.Line = Line;
    while (P < T.size() && (isAlnum(T[P]) || T[P] == '_'))
      ++P;
    Cmd.Name = T.slice(Cmd.Begin, P).str();
    Cmd.LowerName = StringRef(Cmd.Name).lower();
    while (P < T.size() && (T[P] == ' ' || T[P] == '\t'))
      ++P;
    if (P >= T.size() || T[P] != '(')
      return error(Line,
                   "expected '(' after the command name '" + Cmd.Name + "'");
    Cmd.OpenParen = P++;
    unsigned Depth = 0;
    while (true) {
      if (P >= T.size())
        return error(Cmd.Line, "missing ')' for " + Cmd.Name + "(");
      char C = T[P];
      if (skipBlank()) {
        continue;
      } else if (C == '#') {
        Cmd.HasComment = true;
        if (Error E = comment())
          return std::move(E);
      } else if (C == '(') {
        Cmd.Args.push_back(single(CMakeArgKind::Open));
        ++Depth;
      } else if (C == ')') {
        if (Depth == 0) {
          Cmd.CloseParen = P++;
          return Cmd;
        }
        Cmd.Args.push_back(single(CMakeArgKind::Close));
        --Depth;
      } else if (C == '"') {
        Expected<CMakeArg> A = quoted();
        if (!A)
          return A.takeError();
        Cmd.Args.push_back(*A);
      } else if (int Eq = bracketOpen(P); Eq >= 0) {
        CMakeArg A;
        A.Kind = CMakeArgKind::Bracket;
        A.Begin = P;
        A.Line = Line;
        size_t ContentEnd;
        Expected<size_t> ContentBegin = bracket(Eq, ContentEnd);
        if (!ContentBegin)
          return ContentBegin.takeError();
        A.ContentBegin = *ContentBegin;
        A.Content = T.slice(*ContentBegin, ContentEnd);
        A.End = P;
        Cmd.Args.push_back(A);
      } else {
        Expected<CMakeArg> A = unquoted();
        if (!A)
          return A.takeError();
        Cmd.Args.push_back(*A);
      }
    }
  }

  CMakeArg single(CMakeArgKind K) {
    CMakeArg A;
    A.Kind = K;
    A.Begin = A.ContentBegin = P;
    A.End = P + 1;
    A.Line = Line;
    A.Content = T.substr(P, 1);
    ++P;
    return A;
  }

  /// P is at '"'; consumes through the closing '"'. Moves P past it.
  Error skipQuoted(unsigned StartLine) {
    ++P;
    while (P < T.size() && T[P] != '"') {
      if (T[P] == '\\')
        advance(1);
      advance(1);
    }
    if (P >= T.size())
      return error(StartLine, "unterminated quoted argument");
    ++P;
    return Error::success();
  }

  Expected<CMakeArg> quoted() {
    CMakeArg A;
    A.Kind = CMakeArgKind::Quoted;
    A.Begin = P;
    A.Line = Line;
    if (Error E = skipQuoted(Line))
      return std::move(E);
    A.End = P;
    A.ContentBegin = A.Begin + 1;
    A.Content = T.slice(A.Begin + 1, A.End - 1);
    return A;
  }

  Expected<CMakeArg> unquoted() {
    CMakeArg A;
    A.Kind = CMakeArgKind::Unquoted;
    A.Begin = A.ContentBegin = P;
    A.Line = Line;
    while (P < T.size()) {
      char C = T[P];
      if (C == ' ' || C == '\t' || C == '\r' || C == '\n' || C == '(' ||
          C == ')' || C == '#')
        break;
      if (C == '\\') {
        if (P + 1 >= T.size() || T[P + 1] == '\n')
          return error(Line, "'\\' at the end of an unquoted argument");
        P += 2;
      } else if (C == '"') {
        // Legacy: -Da="b c" is one argument, quotes and space included.
        if (Error E = skipQuoted(Line))
          return std::move(E);
      } else if (C == '$' && P + 1 < T.size() && T[P + 1] == '(') {
        // Legacy make-style $(VAR) reference.
        size_t I = P + 2;
        while (I < T.size() && (isAlnum(T[I]) || T[I] == '_'))
          ++I;
        P = I < T.size() && T[I] == ')' ? I + 1 : P + 1;
      } else {
        ++P;
      }
    }
    A.End = P;
    A.Content = T.slice(A.Begin, A.End);
    return A;
  }
};

} // namespace

Expected<std::vector<CMakeCommand>> parseCMake(StringRef Text,
                                               StringRef FileName) {
  return CMakeLexer(Text, FileName).run();
}

} // namespace hipwright
