//===- SvgBarChart.cpp - horizontal bar charts as inline SVG --------------===//
#include "report/SvgBarChart.h"

#include "report/Escape.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace llvm;

namespace hipwright {

std::string shortenLeft(StringRef S, size_t Max) {
  if (S.size() <= Max)
    return S.str();
  size_t From = S.size() - (Max - 1);
  // Never start inside a UTF-8 sequence (continuation bytes are 10xxxxxx).
  while (From < S.size() && (uint8_t(S[From]) & 0xC0) == 0x80)
    ++From;
  return "\xE2\x80\xA6" + S.substr(From).str(); // U+2026 ellipsis
}

std::string svgBarChart(ArrayRef<BarRow> Rows, StringRef AriaLabel) {
  const int Width = 760, LabelW = 260, ValueW = 110, RowH = 24, Top = 6;
  const int BarW = Width - LabelW - ValueW - 16;
  double Peak = 0;
  for (const BarRow &R : Rows)
    Peak = std::max({Peak, R.Max, R.Min});
  int Height = Top * 2 + RowH * int(std::max<size_t>(Rows.size(), 1));
  std::string Out;
  raw_string_ostream OS(Out);
  OS << "<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" "
     << "role=\"img\" aria-label=\"" << htmlEscape(AriaLabel)
     << "\" viewBox=\"0 0 " << Width << " " << Height << "\" width=\"" << Width
     << "\" height=\"" << Height << "\">\n";
  if (Rows.empty())
    OS << "<text x=\"0\" y=\"" << Top + 16
       << "\" class=\"label\">nothing to show</text>\n";
  for (size_t I = 0; I < Rows.size(); ++I) {
    const BarRow &R = Rows[I];
    int Y = Top + int(I) * RowH;
    auto Scale = [&](double V) { return Peak > 0 ? V / Peak * BarW : 0.0; };
    double MinW = Scale(R.Min), MaxW = Scale(R.Max);
    OS << "<g>";
    OS << "<title>" << htmlEscape(R.Label) << ": " << htmlEscape(R.ValueText)
       << "</title>";
    OS << "<text class=\"label\" x=\"" << LabelW - 8 << "\" y=\"" << Y + 16
       << "\" text-anchor=\"end\">" << htmlEscape(shortenLeft(R.Label, 38))
       << "</text>";
    if (MaxW > MinW)
      OS << "<rect class=\"bar-max\" x=\"" << LabelW << "\" y=\"" << Y + 4
         << "\" width=\"" << format("%.1f", MaxW) << "\" height=\"" << RowH - 8
         << "\" rx=\"2\"/>";
    OS << "<rect class=\"bar-min\" x=\"" << LabelW << "\" y=\"" << Y + 4
       << "\" width=\"" << format("%.1f", std::max(MinW, R.Min > 0 ? 1.0 : 0.0))
       << "\" height=\"" << RowH - 8 << "\" rx=\"2\"/>";
    OS << "<text class=\"value\" x=\""
       << format("%.1f", LabelW + std::max(MinW, MaxW) + 6) << "\" y=\""
       << Y + 16 << "\">" << htmlEscape(R.ValueText) << "</text>";
    OS << "</g>\n";
  }
  OS << "</svg>";
  return Out;
}

} // namespace hipwright
