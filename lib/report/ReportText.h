//===- ReportText.h - phrases every report format shares --------*- C++ -*-===//
#pragma once

#include "llvm/Support/JSON.h"

#include <string>

namespace hipwright {

/// "12-48 h" (or "0 h"), hours without trailing zeros.
std::string hoursRange(double Min, double Max);

/// The arithmetic of an effort sum (a "terms" holder, BuildReport.h), as
/// plain text: "3 x high (4-16 h) = 12-48 h + 2 x low (0.25-1 h) = 0.5-2 h".
/// "no findings" when it has none. Callers escape it for their format.
std::string effortArithmetic(const llvm::json::Object &Sum);

/// "1,234" for counts in tables.
std::string groupedCount(long long N);

/// "1 kernel", "1,234 kernels" (\p Plural when adding "s" is wrong).
std::string groupedCountOf(long long N, llvm::StringRef Singular,
                           llvm::StringRef Plural = "");

} // namespace hipwright
