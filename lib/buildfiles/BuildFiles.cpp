//===- BuildFiles.cpp - the build files of a ported tree ------------------===//
#include "buildfiles/BuildFiles.h"
#include "buildfiles/BuildRules.h"
#include "buildfiles/CMakeMigrator.h"
#include "buildfiles/MakeMigrator.h"
#include "edit/EditSet.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <set>

using namespace llvm;

namespace hipwright {

std::optional<BuildFileKind> buildFileKind(StringRef Path) {
  StringRef Name = sys::path::filename(Path);
  if (Name == "CMakeLists.txt" || Name.ends_with(".cmake"))
    return BuildFileKind::CMake;
  if (Name == "GNUmakefile" || Name == "Makefile" || Name == "makefile" ||
      Name.ends_with(".mk"))
    return BuildFileKind::Make;
  return std::nullopt;
}

std::vector<BuildFileResult>
migrateBuildFiles(const std::vector<std::string> &Paths,
                  const BuildMigrationOptions &Opts) {
  std::vector<BuildFileResult> Out(Paths.size());
  const BuildRuleTable &Rules = BuildRuleTable::builtin();
  std::set<std::string> Needed, Found;
  for (size_t I = 0; I < Paths.size(); ++I) {
    BuildFileResult &R = Out[I];
    R.Path = Paths[I];
    auto Buf = MemoryBuffer::getFile(R.Path, /*IsText=*/false,
                                     /*RequiresNullTerminator=*/false);
    if (!Buf) {
      R.Errors.push_back(R.Path + ": error: " + Buf.getError().message());
      continue;
    }
    R.Original = R.Translated = (*Buf)->getBuffer().str();
    if (buildFileKind(R.Path) == BuildFileKind::CMake)
      collectCMakePackages(R.Original, Rules, Needed, Found);
  }
  CMakeMigrationContext Ctx;
  Ctx.Architectures = Opts.Architectures;
  Ctx.Rules = &Rules;
  for (const std::string &P : Needed)
    if (!Found.count(P))
      Ctx.Packages.insert(P);
  for (BuildFileResult &R : Out) {
    if (!R.Errors.empty())
      continue;
    CMakeMigration M;
    if (buildFileKind(R.Path) == BuildFileKind::Make) {
      MakeMigrationContext MC;
      MC.Architectures = Opts.Architectures;
      MC.Rules = &Rules;
      M = migrateMake(R.Path, R.Original, MC);
    } else {
      M = migrateCMake(R.Path, R.Original, Ctx);
    }
    if (!M.Error.empty()) {
      R.Errors.push_back(M.Error);
      continue;
    }
    R.Translated = applyEdits(R.Original, M.Edits);
    for (const BuildNote &N : M.Notes) {
      R.NvccLeft += N.Kind == BuildNoteKind::NvccLeft;
      R.FlagsUnplaced += N.Kind == BuildNoteKind::FlagUnplaced;
      R.Notes.push_back(R.Path + ":" + std::to_string(N.Line) +
                        ": note: " + N.Message);
    }
  }
  return Out;
}

} // namespace hipwright
