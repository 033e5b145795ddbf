//===- FoldedUses.cpp - uses a finding lists instead of reporting ---------===//
#include "analysis/FoldedUses.h"

#include <algorithm>

namespace hipwright {

std::string placeText(const std::pair<std::string, unsigned> &Place) {
  const auto &[File, Line] = Place;
  return (File.empty() ? "" : File + ":") + std::to_string(Line);
}

std::string foldedUsesText(const FoldedUses &F) {
  if (F.Places.empty())
    return "";
  size_t N = F.Places.size();
  std::string Out = ", and " + std::to_string(N) + " " +
                    (N == 1 ? F.One + " (line " : F.Many + " (lines ");
  for (size_t I = 0; I < N && I < 8; ++I)
    Out += (I ? ", " : "") + placeText(F.Places[I]);
  if (N > 8)
    Out += ", ...";
  return Out + "; not reported one by one)";
}

void normalizeFoldedUses(FoldedUses &F) {
  // The finding's own file ("") sorts first.
  std::sort(F.Places.begin(), F.Places.end());
  F.Places.erase(std::unique(F.Places.begin(), F.Places.end()), F.Places.end());
  F.Text = foldedUsesText(F);
}

void mergeFoldedUses(Finding &Into, const Finding &From) {
  if (!Into.Folded || !From.Folded)
    return;
  FoldedUses &F = *Into.Folded;
  // The message must still hold the text where it was put.
  if (F.At > Into.Message.size() ||
      Into.Message.compare(F.At, F.Text.size(), F.Text) != 0)
    return;
  size_t OldSize = F.Text.size();
  F.Places.insert(F.Places.end(), From.Folded->Places.begin(),
                  From.Folded->Places.end());
  normalizeFoldedUses(F);
  Into.Message.replace(F.At, OldSize, F.Text);
}

} // namespace hipwright
