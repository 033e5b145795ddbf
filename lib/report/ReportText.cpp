//===- ReportText.cpp - phrases every report format shares ----------------===//
#include "report/ReportText.h"

#include "report/BuildReport.h"
#include "report/ReportJsonView.h"

using namespace llvm;
using namespace hipwright::report;

namespace hipwright {

std::string checklistReasons(const json::Object &Entry) {
  std::string Out;
  for (const json::Value &E : arr(Entry, "evidence"))
    if (auto S = E.getAsString())
      Out += (Out.empty() ? "" : "; ") + S->str();
  return Out;
}

std::string buildFilesLine(const json::Object &B) {
  return groupedCount(intOf(B, "files")) + " (" +
         groupedCount(intOf(B, "cmake")) + " CMake, " +
         groupedCount(intOf(B, "make")) +
         " Make): " + groupedCount(intOf(B, "migrated")) + " migrated, " +
         groupedCount(intOf(B, "unchanged")) + " unchanged, " +
         groupedCount(intOf(B, "not_migrated")) + " not migrated; " +
         groupedCountOf(intOf(B, "notes"), "note") + ", " +
         groupedCountOf(intOf(B, "errors"), "error") + " for a person";
}

std::string buildMessageText(const json::Object &M) {
  if (auto L = M.getInteger("line"))
    return "line " + std::to_string(*L) + ": " + str(M, "message");
  return str(M, "message");
}

std::string hoursRange(double Min, double Max) {
  if (Min == Max)
    return formatHours(Min) + " h";
  return formatHours(Min) + "-" + formatHours(Max) + " h";
}

std::string effortArithmetic(const json::Object &Sum) {
  std::string Out;
  eachObj(arr(Sum, "terms"), [&](const json::Object &T) {
    if (!Out.empty())
      Out += " + ";
    Out += std::to_string(intOf(T, "count")) + " x " + str(T, "bucket") + " (" +
           hoursRange(num(T, "min_each"), num(T, "max_each")) +
           ") = " + hoursRange(num(T, "min_hours"), num(T, "max_hours"));
  });
  return Out.empty() ? "no findings" : Out;
}

std::string sumHours(const json::Object &Sum) {
  std::string H = hoursRange(num(Sum, "min_hours"), num(Sum, "max_hours"));
  return flag(Sum, "floor") ? "at least " + H : H;
}

std::string pricingBreakdown(const json::Object &Sum) {
  std::string Out;
  auto Part = [&](long long N, StringRef Singular, StringRef Plural,
                  StringRef Sep) {
    if (!N)
      return;
    if (!Out.empty())
      Out += Sep.str();
    Out += groupedCountOf(N, Singular, Plural);
  };
  Part(intOf(Sum, "automatic"), "automatic", "automatic", ", ");
  Part(intOf(Sum, "patterns"), "pattern", "", ", ");
  Part(intOf(Sum, "further_sites"), "further site", "", " + ");
  return Out;
}

std::string patternArithmetic(const json::Object &P) {
  long long Sites = intOf(P, "sites");
  std::string Out = "1 x " + str(P, "bucket") + " (" +
                    hoursRange(num(P, "min_each"), num(P, "max_each")) + ")";
  if (Sites > 1)
    Out += " + " + std::to_string(Sites - 1) + " x " + str(P, "site_bucket") +
           " (" + hoursRange(num(P, "site_min_each"), num(P, "site_max_each")) +
           ")";
  return Out + " = " + hoursRange(num(P, "min_hours"), num(P, "max_hours"));
}

std::string groupedCount(long long N) {
  std::string S = std::to_string(N < 0 ? -N : N);
  for (int I = int(S.size()) - 3; I > 0; I -= 3)
    S.insert(size_t(I), ",");
  return (N < 0 ? "-" : "") + S;
}

std::string groupedCountOf(long long N, StringRef Singular, StringRef Plural) {
  std::string Noun = N == 1           ? Singular.str()
                     : Plural.empty() ? Singular.str() + "s"
                                      : Plural.str();
  return groupedCount(N) + " " + Noun;
}

} // namespace hipwright
