//===- AlgorithmTable.cpp - library algorithms and their ROCm twins -------===//
#include "report/AlgorithmTable.h"

#include "rules/EmbeddedRules.h"
#include "support/TsvTable.h"

#include "llvm/Support/ErrorHandling.h"

using namespace llvm;

namespace hipwright {

const char *toString(ShapeKind K) {
  switch (K) {
  case ShapeKind::Reduction:
    return "reduction";
  case ShapeKind::Scan:
    return "scan";
  case ShapeKind::Sort:
    return "sort";
  case ShapeKind::Histogram:
    return "histogram";
  }
  return "?";
}

Expected<std::vector<AlgorithmRow>> parseAlgorithmTable(StringRef Name,
                                                        StringRef Text) {
  std::vector<AlgorithmRow> Rows;
  Error E = forEachTsvRow(Name, Text, 5, [&](const TsvRow &Row) -> Error {
    auto Fail = [&](const Twine &Msg) { return tsvError(Name, Row.Line, Msg); };
    ArrayRef<StringRef> C = Row.Cells;
    AlgorithmRow R;
    bool Known = false;
    for (ShapeKind K : {ShapeKind::Reduction, ShapeKind::Scan, ShapeKind::Sort,
                        ShapeKind::Histogram})
      if (C[0] == toString(K)) {
        R.Shape = K;
        Known = true;
      }
    if (!Known)
      return Fail("unknown shape '" + C[0] + "'");
    R.Library = C[1].str();
    R.Cuda = C[2].str();
    R.Rocm = C[3].str();
    R.Source = C[4].str();
    if (R.Library.empty() || R.Cuda.empty() || R.Rocm.empty() ||
        R.Source.empty())
      return Fail("every column needs a value");
    for (const AlgorithmRow &Old : Rows)
      if (Old.Shape == R.Shape)
        return Fail("shape '" + C[0] + "' is listed twice");
    Rows.push_back(std::move(R));
    return Error::success();
  });
  if (E)
    return std::move(E);
  return Rows;
}

const std::vector<AlgorithmRow> &builtinAlgorithms() {
  static const std::vector<AlgorithmRow> Table = [] {
    for (unsigned I = 0; I < kEmbeddedReportRulesCount; ++I)
      if (StringRef(kEmbeddedReportRules[I].Name) == "algorithms.tsv") {
        Expected<std::vector<AlgorithmRow>> T = parseAlgorithmTable(
            kEmbeddedReportRules[I].Name, kEmbeddedReportRules[I].Content);
        if (!T) // compiled in and checked by the unit tests
          report_fatal_error(T.takeError());
        return std::move(*T);
      }
    report_fatal_error("rules/report/algorithms.tsv is not compiled in");
  }();
  return Table;
}

const AlgorithmRow &algorithmFor(ShapeKind K) {
  for (const AlgorithmRow &R : builtinAlgorithms())
    if (R.Shape == K)
      return R;
  report_fatal_error(Twine("algorithms.tsv has no row for ") + toString(K));
}

} // namespace hipwright
