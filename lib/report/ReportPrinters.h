//===- ReportPrinters.h - the report's formats ------------------*- C++ -*-===//
//
// Thin printers over the report JSON (BuildReport.h); each lives in its own
// file: CsvReport.cpp, MarkdownReport.cpp, HtmlReport.cpp.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace hipwright {

/// Which table a CSV report holds: one CSV file is one table.
enum class CsvTable {
  Findings,     ///< one row per finding (the default)
  Checklist,    ///< one row per file of the porting checklist
  Kernels,      ///< one row per kernel of the porting checklist
  Dependencies, ///< one row per library of the dependency inventory
  BuildFiles,   ///< one row per build-file note or error (or file without)
};

/// One RFC 4180 row per finding, checklist file or kernel, or library
/// (CRLF line ends, a header row).
void printReportCsv(const llvm::json::Object &Report, llvm::raw_ostream &OS,
                    CsvTable Table = CsvTable::Findings);

/// A pull-request comment: summary table first, details collapsed. Long
/// finding lists are cut to stay under GitHub's comment size.
void printReportMarkdown(const llvm::json::Object &Report,
                         llvm::raw_ostream &OS);

/// One self-contained page: inline CSS and SVG charts, no scripts, nothing
/// fetched.
void printReportHtml(const llvm::json::Object &Report, llvm::raw_ostream &OS);

} // namespace hipwright
