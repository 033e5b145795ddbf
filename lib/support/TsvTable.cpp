//===- TsvTable.cpp - the rows of a tab-separated data table --------------===//
#include "support/TsvTable.h"

#include "llvm/ADT/SmallVector.h"

using namespace llvm;

namespace hipwright {

Error tsvError(StringRef Name, unsigned Line, const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(),
                           Name + ":" + Twine(Line) + ": " + Msg);
}

Error forEachTsvRow(StringRef Name, StringRef Text, unsigned Columns,
                    function_ref<Error(const TsvRow &)> OnRow) {
  SmallVector<StringRef, 64> Lines;
  Text.split(Lines, '\n');
  SmallVector<StringRef, 12> Cells;
  for (size_t I = 0; I < Lines.size(); ++I) {
    StringRef L = Lines[I].rtrim("\r");
    if (L.trim().empty() || L.starts_with("#"))
      continue;
    Cells.clear();
    L.split(Cells, '\t');
    if (Cells.size() != Columns)
      return tsvError(Name, I + 1,
                      "expected " + Twine(Columns) +
                          " tab-separated columns, found " +
                          Twine(Cells.size()));
    if (Error E = OnRow({static_cast<unsigned>(I + 1), Cells}))
      return E;
  }
  return Error::success();
}

} // namespace hipwright
