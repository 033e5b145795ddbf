//===- TsvTable.h - the rows of a tab-separated data table ------*- C++ -*-===//
//
// The data tables under rules/ are tab-separated, one row a line, with
// blank lines and lines starting with '#' left out. This reads them and
// words every error the same way, "NAME:LINE: what", so a bad row is found
// by its file and line.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

namespace hipwright {

/// One row of a table: its line number (from 1) and its cells.
struct TsvRow {
  unsigned Line = 0;
  llvm::ArrayRef<llvm::StringRef> Cells;
};

/// Calls \p OnRow for each row of \p Text, stopping at the first error it
/// returns. A row without exactly \p Columns cells is an error ("expected N
/// tab-separated columns, found M") before \p OnRow sees it.
llvm::Error
forEachTsvRow(llvm::StringRef Name, llvm::StringRef Text, unsigned Columns,
              llvm::function_ref<llvm::Error(const TsvRow &)> OnRow);

/// "NAME:LINE: MSG", the form every table error takes.
llvm::Error tsvError(llvm::StringRef Name, unsigned Line,
                     const llvm::Twine &Msg);

} // namespace hipwright
