//===- ReportText.cpp - phrases every report format shares ----------------===//
#include "report/ReportText.h"

#include "report/BuildReport.h"
#include "report/ReportJsonView.h"

using namespace llvm;
using namespace hipwright::report;

namespace hipwright {

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
    Out += std::to_string(intOf(T, "count")) + " x " + str(T, "bucket") +
           " (" + hoursRange(num(T, "min_each"), num(T, "max_each")) +
           ") = " + hoursRange(num(T, "min_hours"), num(T, "max_hours"));
  });
  return Out.empty() ? "no findings" : Out;
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
