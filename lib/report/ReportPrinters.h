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

/// One RFC 4180 row per finding (CRLF line ends, a header row).
void printReportCsv(const llvm::json::Object &Report, llvm::raw_ostream &OS);

/// A pull-request comment: summary table first, details collapsed. Long
/// finding lists are cut to stay under GitHub's comment size.
void printReportMarkdown(const llvm::json::Object &Report,
                         llvm::raw_ostream &OS);

/// One self-contained page: inline CSS and SVG charts, no scripts, nothing
/// fetched.
void printReportHtml(const llvm::json::Object &Report, llvm::raw_ostream &OS);

} // namespace hipwright
