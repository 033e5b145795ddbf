//===- BuildFiles.cpp - the build files of a ported tree ------------------===//
#include "buildfiles/BuildFiles.h"
#include "buildfiles/BuildRules.h"
#include "buildfiles/CMakeMigrator.h"
#include "buildfiles/ExistingHipBuild.h"
#include "buildfiles/MakeMigrator.h"
#include "edit/EditSet.h"
#include "support/LineIndex.h"

#include "llvm/ADT/StringExtras.h"
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
  // A tree with a HIP build of its own (ggml's GGML_HIP) gets no second one:
  // its CUDA CMake files stay as they are and say where that build is.
  std::vector<std::string> CMakePaths, CMakeTexts;
  for (const BuildFileResult &R : Out)
    if (R.Errors.empty() && buildFileKind(R.Path) == BuildFileKind::CMake) {
      CMakePaths.push_back(R.Path);
      CMakeTexts.push_back(R.Original);
    }
  std::optional<ExistingHipBuild> HipBuild =
      findExistingHipBuild(CMakePaths, CMakeTexts, Opts.Root);
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
    if (HipBuild && buildFileKind(R.Path) == BuildFileKind::CMake &&
        !M.Edits.empty()) {
      unsigned Line =
          LineIndex(R.Original).lineAndColumn(M.Edits.front().Offset).first;
      std::string Use = HipBuild->Options.empty()
                            ? std::string("that build")
                            : "it with " + join(HipBuild->Options, " or ");
      R.Notes.push_back(R.Path + ":" + std::to_string(Line) +
                        ": note: not migrated: the tree already builds for "
                        "HIP (" +
                        HipBuild->Evidence + "); configure " + Use +
                        " rather than a second HIP build from this file");
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
