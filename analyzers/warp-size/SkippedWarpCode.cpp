//===- SkippedWarpCode.cpp - 32-lane idioms in skipped #if branches -------===//
#include "SkippedWarpCode.h"
#include "WarpFlow.h"

#include "llvm/ADT/StringSwitch.h"

using namespace clang;
using namespace llvm;

namespace hipwright::warpsize {
namespace {

std::optional<uint64_t> literalValue(const RawToken &T) {
  if (!T.is(tok::numeric_constant))
    return std::nullopt;
  uint64_t V = 0;
  if (T.Text.rtrim("uUlL").getAsInteger(0, V))
    return std::nullopt;
  return V;
}

/// `threadIdx.x` at \p I (also .y/.z not: only x numbers lanes).
bool isThreadIdxX(const std::vector<RawToken> &T, size_t I) {
  return I + 2 < T.size() && T[I].isIdent("threadIdx") &&
         T[I + 1].is(tok::period) && T[I + 2].isIdent("x");
}

/// The loop variables a `for (int o = 16; ...)` header starts at 16, or
/// bounds by 32 (`o < 32`, `o <= 16`), in the branch.
std::vector<StringRef> loopsOf32Lanes(const std::vector<RawToken> &T) {
  std::vector<StringRef> Vars;
  for (size_t I = 0; I + 3 < T.size(); ++I) {
    if (!T[I].isIdent("for") || !T[I + 1].is(tok::l_paren))
      continue;
    // for ( [type...] NAME = VALUE ; NAME OP BOUND ;
    size_t J = I + 2;
    while (J + 1 < T.size() && T[J].Kind == tok::raw_identifier &&
           T[J + 1].Kind == tok::raw_identifier)
      ++J; // skip type words
    if (J + 2 >= T.size() || T[J].Kind != tok::raw_identifier ||
        !T[J + 1].is(tok::equal))
      continue;
    StringRef Name = T[J].Text;
    std::optional<uint64_t> Start = literalValue(T[J + 2]);
    bool Is32 = Start && *Start == 16;
    if (J + 6 < T.size() && T[J + 3].is(tok::semi) && T[J + 4].isIdent(Name)) {
      std::optional<uint64_t> Bound = literalValue(T[J + 6]);
      Is32 |= Bound && ((T[J + 5].is(tok::less) && *Bound == 32) ||
                        (T[J + 5].is(tok::lessequal) && *Bound == 16));
    }
    if (Is32)
      Vars.push_back(Name);
  }
  return Vars;
}

} // namespace

std::vector<SkippedWarpHazard>
scanSkippedWarpCode(const RawFileTokens &Raw, const std::string &WaveTargets) {
  std::vector<SkippedWarpHazard> Out;
  const std::vector<RawToken> &T = Raw.Tokens;
  bool WarpOps = false;
  for (const RawToken &Tok : T)
    WarpOps |= Tok.Kind == tok::raw_identifier && isWarpLevelCall(Tok.Text);
  if (!WarpOps)
    return Out; // lane arithmetic matters only beside warp-level work

  // Shuffles with no width whose offset counts in 32 lanes.
  std::vector<StringRef> Loops = loopsOf32Lanes(T);
  forEachRawCall(
      Raw,
      [](StringRef N) {
        return N == "__shfl_xor_sync" || N == "__shfl_down_sync" ||
               N == "__shfl_up_sync" || N == "__shfl_xor" ||
               N == "__shfl_down" || N == "__shfl_up";
      },
      [&](const RawCall &C) {
        StringRef Name = T[C.Name].Text;
        size_t Needed = Name.ends_with("_sync") ? 3 : 2;
        if (C.Args.size() != Needed)
          return; // a width is given (or the call is not what it seems)
        auto [First, Last] = C.Args.back();
        if (Last != First + 1)
          return;
        std::optional<uint64_t> Lit = literalValue(T[First]);
        std::string Why;
        if (Lit && *Lit == 16)
          Why = "an offset of 16, half of a 32-lane warp";
        else if (T[First].Kind == tok::raw_identifier &&
                 llvm::is_contained(Loops, T[First].Text))
          Why = "its offset loop counts in a 32-lane warp";
        if (Why.empty())
          return;
        std::string Effect =
            Name.starts_with("__shfl_down")
                ? "upper lanes of each 32-lane group read the next group, so "
                  "only lane 0 of each group keeps the 32-lane result"
            : Name.starts_with("__shfl_up")
                ? "lower lanes of the second 32-lane group read the first "
                  "group"
                : "xor offsets below 32 stay inside each 32-lane group, so "
                  "each group works on its own, as a 32-wide warp";
        Out.push_back({C.Name, true,
                       Name.str() + " works in 32 lanes (" + Why +
                           ") but its width defaults to the wavefront, 64 "
                           "lanes on " +
                           WaveTargets + ": " + Effect,
                       C.RParen});
      });

  // threadIdx.x % 32, & 31, & 0x1f, / 32, >> 5.
  for (size_t I = 0; I + 4 < T.size(); ++I) {
    if (!isThreadIdxX(T, I))
      continue;
    const RawToken &Op = T[I + 3];
    std::optional<uint64_t> V = literalValue(T[I + 4]);
    if (!V)
      continue;
    const char *What = nullptr;
    if ((Op.is(tok::percent) && *V == 32) || (Op.is(tok::amp) && *V == 31))
      What = "numbers lanes within a 32-lane group";
    else if ((Op.is(tok::slash) && *V == 32) ||
             (Op.is(tok::greatergreater) && *V == 5))
      What = "counts 32-lane groups, not wavefronts";
    if (!What)
      continue;
    std::string Spelled =
        "threadIdx.x " + Op.Text.str() + " " + T[I + 4].Text.str();
    Out.push_back({I, false,
                   "'" + Spelled + "' " + What + ", but " + WaveTargets +
                       " run 64-lane wavefronts: each holds two such groups, "
                       "which works only while every cross-lane operation "
                       "stays inside its group",
                   std::nullopt});
  }
  return Out;
}

} // namespace hipwright::warpsize
