//===- SvgBarChart.h - horizontal bar charts as inline SVG ------*- C++ -*-===//
//
// The HTML report draws its charts itself: no script, no library, nothing to
// fetch. A bar is a range (min to max hours: a solid part to min, a lighter
// part on to max) or a single value (min == max).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace hipwright {

struct BarRow {
  std::string Label; ///< user text; the chart escapes it
  double Min = 0, Max = 0;
  std::string ValueText; ///< printed after the bar, e.g. "12-48 h"
};

/// An <svg> element with one row per bar; long labels are shortened from
/// the left (paths keep their file name) and carry the full text in a
/// <title> tooltip. \p AriaLabel names the chart for screen readers.
std::string svgBarChart(llvm::ArrayRef<BarRow> Rows, llvm::StringRef AriaLabel);

/// \p S cut to at most \p Max characters from the left with a leading
/// ellipsis, on a UTF-8 character boundary.
std::string shortenLeft(llvm::StringRef S, size_t Max);

} // namespace hipwright
