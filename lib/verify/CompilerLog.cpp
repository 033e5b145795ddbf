//===- CompilerLog.cpp - reading and writing compile logs -----------------===//
#include "verify/CompilerLog.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace hipwright::verify {

static SmallVector<StringRef, 64> linesOf(StringRef Log) {
  SmallVector<StringRef, 64> Lines;
  Log.split(Lines, '\n', -1, false);
  for (StringRef &L : Lines)
    L = L.rtrim("\r");
  return Lines;
}

std::optional<CompileError> parseFirstError(StringRef Log) {
  // The file part is greedy: a path may hold ':' or '(', the line and
  // column that follow it never do.
  static const Regex Clang("^(.+):([0-9]+):([0-9]+): (fatal )?error: (.*)$");
  static const Regex Nvcc("^(.+)\\(([0-9]+)\\): (catastrophic )?error: (.*)$");
  for (StringRef L : linesOf(Log)) {
    SmallVector<StringRef, 6> M;
    CompileError E;
    if (Clang.match(L, &M)) {
      E.File = M[1].str();
      to_integer(M[2], E.Line);
      to_integer(M[3], E.Column);
      E.Message = M[5].str();
      return E;
    }
    if (Nvcc.match(L, &M)) {
      E.File = M[1].str();
      to_integer(M[2], E.Line);
      E.Message = M[4].str();
      return E;
    }
  }
  return std::nullopt;
}

std::vector<std::string> firstErrorLines(StringRef Log) {
  std::vector<std::string> Out;
  SmallVector<StringRef, 64> Lines = linesOf(Log);
  for (StringRef L : Lines) {
    if (Out.size() == 6)
      break;
    if (L.contains("error:") || L.contains("requested here"))
      Out.push_back(L.str());
  }
  if (!Out.empty())
    return Out;
  for (auto It = Lines.rbegin(); It != Lines.rend() && Out.size() < 5; ++It)
    if (!It->trim().empty())
      Out.insert(Out.begin(), It->str());
  return Out;
}

unsigned countWarningLines(StringRef Log) {
  unsigned N = 0;
  for (StringRef L : linesOf(Log))
    N += L.contains("warning:");
  return N;
}

RunOutcome runLogged(std::vector<std::string> Argv, std::string &Log,
                     StringRef LogPath, unsigned TimeoutSeconds) {
  RunSpec S;
  S.Argv = std::move(Argv);
  S.TimeoutSeconds = TimeoutSeconds;
  RunOutcome R = runProcess(S);
  std::string Text = R.Output;
  if (!R.Started)
    Text = "could not run " + S.Argv[0] + ": " + R.Output + "\n";
  else if (R.TimedOut)
    Text += "\n[timed out after " + std::to_string(TimeoutSeconds) + " s]\n";
  Log += Text;
  if (!LogPath.empty()) {
    std::error_code EC;
    raw_fd_ostream OS(LogPath, EC, sys::fs::OF_Append);
    if (!EC)
      OS << Text;
  }
  return R;
}

} // namespace hipwright::verify
