//===- PtxVerdict.cpp - one finding for one asm statement -----------------===//
//
// One finding per asm statement, at the `asm` keyword: the statement is the
// unit a person rewrites. A statement that is one idiom (plus register
// plumbing) gets that idiom's rule id; several idioms get the generic rule
// and a list. Tensor-core and Hopper instructions get a note pointing at
// the analyzers that own those rules, so their findings are not repeated.
//
//===----------------------------------------------------------------------===//
#include "inline-ptx/PtxVerdict.h"
#include "inline-ptx/PtxIdioms.h"

#include "llvm/ADT/STLExtras.h"

#include <vector>

namespace hipwright::ptx {
namespace {

const char *ownerRules(Owner O) {
  return O == Owner::TensorCore ? "tensor-core" : "hopper-only";
}

std::string describe(const Idiom &I) {
  if (I.By != Owner::InlinePtx)
    return I.Name + " (see the " + std::string(ownerRules(I.By)) + " rules)";
  if (I.Equivalent.empty())
    return I.Name + " has no AMD equivalent";
  return I.Name + " -> " + I.Equivalent;
}

std::string suggestion(const std::vector<Idiom> &Idioms,
                       const std::optional<std::string> &Rewrite) {
  std::string S = "PTX does not assemble for AMDGPU (and clang rejects its "
                  "\"=f\"/\"l\" constraints there)";
  for (const Idiom &I : Idioms)
    if (!I.Note.empty())
      S += "; " + I.Name + ": " + I.Note;
  if (Rewrite)
    S += "; fix-it: " + *Rewrite + ";";
  return S;
}

/// Distinct idioms, plumbing dropped unless nothing else is there.
std::vector<Idiom> relevant(const Program &P) {
  std::vector<Idiom> All, Kept;
  for (const Instruction &Ins : P.Instructions)
    All.push_back(classify(Ins));
  for (const Idiom &I : All) {
    if (I.Plumbing)
      continue;
    bool Seen = llvm::any_of(Kept, [&](const Idiom &K) {
      return K.Name == I.Name && K.Rule == I.Rule;
    });
    if (!Seen)
      Kept.push_back(I);
  }
  if (Kept.empty() && !All.empty()) {
    // Only plumbing: one generic idiom naming the opcodes used.
    Idiom Plain = All.front();
    for (size_t K = 1; K < All.size(); ++K)
      if (!llvm::StringRef(Plain.Name).contains(All[K].Name))
        Plain.Name += "/" + All[K].Name;
    Kept.push_back(Plain);
  }
  return Kept;
}

Severity worst(const std::vector<Idiom> &Idioms) {
  Severity S = Severity::Note;
  for (const Idiom &I : Idioms)
    if (I.Level == Severity::Error ||
        (I.Level == Severity::Warning && S == Severity::Note))
      S = I.Level;
  return S;
}

} // namespace

std::optional<Verdict> judge(const AsmStatement &A, const FixOptions &Opts) {
  const Program &P = A.Ptx;
  if (P.Instructions.empty() && P.Problems.empty())
    return std::nullopt;
  std::vector<Idiom> Idioms = relevant(P);
  Verdict V;
  V.Level = worst(Idioms);
  if (!P.Problems.empty())
    V.Level = Severity::Error;
  bool Owned = llvm::any_of(
      Idioms, [](const Idiom &I) { return I.By != Owner::InlinePtx; });
  if (Idioms.size() == 1 && P.Problems.empty()) {
    V.Rule = Idioms.front().Rule;
    if (!Owned)
      V.Rewrite = exactRewrite(A, Opts);
    V.Message = "inline PTX " + describe(Idioms.front());
  } else {
    V.Rule = kRuleGeneric;
    std::string List;
    for (const Idiom &I : Idioms)
      List += (List.empty() ? "" : "; ") + describe(I);
    for (const std::string &Bad : P.Problems)
      List += (List.empty() ? "unreadable PTX '" : "; unreadable PTX '") + Bad +
              "'";
    V.Message = "inline PTX with " + std::to_string(P.Instructions.size()) +
                " instructions: " + List;
  }
  if (Owned && V.Level != Severity::Error) {
    // The owning analyzer reports the substance; this keeps the promise
    // that every asm statement is listed, at note level.
    V.Level = Severity::Note;
  }
  V.Suggestion = suggestion(Idioms, V.Rewrite);
  return V;
}

} // namespace hipwright::ptx
