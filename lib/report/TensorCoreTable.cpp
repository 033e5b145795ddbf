//===- TensorCoreTable.cpp - the report's per-kernel MFMA table -----------===//
#include "report/TensorCoreTable.h"

#include "llvm/Support/Regex.h"

#include <algorithm>
#include <tuple>

using namespace llvm;

namespace hipwright {

bool isTensorCoreRule(StringRef RuleId) {
  return RuleId == "tensor-core" || RuleId.starts_with("tensor-core.");
}

static void addUnique(std::vector<std::string> &List, StringRef S) {
  S = S.trim();
  if (!S.empty() && std::find(List.begin(), List.end(), S) == List.end())
    List.push_back(S.str());
}

/// "kernel 'gemm'" -> {"kernel", "gemm"}; anything else is a kind alone.
static std::pair<std::string, std::string> splitWhere(StringRef Where) {
  static const Regex Named("^(kernel|device function|function) '(.*)'$");
  SmallVector<StringRef, 3> M;
  if (Named.match(Where, &M))
    return {M[1].str(), M[2].str()};
  return {Where.str(), ""};
}

static void addShapes(StringRef Message, std::vector<std::string> &Shapes) {
  // A tile with its element types when the message spells them
  // ("m16n16k16 f16 x f16 + f32"), else the tile alone.
  static const Regex Shape(
      "m[0-9]+n[0-9]+k[0-9]+( [a-z0-9]+ x [a-z0-9]+ \\+ [a-z0-9]+)?");
  StringRef Rest = Message;
  SmallVector<StringRef, 2> M;
  while (Shape.match(Rest, &M)) {
    addUnique(Shapes, M[0]);
    Rest = Rest.substr(M[0].data() - Rest.data() + M[0].size());
  }
}

/// "... use gfx942: A; gfx950: B (note)" -> {gfx942: A, gfx950: B (note)}.
/// A message about several PTX ops joins their clauses with "; and ".
static void addMfma(StringRef Message, ArrayRef<std::string> Targets,
                    std::map<std::string, std::vector<std::string>> &Out) {
  for (const std::string &T : Targets) {
    std::string Label = T + ": ";
    for (size_t At = Message.find(Label); At != StringRef::npos;
         At = Message.find(Label, At + 1)) {
      StringRef Before = Message.take_front(At);
      if (!Before.ends_with("use ") && !Before.ends_with("; "))
        continue;
      StringRef Value = Message.substr(At + Label.size());
      // The value runs to the next target's label or the next op's clause
      // (a builtin's note in parentheses may itself hold "; ").
      size_t End = Value.find("; and ");
      for (const std::string &Other : Targets)
        End = std::min(End, Value.find("; " + Other + ": "));
      addUnique(Out[T], Value.substr(0, End));
    }
  }
}

/// Every balanced "rocwmma::fragment<...>" in \p Text.
static void addRocwmma(StringRef Text, std::vector<std::string> &Out) {
  const StringRef Key = "rocwmma::fragment<";
  for (size_t At = Text.find(Key); At != StringRef::npos;
       At = Text.find(Key, At + 1)) {
    int Depth = 0;
    for (size_t I = At + Key.size() - 1; I < Text.size(); ++I) {
      if (Text[I] == '<')
        ++Depth;
      else if (Text[I] == '>' && --Depth == 0) {
        addUnique(Out, Text.slice(At, I + 1));
        break;
      }
    }
  }
}

std::vector<TensorCoreKernel> tensorCoreKernels(ArrayRef<Finding> Findings,
                                                ArrayRef<std::string> Targets) {
  std::map<std::pair<std::string, std::string>, TensorCoreKernel> Rows;
  for (const Finding &F : Findings) {
    if (!isTensorCoreRule(F.RuleId))
      continue;
    StringRef Msg = F.Message;
    size_t Colon = Msg.find(": ");
    StringRef Where = Colon == StringRef::npos ? "" : Msg.take_front(Colon);
    auto [Kind, Name] = splitWhere(Where);
    TensorCoreKernel &K = Rows[{F.File, Where.str()}];
    if (K.Findings == 0 || F.Line < K.Line)
      K.Line = F.Line;
    K.File = F.File;
    K.Kind = Kind;
    K.Name = Name;
    ++K.Findings;
    addShapes(Msg, K.Shapes);
    addMfma(Msg, Targets, K.Mfma);
    addRocwmma(F.Message, K.Rocwmma);
    addRocwmma(F.Suggestion, K.Rocwmma);
  }
  std::vector<TensorCoreKernel> Out;
  for (auto &[_, K] : Rows) {
    // Drop a bare tile when the same tile also appears with its types.
    std::vector<std::string> Shapes;
    for (const std::string &S : K.Shapes) {
      bool Typed = S.find(' ') != std::string::npos;
      bool Covered =
          !Typed && std::any_of(K.Shapes.begin(), K.Shapes.end(),
                                [&](const std::string &O) {
                                  return O.size() > S.size() &&
                                         StringRef(O).starts_with(S + " ");
                                });
      if (!Covered)
        Shapes.push_back(S);
    }
    K.Shapes = std::move(Shapes);
    Out.push_back(std::move(K));
  }
  std::sort(Out.begin(), Out.end(), [](const auto &A, const auto &B) {
    return std::tie(A.File, A.Line, A.Name) < std::tie(B.File, B.Line, B.Name);
  });
  return Out;
}

} // namespace hipwright
