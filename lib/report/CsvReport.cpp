//===- CsvReport.cpp - one table per CSV file -----------------------------===//
#include "report/BuildReport.h"
#include "report/Escape.h"
#include "report/ReportJsonView.h"
#include "report/ReportPrinters.h"
#include "report/ReportText.h"

using namespace llvm;
using namespace hipwright::report;

namespace hipwright {

namespace {

/// A JSON array of strings as one cell, items separated by "; ".
std::string joined(const json::Array &A) {
  std::string Out;
  for (const json::Value &V : A)
    if (auto S = V.getAsString())
      Out += (Out.empty() ? "" : "; ") + S->str();
  return Out;
}

void checklistCsv(const json::Object &Report, raw_ostream &OS) {
  OS << "file,class,reasons,rocm,libraries,kernels,findings,hours_min,"
        "hours_max,floor,override\r\n";
  eachObj(arr(obj(Report, "checklist"), "files"), [&](const json::Object &F) {
    const json::Object &O = obj(F, "override");
    OS << csvField(str(F, "path")) << ',' << csvField(str(F, "class")) << ','
       << csvField(checklistReasons(F)) << ','
       << csvField(joined(arr(F, "rocm"))) << ','
       << csvField(joined(arr(F, "libraries"))) << ',' << intOf(F, "kernels")
       << ',' << intOf(F, "findings") << ',' << formatHours(num(F, "min_hours"))
       << ',' << formatHours(num(F, "max_hours")) << ','
       << (flag(F, "floor") ? "true" : "false") << ','
       << csvField(str(O, "source")) << "\r\n";
  });
}

void kernelsCsv(const json::Object &Report, raw_ostream &OS) {
  OS << "kernel,file,line,class,reasons,rocm\r\n";
  eachObj(arr(obj(Report, "checklist"), "kernels"), [&](const json::Object &K) {
    OS << csvField(str(K, "name")) << ',' << csvField(str(K, "file")) << ','
       << intOf(K, "line") << ',' << csvField(str(K, "class")) << ','
       << csvField(checklistReasons(K)) << ','
       << csvField(joined(arr(K, "rocm"))) << "\r\n";
  });
}

void dependenciesCsv(const json::Object &Report, raw_ostream &OS) {
  OS << "library,kind,role,rocm,uses,files,found_by,source\r\n";
  eachObj(arr(Report, "dependencies"), [&](const json::Object &L) {
    OS << csvField(str(L, "library")) << ',' << csvField(str(L, "kind")) << ','
       << csvField(str(L, "role")) << ',' << csvField(str(L, "rocm")) << ','
       << intOf(L, "uses") << ',' << csvField(joined(arr(L, "files"))) << ','
       << csvField(joined(arr(L, "found_by"))) << ','
       << csvField(str(L, "source")) << "\r\n";
  });
}

/// One row per note or error the build-file migration left, and one row
/// with empty message columns for a build file it left nothing in.
void buildFilesCsv(const json::Object &Report, raw_ostream &OS) {
  OS << "file,kind,status,changed,severity,line,message,file_hours_min,"
        "file_hours_max\r\n";
  eachObj(arr(obj(Report, "build_files"), "items"), [&](const json::Object &F) {
    auto Row = [&](StringRef Severity, const json::Object *M) {
      OS << csvField(str(F, "path")) << ',' << csvField(str(F, "kind")) << ','
         << csvField(str(F, "status")) << ','
         << (flag(F, "changed") ? "true" : "false") << ',' << Severity << ',';
      if (M) {
        if (auto L = M->getInteger("line"))
          OS << *L;
        OS << ',' << csvField(str(*M, "message"));
      } else {
        OS << ',';
      }
      OS << ',' << formatHours(num(F, "min_hours")) << ','
         << formatHours(num(F, "max_hours")) << "\r\n";
    };
    size_t Rows = 0;
    eachObj(arr(F, "errors"), [&](const json::Object &M) {
      Row("error", &M);
      ++Rows;
    });
    eachObj(arr(F, "notes"), [&](const json::Object &M) {
      Row("note", &M);
      ++Rows;
    });
    if (!Rows)
      Row("", nullptr);
  });
}

} // namespace

void printReportCsv(const json::Object &Report, raw_ostream &OS,
                    CsvTable Table) {
  if (Table == CsvTable::Checklist)
    return checklistCsv(Report, OS);
  if (Table == CsvTable::Kernels)
    return kernelsCsv(Report, OS);
  if (Table == CsvTable::Dependencies)
    return dependenciesCsv(Report, OS);
  if (Table == CsvTable::BuildFiles)
    return buildFilesCsv(Report, OS);
  // RFC 4180 ends records with CRLF.
  OS << "rule,level,file,line,column,message,suggestion,effort_bucket,"
        "hours_min,hours_max,suppressed,effort_role,pattern\r\n";
  eachObj(arr(Report, "findings"), [&](const json::Object &F) {
    const json::Object &E = obj(F, "effort");
    OS << csvField(str(F, "rule")) << ',' << csvField(str(F, "level")) << ','
       << csvField(str(F, "file")) << ',' << intOf(F, "line") << ','
       << intOf(F, "column") << ',' << csvField(str(F, "message")) << ','
       << csvField(str(F, "suggestion")) << ',' << csvField(str(E, "bucket"))
       << ',' << formatHours(num(E, "min_hours")) << ','
       << formatHours(num(E, "max_hours")) << ','
       << (flag(F, "suppressed") ? "true" : "false") << ','
       << csvField(str(E, "role")) << ',';
    // The pattern's id in the JSON report; empty when the finding has none.
    if (auto P = E.getInteger("pattern"))
      OS << *P;
    OS << "\r\n";
  });
}

} // namespace hipwright
