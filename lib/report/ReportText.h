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

/// An effort sum's hours: "2-8 h", or "at least 2-8 h" when part of it
/// comes from a file the parse did not fully read (its "floor").
std::string sumHours(const llvm::json::Object &Sum);

/// How a sum's findings are priced: "3 automatic, 2 patterns + 47 further
/// sites" (the parts that are not zero; "" when there are none).
std::string pricingBreakdown(const llvm::json::Object &Sum);

/// The arithmetic of one pattern: "1 x medium (1-4 h) + 49 x site
/// (0.1-0.25 h) = 5.9-16.25 h".
std::string patternArithmetic(const llvm::json::Object &Pattern);

/// A checklist entry's evidence in one line ("a; b"); an override's source
/// and reason are part of its evidence.
std::string checklistReasons(const llvm::json::Object &Entry);

/// The report's build_files section in one line: "2 (1 CMake, 1 Make): 2
/// migrated, 0 unchanged, 0 not migrated; 3 notes, 0 errors for a person".
std::string buildFilesLine(const llvm::json::Object &BuildFiles);

/// One build-file note or error of the section: "line 12: TEXT", or TEXT
/// where the line is not known.
std::string buildMessageText(const llvm::json::Object &Message);

/// "1,234" for counts in tables.
std::string groupedCount(long long N);

/// "1 kernel", "1,234 kernels" (\p Plural when adding "s" is wrong).
std::string groupedCountOf(long long N, llvm::StringRef Singular,
                           llvm::StringRef Plural = "");

} // namespace hipwright
