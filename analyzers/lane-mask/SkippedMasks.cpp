//===- SkippedMasks.cpp - lane masks in skipped #if branches --------------===//
#include "SkippedMasks.h"

using namespace clang;
using namespace llvm;

namespace hipwright::lanemask {
namespace {

bool isMaskIntrinsic(StringRef N) {
  return N == "__ballot_sync" || N == "__ballot" || N == "__activemask";
}

bool isBitCount(StringRef N) {
  return N == "__popc" || N == "__ffs" || N == "__clz" || N == "__brev";
}

/// The 32-bit type a declaration ending just before \p I names
/// (`unsigned`, `unsigned int`, `int`, `uint32_t`), or "".
std::string narrowTypeBefore(const std::vector<RawToken> &T, size_t I) {
  if (I == 0 || T[I - 1].Kind != tok::raw_identifier)
    return "";
  StringRef Last = T[I - 1].Text;
  StringRef Before = I >= 2 && T[I - 2].Kind == tok::raw_identifier
                         ? T[I - 2].Text
                         : StringRef();
  if (Before == "long" || Last == "long")
    return "";
  if (Last == "uint32_t" || Last == "int32_t")
    return Last.str();
  if (Last == "unsigned")
    return "unsigned int";
  if (Last == "int")
    return Before == "unsigned" ? "unsigned int" : "int";
  return "";
}

} // namespace

std::vector<SkippedMaskHazard> scanSkippedMasks(const RawFileTokens &Raw,
                                                const std::string &Wave64) {
  std::vector<SkippedMaskHazard> Out;
  const std::vector<RawToken> &T = Raw.Tokens;
  std::string OnWave64 = "on a 64-wide wavefront (" + Wave64 + ")";
  for (size_t I = 0; I + 1 < T.size(); ++I) {
    if (T[I].Kind != tok::raw_identifier || !T[I + 1].is(tok::l_paren))
      continue;
    // TYPE NAME = __ballot_sync(
    if (isMaskIntrinsic(T[I].Text) && I >= 3 && T[I - 1].is(tok::equal) &&
        T[I - 2].Kind == tok::raw_identifier) {
      std::string Type = narrowTypeBefore(T, I - 2);
      if (!Type.empty())
        Out.push_back({I, false,
                       T[I].Text.str() + " result kept in 32-bit '" + Type +
                           "' (variable '" + T[I - 2].Text.str() +
                           "'): " + OnWave64 + " lanes 32-63 are lost"});
    }
    // __popc(__ballot_sync(
    if (isBitCount(T[I].Text) && I + 3 < T.size() &&
        T[I + 2].Kind == tok::raw_identifier &&
        isMaskIntrinsic(T[I + 2].Text) && T[I + 3].is(tok::l_paren))
      Out.push_back({I, true,
                     T[I].Text.str() +
                         " reads only bits 0-31 of the 64-bit lane mask "
                         "from " +
                         T[I + 2].Text.str() + ": " + OnWave64 +
                         " lanes 32-63 are ignored"});
  }
  return Out;
}

} // namespace hipwright::lanemask
