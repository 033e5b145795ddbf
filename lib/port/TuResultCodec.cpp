//===- TuResultCodec.cpp - one TU's result as bytes and back --------------===//
//
// Field order is the format: a change here must bump the record versions
// (UnitCache.cpp, ShardFile.cpp) so old entries are rebuilt, not misread.
//
//===----------------------------------------------------------------------===//
#include "port/TuResultCodec.h"

namespace hipwright {
namespace {

void put(ByteWriter &W, const Replacement &E) {
  W.str(E.File);
  W.num(E.Offset);
  W.num(E.Length);
  W.str(E.Text);
}

Replacement getReplacement(ByteReader &R) {
  Replacement E;
  E.File = R.str();
  E.Offset = R.num();
  E.Length = R.num();
  E.Text = R.str();
  return E;
}

template <typename T, typename PutFn>
void putList(ByteWriter &W, const std::vector<T> &List, PutFn Put) {
  W.num(List.size());
  for (const T &X : List)
    Put(X);
}

template <typename T, typename GetFn>
std::vector<T> getList(ByteReader &R, GetFn Get) {
  std::vector<T> List;
  uint64_t N = R.count();
  for (uint64_t I = 0; I < N && R.ok(); ++I)
    List.push_back(Get());
  return List;
}

} // namespace

void encodeTuResult(const TuResult &U, ByteWriter &W) {
  W.str(U.MainFile);
  putList(W, U.FilesSeen, [&](const std::string &S) { W.str(S); });
  putList(W, U.Edits, [&](const Replacement &E) { put(W, E); });
  putList(W, U.References, [&](const ApiReference &A) {
    W.str(A.Name);
    W.str(A.Hip);
    W.str(A.Family);
    W.str(A.File);
    W.num(A.Offset);
    W.num(A.Line);
    W.num(A.Column);
    W.num(A.Converted);
  });
  putList(W, U.Findings, [&](const Finding &F) {
    W.str(F.RuleId);
    W.num(static_cast<unsigned>(F.Level));
    W.str(F.File);
    W.num(F.Line);
    W.num(F.Column);
    W.str(F.Message);
    W.str(F.Suggestion);
    putList(W, F.Fixes, [&](const Replacement &E) { put(W, E); });
    W.num(F.FixRequired);
    W.str(F.InactiveBranch);
    W.num(F.Folded.has_value());
    if (F.Folded) {
      W.str(F.Folded->Text);
      W.num(F.Folded->At);
      W.str(F.Folded->One);
      W.str(F.Folded->Many);
      putList(W, F.Folded->Places, [&](const auto &P) {
        W.str(P.first);
        W.num(P.second);
      });
    }
    // Fingerprint, Suppressed and InBaseline are the findings stage's,
    // decided after the merge: a TU's result never has them set.
  });
  putList(W, U.Kernels, [&](const KernelDef &K) {
    W.str(K.File);
    W.num(K.Line);
    W.str(K.Name);
  });
  putList(W, U.Errors, [&](const ParseError &E) {
    W.str(E.File);
    W.num(E.Line);
    W.num(E.Column);
    W.str(E.Message);
    // Decides whether the merge says where the parse stopped: a result
    // read back from the cache or a shard must say it too.
    W.num(E.Fatal);
  });
  W.num(U.Failed);
  putList(W, U.Inputs, [&](const ParseInput &I) {
    W.str(I.Path);
    W.str(I.Digest);
  });
  putList(W, U.Absent, [&](const std::string &S) { W.str(S); });
}

std::optional<TuResult> decodeTuResult(ByteReader &R) {
  TuResult U;
  U.MainFile = R.str();
  U.FilesSeen = getList<std::string>(R, [&] { return R.str(); });
  U.Edits = getList<Replacement>(R, [&] { return getReplacement(R); });
  U.References = getList<ApiReference>(R, [&] {
    ApiReference A;
    A.Name = R.str();
    A.Hip = R.str();
    A.Family = R.str();
    A.File = R.str();
    A.Offset = R.num();
    A.Line = R.num();
    A.Column = R.num();
    A.Converted = R.num() != 0;
    return A;
  });
  U.Findings = getList<Finding>(R, [&] {
    Finding F;
    F.RuleId = R.str();
    uint64_t Level = R.num();
    if (Level > static_cast<unsigned>(Severity::Error))
      R.fail();
    F.Level = static_cast<Severity>(Level);
    F.File = R.str();
    F.Line = R.num();
    F.Column = R.num();
    F.Message = R.str();
    F.Suggestion = R.str();
    F.Fixes = getList<Replacement>(R, [&] { return getReplacement(R); });
    F.FixRequired = R.num() != 0;
    F.InactiveBranch = R.str();
    if (R.num() != 0) {
      FoldedUses U;
      U.Text = R.str();
      U.At = R.num();
      U.One = R.str();
      U.Many = R.str();
      U.Places = getList<std::pair<std::string, unsigned>>(R, [&] {
        std::string File = R.str();
        unsigned Line = R.num();
        return std::make_pair(std::move(File), Line);
      });
      F.Folded = std::move(U);
    }
    return F;
  });
  U.Kernels = getList<KernelDef>(R, [&] {
    KernelDef K;
    K.File = R.str();
    K.Line = R.num();
    K.Name = R.str();
    return K;
  });
  U.Errors = getList<ParseError>(R, [&] {
    ParseError E;
    E.File = R.str();
    E.Line = R.num();
    E.Column = R.num();
    E.Message = R.str();
    E.Fatal = R.num() != 0;
    return E;
  });
  U.Failed = R.num() != 0;
  U.Inputs = getList<ParseInput>(R, [&] {
    ParseInput I;
    I.Path = R.str();
    I.Digest = R.str();
    return I;
  });
  U.Absent = getList<std::string>(R, [&] { return R.str(); });
  if (!R.ok())
    return std::nullopt;
  return U;
}

} // namespace hipwright
