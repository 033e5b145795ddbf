//===- MatrixPrinters.cpp - the verify matrix as text, Markdown, HTML -----===//
//
// The matrix is meant to be read at a glance: one row per program, one short
// word per cell, then the details of every cell that is not a plain pass
// (why it failed, why it was not run), grouped so a reason shared by many
// cells ("no GPU") is said once.
//
//===----------------------------------------------------------------------===//
#include "verify/VerifyMatrix.h"

#include "report/Escape.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace llvm;

namespace hipwright::verify {

namespace {

/// A cell's word in the at-a-glance table. Failures shout so they stand out
/// in a wall of passes.
StringRef shortWord(const ProgramRow &P, const std::string &Col) {
  auto It = P.Cells.find(Col);
  if (It == P.Cells.end())
    return "";
  switch (It->second.Status) {
  case CellStatus::Pass:
    return "pass";
  case CellStatus::Fail:
    return "FAIL";
  case CellStatus::Error:
    return "ERROR";
  case CellStatus::NotRun:
    return "-";
  }
  return "";
}

/// Not-run cells grouped by their reason: reason -> "program: cell" list.
std::vector<std::pair<std::string, std::vector<std::string>>>
notRunReasons(const Matrix &M) {
  std::vector<std::pair<std::string, std::vector<std::string>>> Groups;
  for (const ProgramRow &P : M.Programs)
    for (const std::string &Col : M.Columns) {
      auto It = P.Cells.find(Col);
      if (It == P.Cells.end() || It->second.Status != CellStatus::NotRun)
        continue;
      auto G = std::find_if(Groups.begin(), Groups.end(), [&](auto &E) {
        return E.first == It->second.Detail;
      });
      if (G == Groups.end()) {
        Groups.push_back({It->second.Detail, {}});
        G = std::prev(Groups.end());
      }
      G->second.push_back(P.Name + ": " + Col);
    }
  return Groups;
}

std::string summaryLine(const Matrix &M) {
  auto N = M.counts();
  return formatv("{0} program{7}, {1} cells: {2} pass, {3} fail, {4} error, "
                 "{5} not run ({6:f1} s)",
                 M.Programs.size(),
                 N[CellStatus::Pass] + N[CellStatus::Fail] +
                     N[CellStatus::Error] + N[CellStatus::NotRun],
                 N[CellStatus::Pass], N[CellStatus::Fail], N[CellStatus::Error],
                 N[CellStatus::NotRun], M.Seconds,
                 M.Programs.size() == 1 ? "" : "s")
      .str();
}

} // namespace

void printText(const Matrix &M, raw_ostream &OS) {
  size_t NameW = 7;
  for (const ProgramRow &P : M.Programs)
    NameW = std::max(NameW, P.Name.size());
  // Column headers are split at their first '-' onto two lines
  // ("port-build" / "gfx942") so the table stays narrow.
  std::vector<std::pair<std::string, std::string>> Heads;
  std::vector<size_t> W;
  for (const std::string &C : M.Columns) {
    size_t Cut = C.find('-', C.find('-') + 1);
    std::string A = Cut == std::string::npos ? C : C.substr(0, Cut);
    std::string B = Cut == std::string::npos ? "" : C.substr(Cut + 1);
    W.push_back(std::max<size_t>({A.size(), B.size(), 5}));
    Heads.push_back({A, B});
  }
  OS << left_justify("program", NameW);
  for (size_t I = 0; I < Heads.size(); ++I)
    OS << "  " << left_justify(Heads[I].first, W[I]);
  OS << "\n" << left_justify("", NameW);
  for (size_t I = 0; I < Heads.size(); ++I)
    OS << "  " << left_justify(Heads[I].second, W[I]);
  OS << "\n";
  for (const ProgramRow &P : M.Programs) {
    OS << left_justify(P.Name, NameW);
    for (size_t I = 0; I < M.Columns.size(); ++I)
      OS << "  " << left_justify(shortWord(P, M.Columns[I]), W[I]);
    OS << "\n";
  }

  bool Several = false;
  for (const ProgramRow &P : M.Programs) {
    if (P.Sources.size() < 2)
      continue;
    if (!Several)
      OS << "\nprograms built from several sources:\n";
    Several = true;
    std::vector<std::string> Names;
    for (const std::string &S : P.Sources)
      Names.push_back(sys::path::filename(S).str());
    OS << "  " << P.Name << ": " << join(Names, " ") << " (" << P.SourcesFrom
       << ")\n";
  }

  bool Header = false;
  for (const ProgramRow &P : M.Programs)
    for (const std::string &Col : M.Columns) {
      auto It = P.Cells.find(Col);
      if (It == P.Cells.end() || It->second.Status == CellStatus::NotRun)
        continue;
      if (It->second.Status == CellStatus::Pass)
        continue;
      if (!Header)
        OS << "\nfailures:\n";
      Header = true;
      OS << "  " << P.Name << " " << Col << ": " << toString(It->second.Status)
         << ": " << It->second.Detail << "\n";
    }
  auto Reasons = notRunReasons(M);
  if (!Reasons.empty())
    OS << "\nnot run:\n";
  for (const auto &[Why, Where] : Reasons) {
    OS << "  " << Why << " (" << Where.size() << " cell"
       << (Where.size() == 1 ? "" : "s");
    if (Where.size() <= 3) {
      OS << ": ";
      for (size_t I = 0; I < Where.size(); ++I)
        OS << (I ? ", " : "") << Where[I];
    }
    OS << ")\n";
  }
  OS << "\n" << summaryLine(M) << "\n";
}

void printMarkdown(const Matrix &M, raw_ostream &OS) {
  OS << "# hipwright verify\n\n" << summaryLine(M) << "\n\n| program |";
  for (const std::string &C : M.Columns)
    OS << " " << C << " |";
  OS << "\n| --- |";
  for (size_t I = 0; I < M.Columns.size(); ++I)
    OS << " --- |";
  OS << "\n";
  for (const ProgramRow &P : M.Programs) {
    OS << "| " << markdownEscape(P.Name) << " |";
    for (const std::string &C : M.Columns)
      OS << " " << shortWord(P, C) << " |";
    OS << "\n";
  }
  OS << "\n## Cells\n\n";
  for (const ProgramRow &P : M.Programs)
    for (const std::string &Col : M.Columns) {
      auto It = P.Cells.find(Col);
      if (It == P.Cells.end() || It->second.Status == CellStatus::NotRun)
        continue;
      OS << "- " << markdownEscape(P.Name) << " `" << Col
         << "`: " << toString(It->second.Status) << ": "
         << markdownEscape(It->second.Detail) << "\n";
    }
  auto Reasons = notRunReasons(M);
  if (!Reasons.empty())
    OS << "\n## Not run\n\n";
  for (const auto &[Why, Where] : Reasons)
    OS << "- " << markdownEscape(Why) << " (" << Where.size()
       << (Where.size() == 1 ? " cell" : " cells") << ")\n";
}

void printHtml(const Matrix &M, raw_ostream &OS) {
  OS << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        "<title>hipwright verify</title><style>"
        "body{font-family:system-ui,sans-serif;margin:2em}"
        "table{border-collapse:collapse}td,th{border:1px solid #ccc;"
        "padding:4px 8px;font-size:13px}th{background:#f4f4f4}"
        ".pass{background:#d9f2d9}.fail{background:#f8c8c8;font-weight:bold}"
        ".error{background:#f8e0a8;font-weight:bold}.not-run{color:#888}"
        "</style></head><body>\n<h1>hipwright verify</h1>\n<p>"
     << htmlEscape(summaryLine(M)) << "</p>\n<table>\n<tr><th>program</th>";
  for (const std::string &C : M.Columns)
    OS << "<th>" << htmlEscape(C) << "</th>";
  OS << "</tr>\n";
  for (const ProgramRow &P : M.Programs) {
    OS << "<tr><td>" << htmlEscape(P.Name) << "</td>";
    for (const std::string &C : M.Columns) {
      auto It = P.Cells.find(C);
      if (It == P.Cells.end()) {
        OS << "<td></td>";
        continue;
      }
      StringRef S = toString(It->second.Status);
      OS << "<td class=\"" << S << "\" title=\""
         << htmlEscape(It->second.Detail) << "\">" << htmlEscape(S) << "</td>";
    }
    OS << "</tr>\n";
  }
  OS << "</table>\n<h2>Cells</h2>\n<ul>\n";
  for (const ProgramRow &P : M.Programs)
    for (const std::string &Col : M.Columns) {
      auto It = P.Cells.find(Col);
      if (It == P.Cells.end())
        continue;
      OS << "<li><b>" << htmlEscape(P.Name) << "</b> " << htmlEscape(Col)
         << ": " << htmlEscape(toString(It->second.Status)) << ": "
         << htmlEscape(It->second.Detail) << "</li>\n";
    }
  OS << "</ul>\n</body></html>\n";
}

} // namespace hipwright::verify
