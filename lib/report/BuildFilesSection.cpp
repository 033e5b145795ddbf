//===- BuildFilesSection.cpp - build files in the report ------------------===//
#include "report/BuildFilesSection.h"
#include "report/HourTerms.h"

#include "buildfiles/BuildFiles.h"
#include "report/EffortModel.h"

#include "llvm/ADT/StringExtras.h"

#include <map>

using namespace llvm;

namespace hipwright {

BuildMessage splitBuildMessage(StringRef Path, StringRef Message) {
  BuildMessage Out;
  StringRef S = Message;
  if (!S.consume_front(Path)) {
    Out.Text = Message.str();
    return Out;
  }
  // ":LINE" and, from CMake's parser, never a column; then ": note: " or
  // ": error: ".
  if (S.consume_front(":")) {
    StringRef Digits = S.take_while(isDigit);
    if (!Digits.empty() && !Digits.getAsInteger(10, Out.Line))
      S = S.drop_front(Digits.size());
  }
  S.consume_front(":");
  S = S.ltrim();
  if (!S.consume_front("note: "))
    S.consume_front("error: ");
  Out.Text = S.str();
  return Out;
}

namespace {

unsigned lineCount(StringRef Text) {
  if (Text.empty())
    return 0;
  return Text.count('\n') + (Text.back() == '\n' ? 0 : 1);
}

/// A bucket's hours, N times.
void addBucket(HourTerms &T, const EffortBucket &B, unsigned N) {
  T.add(B.Name, B.MinHours, B.MaxHours, N);
}

json::Array messagesJson(StringRef Path, const std::vector<std::string> &Ms) {
  json::Array A;
  for (const std::string &M : Ms) {
    BuildMessage B = splitBuildMessage(Path, M);
    A.push_back(json::Object{
        {"line", B.Line ? json::Value(B.Line) : json::Value(nullptr)},
        {"message", B.Text}});
  }
  return A;
}

} // namespace

Expected<json::Object>
buildFilesSection(const PortResult &R, const std::vector<std::string> &Targets,
                  ConfigResolver &Configs) {
  // What port made of the build files, or the same migration run here: the
  // report reads the tree; it writes nothing.
  std::vector<BuildFileResult> Migrated;
  for (const FileOutcome &F : R.Files)
    if (F.BuildFile)
      Migrated.push_back({F.Path, F.Original, F.Translated, F.Notes,
                          F.BuildNvccLeft, F.BuildFlagsUnplaced, F.Errors});
  if (Migrated.empty() && !R.Inputs.BuildFiles.empty()) {
    BuildMigrationOptions Opts;
    if (!Targets.empty())
      Opts.Architectures = Targets;
    Opts.Root = R.Inputs.Root;
    Migrated = migrateBuildFiles(R.Inputs.BuildFiles, Opts);
  }

  EffortModels Models;
  HourTerms Total;
  unsigned CMake = 0, Make = 0, Changed = 0, Unchanged = 0, NotMigrated = 0,
           Notes = 0, Errors = 0;
  json::Array Items;
  for (const BuildFileResult &B : Migrated) {
    Expected<const EffortModel *> Model = Models.forFile(Configs, B.Path);
    if (!Model)
      return Model.takeError();
    // Both buckets are defaults, which a configuration may re-price but
    // not remove.
    const EffortBucket &NoteB = *(*Model)->bucket(kBuildNoteBucket);
    const EffortBucket &ErrorB = *(*Model)->bucket(kBuildErrorBucket);
    HourTerms Own;
    addBucket(Own, NoteB, B.Notes.size());
    // A file the migration could not read is one hand migration, however
    // many errors say why.
    addBucket(Own, ErrorB, B.Errors.empty() ? 0 : 1);
    addBucket(Total, NoteB, B.Notes.size());
    addBucket(Total, ErrorB, B.Errors.empty() ? 0 : 1);

    bool IsMake = buildFileKind(B.Path) == BuildFileKind::Make;
    (IsMake ? Make : CMake)++;
    std::string Status;
    if (!B.Errors.empty()) {
      Status = "not-migrated";
      ++NotMigrated;
    } else if (B.Translated != B.Original) {
      Status = "migrated";
      ++Changed;
    } else {
      Status = "unchanged";
      ++Unchanged;
    }
    Notes += B.Notes.size();
    Errors += B.Errors.size();
    Items.push_back(json::Object{
        {"path", R.Inputs.relative(B.Path)},
        {"kind", IsMake ? "make" : "cmake"},
        {"status", Status},
        {"changed", B.Errors.empty() && B.Translated != B.Original},
        {"lines", lineCount(B.Original)},
        {"notes", messagesJson(B.Path, B.Notes)},
        {"errors", messagesJson(B.Path, B.Errors)},
        {"min_hours", Own.minHours()},
        {"max_hours", Own.maxHours()}});
  }
  return json::Object{{"files", int64_t(Migrated.size())},
                      {"cmake", CMake},
                      {"make", Make},
                      {"migrated", Changed},
                      {"unchanged", Unchanged},
                      {"not_migrated", NotMigrated},
                      {"notes", Notes},
                      {"errors", Errors},
                      {"min_hours", Total.minHours()},
                      {"max_hours", Total.maxHours()},
                      {"terms", Total.toJson()},
                      {"items", std::move(Items)}};
}

} // namespace hipwright
