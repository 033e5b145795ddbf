//===- IncludePrefix.cpp - the #include lines a source file starts with ---===//
#include "frontend/IncludePrefix.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <optional>

using namespace llvm;

namespace hipwright {
namespace {

/// What follows `#NAME` on \p Line, when the line is that directive.
std::optional<StringRef> directiveText(StringRef Line, StringRef Name) {
  Line = Line.trim();
  if (!Line.consume_front("#"))
    return std::nullopt;
  Line = Line.ltrim();
  if (!Line.consume_front(Name))
    return std::nullopt;
  return Line.trim();
}

/// The name and kind of `#include "name"` / `#include <name>` on \p Line
/// (blanks and a trailing // comment allowed); false for anything else.
bool readInclude(StringRef Line, std::string &Name, bool &Angled) {
  std::optional<StringRef> Rest = directiveText(Line, "include");
  if (!Rest)
    return false;
  char Close;
  if (Rest->consume_front("\""))
    Close = '"';
  else if (Rest->consume_front("<"))
    Close = '>';
  else
    return false; // a macro names the header: not this simple reading's
  size_t End = Rest->find(Close);
  if (End == StringRef::npos || End == 0)
    return false;
  StringRef After = Rest->drop_front(End + 1).trim();
  if (!After.empty() && !After.starts_with("//"))
    return false;
  Name = Rest->take_front(End).str();
  Angled = Close == '>';
  return true;
}

bool isPragmaOnce(StringRef Line) {
  std::optional<StringRef> Rest = directiveText(Line, "pragma");
  return Rest && (*Rest == "once" || Rest->starts_with("once //"));
}

std::string readFile(StringRef Path) {
  auto Buf = MemoryBuffer::getFile(Path, /*IsText=*/false,
                                   /*RequiresNullTerminator=*/false);
  return Buf ? (*Buf)->getBuffer().str() : std::string();
}

/// The file \p Name in `#include "Name"` written in \p IncluderDir names.
std::string findQuoted(StringRef Name, StringRef IncluderDir,
                       ArrayRef<std::string> TuArgs) {
  auto Try = [&](StringRef Dir) -> std::string {
    SmallString<256> P(Dir);
    sys::path::append(P, Name);
    if (sys::fs::is_regular_file(P) && !sys::fs::make_absolute(P))
      return std::string(P);
    return "";
  };
  if (sys::path::is_absolute(Name))
    return sys::fs::is_regular_file(Name) ? Name.str() : "";
  if (std::string P = Try(IncluderDir); !P.empty())
    return P;
  for (const char *Flag : {"-iquote", "-I"}) {
    StringRef F(Flag);
    for (size_t I = 0; I < TuArgs.size(); ++I) {
      StringRef A = TuArgs[I];
      StringRef Dir;
      if (A == F && I + 1 < TuArgs.size())
        Dir = TuArgs[++I];
      else if (A.starts_with(F) && A.size() > F.size())
        Dir = A.drop_front(F.size());
      else
        continue;
      if (std::string P = Try(Dir); !P.empty())
        return P;
    }
  }
  return "";
}

std::string joinLines(ArrayRef<std::string> Lines) {
  std::string Out;
  for (const std::string &L : Lines)
    Out += L + "\n";
  return Out;
}

} // namespace

LeadingIncludes leadingIncludes(StringRef Text) {
  LeadingIncludes Out;
  size_t Pos = 0;
  bool InComment = false;
  while (Pos < Text.size()) {
    size_t Eol = Text.find('\n', Pos);
    size_t Next = Eol == StringRef::npos ? Text.size() : Eol + 1;
    StringRef Line = Text.slice(Pos, Eol);
    Pos = Next;
    Line.consume_back("\r");
    if (Line.ends_with("\\"))
      break; // a continued line: let clang read it
    StringRef Rest = Line.trim();
    if (InComment) {
      size_t Close = Rest.find("*/");
      if (Close == StringRef::npos)
        continue;
      InComment = false;
      Rest = Rest.drop_front(Close + 2).trim();
    }
    if (Rest.starts_with("/*")) {
      size_t Close = Rest.find("*/", 2);
      if (Close == StringRef::npos) {
        InComment = true;
        continue;
      }
      Rest = Rest.drop_front(Close + 2).trim();
    }
    if (Rest.empty() || Rest.starts_with("//"))
      continue;
    if (!Out.PragmaOnce && Out.Lines.empty() && isPragmaOnce(Rest)) {
      Out.PragmaOnce = true;
      continue;
    }
    std::string Name;
    bool Angled;
    if (!readInclude(Rest, Name, Angled))
      break;
    Out.Lines.push_back(Angled ? "#include <" + Name + ">"
                               : "#include \"" + Name + "\"");
    Out.Names.push_back(std::move(Name));
    Out.Angled.push_back(Angled);
  }
  return Out;
}

std::vector<PrefixCandidate> prefixCandidates(ArrayRef<std::string> TuArgs,
                                              StringRef MainFile) {
  std::vector<PrefixCandidate> Out;
  SmallString<256> Path(MainFile);
  if (sys::fs::make_absolute(Path))
    return Out;
  std::vector<PrefixLink> Chain;
  // A header chain deeper than this is not worth walking.
  for (int Depth = 0; Depth < 8; ++Depth) {
    LeadingIncludes L = leadingIncludes(readFile(Path));
    if (L.Lines.empty() || (Depth == 0 && L.PragmaOnce))
      break;
    StringRef Dir = sys::path::parent_path(Path);
    for (size_t K = L.Lines.size(); K >= 1; --K) {
      PrefixCandidate C;
      ArrayRef<std::string> Lines = ArrayRef(L.Lines).take_front(K);
      bool AllAngled = std::all_of(L.Angled.begin(), L.Angled.begin() + K,
                                   [](bool A) { return A; });
      C.Dir = AllAngled ? std::string() : Dir.str();
      C.Text = joinLines(Lines);
      C.Chain = Chain;
      C.Chain.push_back({std::string(Path), L.PragmaOnce, Lines.vec()});
      Out.push_back(std::move(C));
    }
    if (L.Angled.front())
      break;
    std::string First = findQuoted(L.Names.front(), Dir, TuArgs);
    if (First.empty())
      break;
    Chain.push_back({std::string(Path), L.PragmaOnce, {L.Lines.front()}});
    Path = First;
  }
  return Out;
}

} // namespace hipwright
