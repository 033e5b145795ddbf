//===- ProgramSources.cpp - the sources one test program is built from ----===//
#include "verify/ProgramSources.h"

#include "buildfiles/CMakeSyntax.h"
#include "buildfiles/MakeModel.h"
#include "support/Paths.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"

#include <algorithm>

using namespace llvm;

namespace hipwright::verify {

namespace {

/// \p Name (as a build file writes it) in \p Dir, if it is an existing source.
std::optional<std::string> sourceIn(StringRef Dir, StringRef Name) {
  if (Name.empty() || Name.contains('$') || !isProgramSource(Name))
    return std::nullopt;
  std::string P = resolvePath(Dir, Name);
  if (!sys::fs::is_regular_file(P))
    return std::nullopt;
  return P;
}

/// Main first, then the others sorted, each once.
std::vector<std::string> ordered(StringRef Main, std::vector<std::string> All) {
  llvm::sort(All);
  All.erase(std::unique(All.begin(), All.end()), All.end());
  std::vector<std::string> Out = {Main.str()};
  for (std::string &F : All)
    if (F != Main)
      Out.push_back(std::move(F));
  return Out;
}

std::optional<ProgramSources> fromCMake(StringRef Main, StringRef Dir) {
  SmallString<256> Path(Dir);
  sys::path::append(Path, "CMakeLists.txt");
  auto Buf = MemoryBuffer::getFile(Path);
  if (!Buf)
    return std::nullopt;
  Expected<std::vector<CMakeCommand>> Cmds =
      parseCMake((*Buf)->getBuffer(), Path);
  if (!Cmds) {
    consumeError(Cmds.takeError());
    return std::nullopt;
  }
  for (const CMakeCommand &C : *Cmds) {
    if (C.LowerName != "add_executable" && C.LowerName != "cuda_add_executable")
      continue;
    std::vector<std::string> Files;
    bool NamesMain = false;
    for (size_t I = 1; I < C.Args.size(); ++I) {
      if (!C.Args[I].isValue())
        continue;
      if (std::optional<std::string> F = sourceIn(Dir, C.Args[I].Content)) {
        NamesMain |= *F == Main;
        Files.push_back(std::move(*F));
      }
    }
    if (NamesMain && !C.Args.empty())
      return ProgramSources{ordered(Main, std::move(Files)),
                            "CMakeLists.txt:" + std::to_string(C.Line) +
                                ": add_executable(" + C.Args[0].Content.str() +
                                ")"};
  }
  return std::nullopt;
}

std::optional<ProgramSources> fromMake(StringRef Main, StringRef Dir) {
  for (StringRef Name : {"GNUmakefile", "makefile", "Makefile"}) {
    SmallString<256> Path(Dir);
    sys::path::append(Path, Name);
    auto Buf = MemoryBuffer::getFile(Path);
    if (!Buf)
      continue;
    StringRef T = (*Buf)->getBuffer();
    MakeModel M(T);
    for (const MakeAssignment &A : M.Assignments) {
      std::vector<std::string> Files;
      bool NamesMain = false;
      for (const MakeWord &W : wordsOf(T, A.ValueBegin, A.ValueEnd, false))
        if (std::optional<std::string> F = sourceIn(Dir, W.Text)) {
          NamesMain |= *F == Main;
          Files.push_back(std::move(*F));
        }
      if (NamesMain) {
        unsigned Line = 1 + std::count(T.begin(), T.begin() + A.Line, '\n');
        return ProgramSources{ordered(Main, std::move(Files)),
                              Name.str() + ":" + std::to_string(Line) + ": " +
                                  A.Name};
      }
    }
    return std::nullopt; // make reads the first of these it finds
  }
  return std::nullopt;
}

} // namespace

bool definesMain(StringRef Path) {
  auto Buf = MemoryBuffer::getFile(Path);
  if (!Buf)
    return false;
  static const Regex Main("(^|[^A-Za-z0-9_:.])main[[:space:]]*\\(");
  return Main.match((*Buf)->getBuffer());
}

bool isProgramSource(StringRef Path) {
  StringRef Ext = sys::path::extension(Path);
  return Ext == ".cu" || Ext == ".cpp" || Ext == ".cc" || Ext == ".cxx" ||
         Ext == ".c";
}

ProgramSources programSources(StringRef Main) {
  SmallString<256> Dir(sys::path::parent_path(Main));
  if (std::optional<ProgramSources> P = fromCMake(Main, Dir))
    return *P;
  if (std::optional<ProgramSources> P = fromMake(Main, Dir))
    return *P;
  std::vector<std::string> All;
  unsigned Mains = 0;
  std::error_code EC;
  for (sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC)) {
    if (!isProgramSource(It->path()) || !sys::fs::is_regular_file(It->path()))
      continue;
    Mains += definesMain(It->path());
    All.push_back(It->path());
  }
  if (Mains == 1 && All.size() > 1)
    return {ordered(Main, std::move(All)), "every source in its folder"};
  return {{Main.str()}, "its file"};
}

} // namespace hipwright::verify
