//===- KernelShapes.cpp - kernels shaped like a library algorithm ---------===//
#include "report/KernelShapes.h"
#include "report/BodyTokens.h"
#include "report/ShapeVocabulary.h"

#include "frontend/RawLexer.h"
#include "support/LineIndex.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/ErrorHandling.h"

#include <algorithm>
#include <set>
#include <tuple>

using namespace llvm;
namespace tk = clang::tok;

namespace hipwright {

using shapes::BodyTokens;
using shapes::isAlgorithmCall;
using shapes::isAssign;
using shapes::isBuiltinType;
using shapes::isMath;
using shapes::lexTokens;
using shapes::Range;
using shapes::Tok;

namespace {

enum class StepKind {
  WarpReduce,      ///< shuffle-down / xor accumulation over a halving offset
  TreeReduce,      ///< shared-memory combine across a stride, with barriers
  WarpScan,        ///< shuffle-up accumulation
  HillisSteele,    ///< shared-memory combine with the element a stride back
  DownSweep,       ///< Blelloch down-sweep: copy and add across a stride
  CompareExchange, ///< compare two elements a stride apart and swap them
  GroupReduce,     ///< cooperative groups' reduce
  GroupScan,       ///< cooperative groups' inclusive/exclusive_scan
  SharedBin,       ///< atomic increment of a shared bin picked by the data
  BinMerge,        ///< shared bins added into global memory
  GlobalBin,       ///< atomic increment of a global bin picked by the data
};

struct Step {
  StepKind Kind;
  unsigned Line;
  std::string What;
};

bool isReduceStep(StepKind K) {
  return K == StepKind::WarpReduce || K == StepKind::TreeReduce ||
         K == StepKind::GroupReduce;
}
bool isScanStep(StepKind K) {
  return K == StepKind::WarpScan || K == StepKind::HillisSteele ||
         K == StepKind::DownSweep || K == StepKind::GroupScan;
}

bool isRelational(tk::TokenKind K) {
  return K == tk::less || K == tk::greater || K == tk::lessequal ||
         K == tk::greaterequal;
}

/// What a function body holds, shape-wise.
struct Summary {
  std::vector<Step> Steps;
  std::vector<std::string> OtherWork;
  /// Compares two of its reference parameters and swaps them.
  bool CompareSwap = false;
  /// Swaps two of its reference parameters (a caller compares).
  bool Swap = false;
  /// Per parameter: 0 not written through, 1 written, 2 written only by
  /// one thread (under `if (x == 0)`).
  std::vector<int> ParamWrites;
  size_t Tokens = 0;
  std::string Where; ///< "line N" of its definition
};

} // namespace

struct ShapeContext::Impl {
  struct File {
    std::string Path;
    StringRef Text;
    LineIndex Lines;
    File(StringRef P, StringRef T) : Path(P.str()), Text(T), Lines(T) {}
  };
  std::vector<std::unique_ptr<File>> Files;
  /// Helper name -> (file, definition).
  std::map<std::string, std::vector<std::pair<unsigned, const ScannedKernel *>>,
           std::less<>>
      Helpers;
  std::set<std::string, std::less<>> Types;
  /// Function-like macros of the tree: name -> replacement's calls are
  /// math (true) or not, and its length in characters.
  std::map<std::string, std::pair<bool, size_t>, std::less<>> Macros;
  mutable std::map<const ScannedKernel *, std::unique_ptr<Summary>> Summaries;

  std::optional<KernelShape> recognize(unsigned F,
                                       const ScannedKernel &K) const;
  /// nullptr while being computed (recursion) or when undefined. A
  /// definition in \p FromFile wins over one elsewhere.
  const Summary *helper(StringRef Name, unsigned Depth,
                        unsigned FromFile) const;
};

namespace {

/// One function body, read token by token.
class BodyReader : BodyTokens {
public:
  BodyReader(const ShapeContext::Impl &Ctx, unsigned FileIdx,
             const ScannedKernel &Fn, unsigned Depth)
      : BodyTokens(Ctx.Files[FileIdx]->Text, Ctx.Files[FileIdx]->Lines,
                   Fn.BodyBegin, Fn.BodyEnd),
        Ctx(Ctx), FileIdx(FileIdx), F(*Ctx.Files[FileIdx]), Fn(Fn),
        Depth(Depth) {
    params();
    aliases();
  }

  Summary summarize();
  std::optional<KernelShape> kernelShape();

private:
  const ShapeContext::Impl &Ctx;
  unsigned FileIdx;
  const ShapeContext::Impl::File &F;
  const ScannedKernel &Fn;
  unsigned Depth;
  struct Param {
    std::string Name;
    bool Pointer = false, Ref = false;
  };
  std::vector<Param> Params;
  /// Local pointers into a pointer parameter (`const float *row = x +
  /// r * n`): name -> the parameter.
  std::map<std::string, std::string, std::less<>> Alias;
  /// Pointer parameters a called helper writes through: 2 when only one
  /// thread does (under `if (x == 0)`), with the call's token.
  std::map<std::string, std::pair<int, size_t>, std::less<>> HelperWrites;
  std::vector<Step> Steps;
  std::vector<std::string> Other;

  void params() {
    std::vector<Tok> P =
        lexTokens(F.Text, F.Lines, Fn.ParamsBegin, Fn.ParamsEnd);
    if (P.size() < 2)
      return;
    Param Cur;
    bool SawDefault = false;
    int Nest = 0;
    for (size_t I = 1; I + 1 <= P.size(); ++I) {
      const Tok &X = P[I];
      bool End = I + 1 == P.size() || (Nest == 0 && X.is(tk::comma));
      if (End) {
        if (!Cur.Name.empty() && Cur.Name != "void")
          Params.push_back(Cur);
        Cur = Param();
        SawDefault = false;
        continue;
      }
      if (X.is(tk::l_paren) || X.is(tk::less) || X.is(tk::l_square))
        ++Nest;
      if ((X.is(tk::r_paren) || X.is(tk::greater) || X.is(tk::r_square)) &&
          Nest > 0)
        --Nest;
      if (X.is(tk::star) || X.is(tk::l_square))
        Cur.Pointer = true;
      if (X.is(tk::amp))
        Cur.Ref = true;
      if (X.is(tk::equal))
        SawDefault = true;
      if (X.id() && !SawDefault && Nest == 0 && X.S != "const" &&
          X.S != "__restrict__" && X.S != "volatile")
        Cur.Name = X.S.str();
    }
  }

  const Param *param(StringRef Name) const {
    for (const Param &P : Params)
      if (P.Name == Name)
        return &P;
    return nullptr;
  }
  /// The pointer parameter \p Name is or points into; "" for none.
  StringRef root(StringRef Name) const {
    if (const Param *P = param(Name); P && P->Pointer)
      return P->Name;
    auto It = Alias.find(Name);
    return It == Alias.end() ? StringRef() : StringRef(It->second);
  }
  bool pointerParam(StringRef Name) const { return !root(Name).empty(); }

  const Summary *helper(StringRef Name) const {
    return Ctx.helper(Name, Depth + 1, FileIdx);
  }

  void aliases() {
    for (const Segment &S : Segs) {
      auto [Name, Open] = target(S);
      if (Name == SIZE_MAX || Open != SIZE_MAX || !T[S.Assign].is(tk::equal))
        continue;
      bool Decl = false;
      for (size_t J = S.R.B; J < Name; ++J)
        Decl |= T[J].is(tk::star);
      if (!Decl)
        continue;
      Range R = rhs(S);
      for (size_t J = R.B; J < R.E; ++J)
        if (T[J].id() && pointerParam(T[J].S)) {
          Alias[T[Name].S.str()] = root(T[J].S).str();
          break;
        }
    }
  }

  /// The name token of the pointer parameter (or alias) a segment stores
  /// through (`p[i] = v`, `*p = v`), or SIZE_MAX; `float *p = x` sets a
  /// pointer and stores nothing.
  size_t storeTarget(const Segment &S) const {
    auto [Name, Open] = target(S);
    if (Name == SIZE_MAX || !pointerParam(T[Name].S))
      return SIZE_MAX;
    if (Open != SIZE_MAX)
      return Name;
    if (Name + 1 < S.Assign && T[Name + 1].is(tk::arrow))
      return Name; // p->field = v
    bool Deref = Name > S.R.B && T[Name - 1].is(tk::star) &&
                 (Name - 1 == S.R.B ||
                  !(T[Name - 2].id() || T[Name - 2].is(tk::r_paren) ||
                    T[Name - 2].is(tk::r_square)));
    return Deref ? Name : SIZE_MAX;
  }

  std::string code(unsigned Line) const {
    std::string S = F.Lines.lineText(Line).trim().str();
    if (S.size() > 72)
      S = S.substr(0, 69) + "...";
    return "line " + std::to_string(Line) + " `" + S + "`";
  }

  void step(StepKind K, unsigned Line, const std::string &What) {
    for (const Step &S : Steps)
      if (S.Kind == K && S.Line == Line)
        return;
    Steps.push_back({K, Line, code(Line) + ": " + What});
  }

  void loopSteps(const Loop &L);
  bool accumulatedIn(const Loop &L, StringRef V, const Segment *Except) const;
  void callSteps();
  void histogramSteps();
  void otherWork(std::optional<ShapeKind> Kind);
  /// (swaps two reference parameters, also compares them)
  std::pair<bool, bool> swapsRefs() const;
};

/// Whether loop \p L accumulates variable \p V into another (`sum += v`,
/// `m = fmaxf(m, v)`; no `?:`, which selects instead) in a segment other
/// than \p Except.
bool BodyReader::accumulatedIn(const Loop &L, StringRef V,
                               const Segment *Except) const {
  std::set<std::string, std::less<>> Acc = {V.str()};
  for (const Segment &S2 : Segs) {
    if (!L.Body.contains(S2.R.B) || &S2 == Except || S2.Assign == SIZE_MAX)
      continue;
    auto [N2, O2] = target(S2);
    if (N2 == SIZE_MAX || !mentions(rhs(S2), Acc))
      continue;
    bool Ternary = false;
    for (size_t J = S2.R.B; J < S2.R.E; ++J)
      Ternary |= T[J].is(tk::question);
    std::set<std::string, std::less<>> Self = {T[N2].S.str()};
    if (!Ternary && (!T[S2.Assign].is(tk::equal) || mentions(rhs(S2), Self)))
      return true;
  }
  return false;
}

void BodyReader::loopSteps(const Loop &L) {
  std::set<std::string, std::less<>> Stride = L.Halving;
  Stride.insert(L.Doubling.begin(), L.Doubling.end());
  if (Stride.empty())
    return;
  // Variables computed from the stride in the body: Blelloch's ai/bi,
  // bitonic's ixj = i ^ j.
  std::set<std::string, std::less<>> Derived = Stride;
  std::string XorPartner;
  for (int Pass = 0; Pass < 2; ++Pass)
    for (const Segment &S : Segs) {
      if (!L.Body.contains(S.R.B) || S.Assign == SIZE_MAX ||
          !T[S.Assign].is(tk::equal))
        continue;
      auto [Name, Open] = target(S);
      if (Name == SIZE_MAX || Open != SIZE_MAX || !mentions(rhs(S), Derived))
        continue;
      Derived.insert(T[Name].S.str());
      for (size_t J = S.Assign; J < S.R.E; ++J)
        if (T[J].is(tk::caret) && XorPartner.empty())
          XorPartner = code(T[J].Line);
    }
  std::string Dir = L.Halving.empty() ? "doubling" : "halving";
  std::string StrideName = *Stride.begin();
  bool Barrier = hasBarrier(L.Body);

  // Shuffles across the stride.
  for (size_t I = L.Body.B; I + 1 < L.Body.E; ++I) {
    if (!T[I].id() || !T[I + 1].is(tk::l_paren) || Match[I + 1] == SIZE_MAX)
      continue;
    StringRef N = T[I].S;
    bool Member = I > 0 && (T[I - 1].is(tk::period) || T[I - 1].is(tk::arrow));
    bool Down = N == "__shfl_down_sync" || N == "__shfl_xor_sync" ||
                N == "__shfl_down" || N == "__shfl_xor" ||
                (Member && (N == "shfl_down" || N == "shfl_xor"));
    bool Up =
        N == "__shfl_up_sync" || N == "__shfl_up" || (Member && N == "shfl_up");
    if (!(Down || Up) || !mentions({I + 2, Match[I + 1]}, Derived))
      continue;
    const Segment *S = segmentOf(I);
    if (!S || S->Assign == SIZE_MAX)
      continue;
    auto [Name, Open] = target(*S);
    if (Name == SIZE_MAX)
      continue;
    bool Ternary = false;
    for (size_t J = S->R.B; J < S->R.E; ++J)
      Ternary |= T[J].is(tk::question);
    std::set<std::string, std::less<>> Acc = {T[Name].S.str()};
    bool Accumulates =
        !Ternary && (!T[S->Assign].is(tk::equal) ||
                     mentions(rhs(*S), Acc, I, Match[I + 1] + 1));
    // `other = shfl(v, s); v += other;` in two statements.
    if (!Accumulates && T[S->Assign].is(tk::equal) && !Ternary)
      Accumulates = accumulatedIn(L, T[Name].S, S);
    if (!Accumulates)
      continue;
    if (Down)
      step(StepKind::WarpReduce, T[I].Line,
           "combines each lane's value with the one `" + StrideName +
               "` lanes away (" + N.str() + "), `" + StrideName + "` " + Dir);
    else
      step(StepKind::WarpScan, T[I].Line,
           "adds the value `" + StrideName + "` lanes back (" + N.str() +
               "), `" + StrideName + "` " + Dir);
  }

  // Shared-memory steps: need a barrier in the loop.
  std::vector<const Segment *> Copies, Compounds, Moves;
  for (const Segment &S : Segs) {
    if (!L.Body.contains(S.R.B) || S.Assign == SIZE_MAX)
      continue;
    auto [Name, Open] = target(S);
    if (Name == SIZE_MAX)
      continue;
    Range R = rhs(S);
    auto Reads = accesses(R);
    bool Plain = T[S.Assign].is(tk::equal);
    if (Open != SIZE_MAX && Plain) {
      bool SingleRead = Reads.size() == 1 && Reads[0].first == R.B &&
                        Match[Reads[0].second] + 1 == R.E;
      bool SingleVar = R.E == R.B + 1 && T[R.B].id();
      if (SingleRead && T[Reads[0].first].S == T[Name].S)
        Copies.push_back(&S);
      if (SingleRead || SingleVar)
        Moves.push_back(&S);
    }
    if (Open != SIZE_MAX && !Plain)
      Compounds.push_back(&S);
    if (!Barrier)
      continue;
    for (auto [A, AOpen] : Reads) {
      Range Idx{AOpen + 1, Match[AOpen]};
      if (!mentions(Idx, Derived))
        continue;
      bool Minus = false;
      for (size_t J = Idx.B; J + 1 < Idx.E; ++J)
        Minus |=
            T[J].is(tk::minus) && T[J + 1].id() && Stride.count(T[J + 1].S);
      bool SameArray = Open != SIZE_MAX && T[Name].S == T[A].S;
      std::set<std::string, std::less<>> Self = {T[Name].S.str()};
      // `A[x] = A[y]` moves an element (a down-sweep, a swap); it combines
      // nothing.
      bool PureMove = Plain && A == R.B && Match[AOpen] + 1 == R.E;
      bool Accumulates =
          !Plain || ((SameArray || mentions(R, Self)) && !PureMove);
      // `temp = A[tid + s]; sum += temp;`: loaded, then accumulated.
      if (!Accumulates && PureMove && Open == SIZE_MAX)
        Accumulates = accumulatedIn(L, T[Name].S, &S);
      unsigned ReadsOfA = 0;
      for (auto [A2, O2] : Reads)
        ReadsOfA += T[A2].S == T[A].S;
      if (Minus && (Accumulates || ReadsOfA >= 2)) {
        step(StepKind::HillisSteele, T[A].Line,
             "adds `" + T[A].S.str() + "` `" + StrideName +
                 "` elements back, `" + StrideName + "` " + Dir +
                 ", barrier in the loop");
        break;
      }
      if (!Minus && Accumulates) {
        step(StepKind::TreeReduce, T[A].Line,
             "combines `" + T[A].S.str() + "` across stride `" + StrideName +
                 "` (" + Dir + "), barrier in the loop");
        break;
      }
    }
  }
  // Blelloch's down-sweep: A[x] = A[y]; A[y] += t.
  if (Barrier)
    for (const Segment *C : Copies)
      for (const Segment *D : Compounds) {
        auto [CN, CO] = target(*C);
        auto [DN, DO] = target(*D);
        auto Reads = accesses(rhs(*C));
        if (T[CN].S == T[DN].S && indexText(Reads[0].second) == indexText(DO) &&
            mentions({CO + 1, Match[CO]}, Derived))
          step(StepKind::DownSweep, T[C->R.B].Line,
               "down-sweep: moves `" + T[CN].S.str() +
                   "` across the stride and adds into the partner (" +
                   code(T[D->R.B].Line) + ")");
      }
  // Compare-and-swap inline: two moves into one array at different
  // indices, one of them from the stride, under a comparison.
  bool Compare = false;
  for (size_t I = L.Body.B; I < L.Body.E; ++I)
    if ((T[I].id("if") && I + 1 < L.Body.E && T[I + 1].is(tk::l_paren)) ||
        T[I].is(tk::question)) {
      size_t B = T[I].id("if") ? I + 2 : (segmentOf(I) ? segmentOf(I)->R.B : I);
      size_t E = T[I].id("if") ? Match[I + 1] : I;
      for (size_t J = B; J < E && J < T.size(); ++J)
        Compare |= isRelational(T[J].K);
    }
  if (Compare)
    for (size_t A = 0; A < Moves.size(); ++A)
      for (size_t B = A + 1; B < Moves.size(); ++B) {
        auto [AN, AO] = target(*Moves[A]);
        auto [BN, BO] = target(*Moves[B]);
        if (T[AN].S != T[BN].S || indexText(AO) == indexText(BO) ||
            !(mentions({AO + 1, Match[AO]}, Derived) ||
              mentions({BO + 1, Match[BO]}, Derived)))
          continue;
        bool IsCopyAdd = false;
        for (const Segment *D : Compounds)
          IsCopyAdd |= T[target(*D).first].S == T[AN].S;
        if (IsCopyAdd)
          continue;
        step(StepKind::CompareExchange, T[AN].Line,
             "compares and swaps `" + T[AN].S.str() + "` elements `" +
                 StrideName + "` apart (" + code(T[BN].Line) + ")" +
                 (XorPartner.empty() ? ""
                                     : ", partner by XOR at " + XorPartner));
      }
  // A comparator helper or swap() called on elements across the stride.
  for (size_t I = L.Body.B; I + 1 < L.Body.E; ++I) {
    size_t Open = callOpen(I);
    if (Open == SIZE_MAX || !mentions({Open + 1, Match[Open]}, Derived))
      continue;
    const Summary *H = helper(T[I].S);
    bool Swap = ((T[I].S == "swap" || (H && H->Swap)) && Compare) ||
                (H && H->CompareSwap);
    if (Swap)
      step(StepKind::CompareExchange, T[I].Line,
           "compares and swaps elements `" + StrideName + "` apart through " +
               T[I].S.str() + (H ? " (" + H->Where + ")" : std::string()) +
               (XorPartner.empty() ? "" : ", partner by XOR at " + XorPartner));
  }
}

/// Steps done by calls: cooperative groups' algorithms and helpers of the
/// tree whose bodies have steps of their own.
void BodyReader::callSteps() {
  for (size_t I = 0; I + 1 < T.size(); ++I) {
    if (callOpen(I) == SIZE_MAX)
      continue;
    bool Qualified = I > 0 && T[I - 1].is(tk::coloncolon);
    bool Member = I > 0 && (T[I - 1].is(tk::period) || T[I - 1].is(tk::arrow));
    StringRef Q = Qualified && I > 1 && T[I - 2].id() ? T[I - 2].S : "";
    bool Groups = Q == "cg" || Q == "cooperative_groups";
    if (Groups && T[I].S == "reduce")
      step(StepKind::GroupReduce, T[I].Line,
           "cooperative groups' reduce across the group");
    if (Groups && (T[I].S == "inclusive_scan" || T[I].S == "exclusive_scan"))
      step(StepKind::GroupScan, T[I].Line,
           "cooperative groups' " + T[I].S.str() + " across the group");
    // Other qualified calls (`Policy<T>::reduce(v)`, a static member) are
    // looked up by name like free helpers; library namespaces are not the
    // tree's.
    if (Groups || Member || Q == "std" || Q == "cub" || Q == "thrust")
      continue;
    const Summary *H = helper(T[I].S);
    if (!H)
      continue;
    for (const Step &S : H->Steps)
      if (S.Kind != StepKind::CompareExchange)
        step(S.Kind, T[I].Line,
             "calls " + T[I].S.str() + " (" + H->Where + "), whose " + S.What);
  }
}

void BodyReader::histogramSteps() {
  std::set<std::string, std::less<>> Shared, Data, FromShared;
  for (size_t I = 0; I + 2 < T.size(); ++I)
    if (T[I].id("__shared__")) {
      // `__shared__ unsigned int bins[256];` and `extern __shared__ T s[];`
      for (size_t J = I + 1; J < T.size() && !T[J].is(tk::semi); ++J)
        if (T[J].id() && J + 1 < T.size() &&
            (T[J + 1].is(tk::l_square) || T[J + 1].is(tk::semi) ||
             T[J + 1].is(tk::equal))) {
          Shared.insert(T[J].S.str());
          break;
        }
    }
  auto ReadsParam = [&](Range R) {
    for (size_t J = R.B; J < R.E; ++J)
      if (T[J].id() && pointerParam(T[J].S) &&
          !(J + 1 < R.E && isAssign(T[J + 1].K)))
        return true;
    return false;
  };
  for (int Pass = 0; Pass < 3; ++Pass)
    for (const Segment &S : Segs) {
      auto [Name, Open] = target(S);
      if (Name == SIZE_MAX || Open != SIZE_MAX || !T[S.Assign].is(tk::equal))
        continue;
      Range R = rhs(S);
      // Pointers into shared bins: `unsigned *h = s_Hist + warp * 256`.
      if (mentions(R, Shared) && S.Assign > S.R.B + 1 &&
          T[S.Assign - 2].is(tk::star))
        Shared.insert(T[Name].S.str());
      else if (ReadsParam(R) || mentions(R, Data))
        Data.insert(T[Name].S.str());
      if (mentions(R, Shared) || mentions(R, FromShared))
        FromShared.insert(T[Name].S.str());
    }
  // Compound updates also carry a shared sum: `sum += s_Hist[i]`.
  for (const Segment &S : Segs) {
    auto [Name, Open] = target(S);
    if (Name != SIZE_MAX && Open == SIZE_MAX && !T[S.Assign].is(tk::equal) &&
        mentions(rhs(S), Shared))
      FromShared.insert(T[Name].S.str());
  }
  size_t FirstBin = SIZE_MAX;
  for (size_t I = 0; I + 1 < T.size(); ++I) {
    if (!T[I].id() || !StringRef(T[I].S).starts_with("atomic") ||
        !T[I + 1].is(tk::l_paren) || Match[I + 1] == SIZE_MAX)
      continue;
    std::vector<Range> A = args(I + 1);
    if (A.size() < 2)
      continue;
    // The bin: `&bins[idx]` or `bins + idx`.
    Range Bin = A[0];
    if (Bin.B < Bin.E && T[Bin.B].is(tk::amp))
      ++Bin.B;
    if (Bin.B >= Bin.E || !T[Bin.B].id())
      continue;
    StringRef Array = T[Bin.B].S;
    Range Idx{Bin.B + 1, Bin.E};
    bool DataIdx = mentions(Idx, Data) || ReadsParam(Idx);
    if (Shared.count(Array) && DataIdx) {
      step(StepKind::SharedBin, T[I].Line,
           "counts into the shared bins `" + Array.str() +
               "` at an index read from the data");
      FirstBin = std::min(FirstBin, I);
    } else if (pointerParam(Array) && DataIdx &&
               !(mentions(A[1], Shared) || mentions(A[1], FromShared))) {
      step(StepKind::GlobalBin, T[I].Line,
           "counts into the global bins `" + Array.str() +
               "` at an index read from the data");
    } else if (pointerParam(Array) && FirstBin != SIZE_MAX && I > FirstBin &&
               (mentions(A[1], Shared) || mentions(A[1], FromShared))) {
      step(StepKind::BinMerge, T[I].Line,
           "adds the shared bins into `" + Array.str() + "`");
    }
  }
  // `hist[i]++` into shared bins, and merges by plain stores.
  for (const Segment &S : Segs) {
    for (auto [A, Open] : accesses(S.R)) {
      Range Idx{Open + 1, Match[Open]};
      size_t After = Match[Open] + 1;
      bool Inc = (After < S.R.E && T[After].is(tk::plusplus)) ||
                 (A > S.R.B && T[A - 1].is(tk::plusplus));
      if (Inc && Shared.count(T[A].S) &&
          (mentions(Idx, Data) || ReadsParam(Idx))) {
        step(StepKind::SharedBin, T[A].Line,
             "counts into the shared bins `" + T[A].S.str() +
                 "` at an index read from the data");
        FirstBin = std::min(FirstBin, A);
      }
    }
    size_t Name = storeTarget(S);
    if (FirstBin != SIZE_MAX && Name != SIZE_MAX && Name > FirstBin &&
        (mentions(rhs(S), Shared) || mentions(rhs(S), FromShared)))
      step(StepKind::BinMerge, T[Name].Line,
           "writes the shared bins into `" + T[Name].S.str() + "`");
  }
}

void BodyReader::otherWork(std::optional<ShapeKind> Kind) {
  auto Add = [&](unsigned Line, const std::string &What) {
    std::string S = code(Line) + ": " + What;
    if (std::find(Other.begin(), Other.end(), S) == Other.end())
      Other.push_back(S);
  };
  std::set<std::string, std::less<>> TypeParams(Fn.TemplateParams.begin(),
                                                Fn.TemplateParams.end());
  for (size_t I = 0; I + 1 < T.size(); ++I) {
    if (callOpen(I) == SIZE_MAX)
      continue;
    StringRef N = T[I].S;
    bool Member = I > 0 && (T[I - 1].is(tk::period) || T[I - 1].is(tk::arrow));
    bool Qualified = I > 1 && T[I - 1].is(tk::coloncolon) && T[I - 2].id();
    if (Member)
      continue;
    if (isMath(N)) {
      Add(T[I].Line, "calls " + N.str() + " (math the algorithm does not do)");
      continue;
    }
    if (Qualified) {
      StringRef Q = T[I - 2].S;
      if (Q == "cg" || Q == "cooperative_groups" ||
          (Q == "std" && isAlgorithmCall(N)))
        continue;
      // A static member or namespaced helper of the tree is read below.
      if (Q == "std" || Q == "cub" || Q == "thrust" || !helper(N)) {
        Add(T[I].Line, "calls " + Q.str() + "::" + N.str());
        continue;
      }
    }
    // A declaration with a constructor call: `T x(0)`.
    if (!Qualified && I > 0 && T[I - 1].id() && !T[I - 1].id("return") &&
        !T[I - 1].id("else") && !T[I - 1].id("case"))
      continue;
    if (isBuiltinType(N) || isAlgorithmCall(N) || TypeParams.count(N) ||
        Ctx.Types.count(N))
      continue;
    if (auto M = Ctx.Macros.find(N); M != Ctx.Macros.end()) {
      if (M->second.first)
        Add(T[I].Line,
            "uses the macro " + N.str() + ", whose replacement calls math");
      else if (M->second.second > 200)
        Add(T[I].Line, "uses the macro " + N.str() + " (" +
                           std::to_string(M->second.second) +
                           " characters of code)");
      continue;
    }
    const Summary *H = helper(N);
    if (!H) {
      Add(T[I].Line, "calls " + N.str() +
                         ", whose body the token pass did not find in the "
                         "tree");
      continue;
    }
    if (!H->Steps.empty() || H->CompareSwap || H->Swap)
      continue; // the algorithm's own step
    if (!H->OtherWork.empty())
      Add(T[I].Line, "calls " + N.str() + " (" + H->Where +
                         "), which does other work: " + H->OtherWork.front());
    else if (H->Tokens > 60)
      Add(T[I].Line, "calls " + N.str() + " (" + H->Where + ", " +
                         std::to_string(H->Tokens) +
                         " tokens of computation of its own)");
  }
  if (!Kind)
    return;
  // Inputs: pointer parameters read and never written.
  std::set<std::string, std::less<>> Written, Read;
  for (const Segment &S : Segs)
    if (size_t Name = storeTarget(S); Name != SIZE_MAX)
      Written.insert(root(T[Name].S).str());
  for (size_t I = 0; I + 1 < T.size(); ++I)
    if (T[I].id() && StringRef(T[I].S).starts_with("atomic") &&
        T[I + 1].is(tk::l_paren))
      for (size_t J = I + 2; J < T.size() && J < I + 5; ++J)
        if (T[J].id() && pointerParam(T[J].S)) {
          Written.insert(root(T[J].S).str());
          break;
        }
  for (auto &[P, W] : HelperWrites)
    Written.insert(P);
  for (size_t I = 0; I < T.size(); ++I)
    if (T[I].id() && pointerParam(T[I].S) && !Written.count(root(T[I].S)) &&
        !(I > 0 && (T[I - 1].is(tk::period) || T[I - 1].is(tk::arrow))))
      Read.insert(root(T[I].S).str());
  size_t Allowed = *Kind == ShapeKind::Sort ? 2 : 1;
  if (Read.size() > Allowed) {
    std::string Names;
    for (const std::string &N : Read)
      Names += (Names.empty() ? "" : ", ") + N;
    Other.push_back("its parameters (line " + std::to_string(Fn.Line) +
                    "): it reads " + std::to_string(Read.size()) +
                    " input arrays (" + Names +
                    "), a computation over several inputs, not the "
                    "algorithm alone");
  }
  // Per-element outputs: a reduction writes once per block (or through
  // atomics), a histogram only its bins.
  if (*Kind == ShapeKind::Reduction || *Kind == ShapeKind::Histogram)
    for (const Segment &S : Segs) {
      size_t Name = storeTarget(S);
      if (Name == SIZE_MAX)
        continue;
      if (*Kind == ShapeKind::Reduction && zeroGuarded(Name))
        continue;
      bool Merge = false;
      for (const Step &St : Steps)
        Merge |= St.Kind == StepKind::BinMerge && St.Line == T[Name].Line;
      if (Merge)
        continue;
      Add(T[Name].Line, "writes `" + T[Name].S.str() +
                            "` from every thread (a per-element output)");
    }
}

/// A swap helper, or a comparator: compares two reference parameters and
/// swaps them.
std::pair<bool, bool> BodyReader::swapsRefs() const {
  std::set<std::string, std::less<>> Refs;
  for (const Param &P : Params)
    if (P.Ref)
      Refs.insert(P.Name);
  if (Refs.size() < 2)
    return {false, false};
  bool Compare = false;
  for (size_t I = 0; I < T.size(); ++I)
    Compare |= isRelational(T[I].K);
  std::set<std::string> Moved;
  for (const Segment &S : Segs) {
    auto [Name, Open] = target(S);
    Range R = rhs(S);
    if (Name != SIZE_MAX && Open == SIZE_MAX && Refs.count(T[Name].S) &&
        T[S.Assign].is(tk::equal) && R.E == R.B + 1 && T[R.B].id())
      Moved.insert(T[Name].S.str());
  }
  bool SwapCall = false;
  for (size_t I = 0; I + 1 < T.size(); ++I)
    SwapCall |= T[I].id("swap") && T[I + 1].is(tk::l_paren);
  bool Swaps = Moved.size() >= 2 || SwapCall;
  return {Swaps, Swaps && Compare};
}

Summary BodyReader::summarize() {
  for (const Loop &L : Loops)
    loopSteps(L);
  callSteps();
  otherWork(std::nullopt);
  Summary S;
  S.Steps = Steps;
  S.OtherWork = Other;
  std::tie(S.Swap, S.CompareSwap) = swapsRefs();
  S.ParamWrites.assign(Params.size(), 0);
  auto Mark = [&](StringRef Name, size_t At) {
    StringRef Root = root(Name);
    for (size_t P = 0; P < Params.size(); ++P)
      if (Params[P].Name == Root) {
        // 2 only while every write is one thread's.
        int New = zeroGuarded(At) ? 2 : 1;
        S.ParamWrites[P] =
            S.ParamWrites[P] ? std::min(S.ParamWrites[P], New) : New;
      }
  };
  for (const Segment &Sg : Segs)
    if (size_t Name = storeTarget(Sg); Name != SIZE_MAX)
      Mark(T[Name].S, Name);
  S.Tokens = T.size();
  return S;
}

std::optional<KernelShape> BodyReader::kernelShape() {
  for (const Loop &L : Loops)
    loopSteps(L);
  callSteps();
  histogramSteps();
  // A bitonic step kernel: the host loops over the stride and passes it
  // (`ixj = i ^ j` with j a parameter), the kernel compares and swaps.
  {
    std::set<std::string, std::less<>> Scalars;
    for (const Param &P : Params)
      if (!P.Pointer && !P.Ref)
        Scalars.insert(P.Name);
    Loop Whole;
    Whole.Keyword = 0;
    Whole.Body = {0, T.size()};
    for (const Segment &S : Segs) {
      auto [Name, Open] = target(S);
      if (Name == SIZE_MAX || Open != SIZE_MAX || !T[S.Assign].is(tk::equal))
        continue;
      Range R = rhs(S);
      for (size_t J = R.B; J + 1 < R.E; ++J)
        if (T[J].is(tk::caret) && T[J + 1].id() && Scalars.count(T[J + 1].S))
          Whole.Halving.insert(T[J + 1].S.str());
    }
    if (!Whole.Halving.empty()) {
      size_t Before = Steps.size();
      loopSteps(Whole);
      // Only its compare-exchange counts: other steps need a real loop.
      Steps.erase(std::remove_if(Steps.begin() + Before, Steps.end(),
                                 [](const Step &S) {
                                   return S.Kind != StepKind::CompareExchange;
                                 }),
                  Steps.end());
    }
  }
  if (Steps.empty())
    return std::nullopt;
  auto Has = [&](auto Pred) {
    return std::any_of(Steps.begin(), Steps.end(),
                       [&](const Step &S) { return Pred(S.Kind); });
  };
  bool Sort = Has([](StepKind K) { return K == StepKind::CompareExchange; });
  bool SharedBin = Has([](StepKind K) { return K == StepKind::SharedBin; });
  bool Merge = Has([](StepKind K) { return K == StepKind::BinMerge; });
  bool GlobalBin = Has([](StepKind K) { return K == StepKind::GlobalBin; });
  bool DownSweep = Has([](StepKind K) { return K == StepKind::DownSweep; });
  bool Scan = Has(isScanStep);
  bool Reduce = Has(isReduceStep);
  KernelShape Shape;
  std::vector<StepKind> Keep;
  if (Sort) {
    Shape.Kind = ShapeKind::Sort;
    Keep = {StepKind::CompareExchange};
  } else if ((SharedBin && Merge) || GlobalBin) {
    Shape.Kind = ShapeKind::Histogram;
    Keep = {StepKind::SharedBin, StepKind::BinMerge, StepKind::GlobalBin};
  } else if (Scan) {
    Shape.Kind = ShapeKind::Scan;
    Keep = {StepKind::WarpScan, StepKind::HillisSteele, StepKind::DownSweep,
            StepKind::GroupScan};
    if (DownSweep) // the up-sweep is a tree reduction's loop
      Keep.push_back(StepKind::TreeReduce);
  } else if (Reduce) {
    Shape.Kind = ShapeKind::Reduction;
    Keep = {StepKind::WarpReduce, StepKind::TreeReduce, StepKind::GroupReduce};
  } else if (SharedBin) {
    Shape.Kind = ShapeKind::Histogram;
    Keep = {StepKind::SharedBin};
    Shape.Missing = "the shared bins are never added into global memory";
  } else {
    return std::nullopt;
  }
  std::sort(Steps.begin(), Steps.end(),
            [](const Step &A, const Step &B) { return A.Line < B.Line; });
  unsigned LastStep = 0;
  for (const Step &S : Steps)
    if (std::find(Keep.begin(), Keep.end(), S.Kind) != Keep.end()) {
      Shape.Steps.push_back(S.What);
      LastStep = std::max(LastStep, S.Line);
    }
  // Where the result goes, also through helpers (`reduceBlocks(in, out,
  // n)` writing `out[blockIdx.x]` under `if (tid == 0)`).
  for (size_t I = 0; I + 1 < T.size(); ++I) {
    size_t Open = callOpen(I);
    if (Open == SIZE_MAX ||
        (I > 0 && (T[I - 1].is(tk::period) || T[I - 1].is(tk::arrow) ||
                   T[I - 1].is(tk::coloncolon))))
      continue;
    const Summary *H = helper(T[I].S);
    if (!H)
      continue;
    std::vector<Range> A = args(Open);
    for (size_t P = 0; P < A.size() && P < H->ParamWrites.size(); ++P)
      if (H->ParamWrites[P] && A[P].E == A[P].B + 1 &&
          pointerParam(T[A[P].B].S)) {
        auto &W = HelperWrites[root(T[A[P].B].S).str()];
        if (H->ParamWrites[P] > W.first)
          W = {H->ParamWrites[P], I};
      }
  }
  bool Stores = !HelperWrites.empty();
  std::string BlockWrite;
  for (auto &[P, W] : HelperWrites)
    if (W.first == 2 && T[W.second].Line >= LastStep && BlockWrite.empty())
      BlockWrite = code(T[W.second].Line) + ": calls " + T[W.second].S.str() +
                   ", which writes `" + P + "` from one thread";
  for (const Segment &S : Segs) {
    size_t Name = storeTarget(S);
    if (Name == SIZE_MAX)
      continue;
    Stores = true;
    if (zeroGuarded(Name) && T[Name].Line >= LastStep && BlockWrite.empty())
      BlockWrite = code(T[Name].Line) + ": writes one result per block";
  }
  for (size_t I = 0; I + 1 < T.size(); ++I)
    if (T[I].id() && StringRef(T[I].S).starts_with("atomic") &&
        T[I + 1].is(tk::l_paren)) {
      for (size_t J = I + 2; J < T.size() && J < I + 5; ++J)
        if (T[J].id() && pointerParam(T[J].S)) {
          Stores = true;
          if (T[I].Line >= LastStep && BlockWrite.empty() &&
              (zeroGuarded(I) || !inAnyLoop(I)))
            BlockWrite = code(T[I].Line) + ": writes one result per block";
          break;
        }
    }
  if (Shape.Kind == ShapeKind::Reduction) {
    if (BlockWrite.empty())
      Shape.Missing = "no write of one result per block after the last step";
    else
      Shape.Steps.push_back(BlockWrite);
  } else if (Shape.Missing.empty() && !Stores) {
    Shape.Missing = "no store to a pointer parameter that the token pass "
                    "can see";
  }
  otherWork(Shape.Kind);
  Shape.OtherWork = Other;
  std::string Lower = StringRef(Fn.Name).lower();
  static const std::map<ShapeKind, std::vector<StringRef>> Words = {
      {ShapeKind::Reduction, {"reduc", "sum", "norm2", "dot"}},
      {ShapeKind::Scan, {"scan", "prefix", "cumsum"}},
      {ShapeKind::Sort, {"sort", "bitonic", "merge"}},
      {ShapeKind::Histogram, {"hist", "count", "bin"}}};
  for (StringRef W : Words.at(Shape.Kind))
    if (StringRef(Lower).contains(W)) {
      Shape.NameAgrees = "its name (" + Fn.Name + ") agrees";
      break;
    }
  return Shape;
}

} // namespace

const Summary *ShapeContext::Impl::helper(StringRef Name, unsigned Depth,
                                          unsigned FromFile) const {
  auto It = Helpers.find(Name);
  if (It == Helpers.end() || Depth > 8)
    return nullptr;
  // Overloads (warp_reduce_sum for float and half2): the first definition
  // stands for all; they are one helper's variants in practice. One in the
  // caller's own file wins over a namesake elsewhere in the tree.
  auto [FileIdx, Fn] = It->second.front();
  for (auto [I, D] : It->second)
    if (I == FromFile) {
      std::tie(FileIdx, Fn) = std::make_pair(I, D);
      break;
    }
  auto S = Summaries.find(Fn);
  if (S != Summaries.end())
    return S->second.get(); // nullptr while being computed
  Summaries[Fn] = nullptr;
  BodyReader R(*this, FileIdx, *Fn, Depth);
  auto Sum = std::make_unique<Summary>(R.summarize());
  Sum->Where = Files[FileIdx]->Path + ":" + std::to_string(Fn->Line);
  const Summary *Out = Sum.get();
  Summaries[Fn] = std::move(Sum);
  return Out;
}

std::optional<KernelShape>
ShapeContext::Impl::recognize(unsigned F, const ScannedKernel &K) const {
  if (K.BodyEnd <= K.BodyBegin || F >= Files.size())
    return std::nullopt;
  BodyReader R(*this, F, K, 0);
  return R.kernelShape();
}

ShapeContext::ShapeContext() : P(std::make_unique<Impl>()) {}
ShapeContext::~ShapeContext() = default;

unsigned ShapeContext::addFile(StringRef Path, StringRef Text,
                               const SourceScanResult &Scan) {
  unsigned Id = P->Files.size();
  P->Files.push_back(std::make_unique<Impl::File>(Path, Text));
  for (const ScannedKernel &Fn : Scan.DeviceFunctions)
    P->Helpers[Fn.Name].push_back({Id, &Fn});
  for (const std::string &Ty : Scan.Types)
    P->Types.insert(Ty);
  for (const auto &[Name, Body] : Scan.Macros) {
    std::string Copy = Body;
    bool Math = false;
    std::vector<RawToken> Toks = lexRawTokens(Copy, rawScanLangOptions());
    for (size_t I = 0; I + 1 < Toks.size(); ++I)
      Math |= Toks[I].Kind == tk::raw_identifier && isMath(Toks[I].Text) &&
              Toks[I + 1].Kind == tk::l_paren;
    P->Macros[Name] = {Math, Body.size()};
  }
  return Id;
}

std::optional<KernelShape>
ShapeContext::recognize(unsigned File, const ScannedKernel &K) const {
  return P->recognize(File, K);
}

} // namespace hipwright
