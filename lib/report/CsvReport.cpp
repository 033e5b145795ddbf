//===- CsvReport.cpp - one row per finding --------------------------------===//
#include "report/BuildReport.h"
#include "report/Escape.h"
#include "report/ReportJsonView.h"
#include "report/ReportPrinters.h"

using namespace llvm;
using namespace hipwright::report;

namespace hipwright {

void printReportCsv(const json::Object &Report, raw_ostream &OS) {
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
