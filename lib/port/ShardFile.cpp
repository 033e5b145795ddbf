//===- ShardFile.cpp - one shard's translation results on disk ------------===//
#include "port/ShardFile.h"
#include "port/TuResultCodec.h"
#include "rules/RulesHash.h"
#include "support/AtomicFile.h"
#include "support/ByteCodec.h"
#include "support/FramedRecord.h"
#include "support/Version.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"

#include <map>

using namespace llvm;

namespace hipwright {

static constexpr const char *kShardMagic = "hipwright-shard 6";

static Error failure(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

std::string shardToolIdentity() {
  return std::string("hipwright ") + toolVersion() + " (" + gitCommit() +
         ") rules " + rulesContentHash();
}

std::string encodeShard(const ShardData &D) {
  ByteWriter W;
  W.str(D.Command);
  W.num(D.Args.size());
  for (const std::string &A : D.Args)
    W.str(A);
  W.num(D.Spec.Index);
  W.num(D.Spec.Count);
  W.str(D.Tool);
  W.str(D.Root);
  W.num(D.Units.size());
  for (const TuResult &U : D.Units)
    encodeTuResult(U, W);
  return frameRecord(kShardMagic, W.take());
}

Expected<ShardData> decodeShard(StringRef Bytes, StringRef What) {
  Expected<StringRef> Payload = unframeRecord(kShardMagic, Bytes, What);
  if (!Payload)
    return Payload.takeError();
  ByteReader R(*Payload);
  ShardData D;
  D.Command = R.str();
  for (uint64_t I = 0, N = R.count(); I < N && R.ok(); ++I)
    D.Args.push_back(R.str());
  D.Spec.Index = R.num();
  D.Spec.Count = R.num();
  D.Tool = R.str();
  D.Root = R.str();
  for (uint64_t I = 0, N = R.count(); I < N && R.ok(); ++I)
    if (std::optional<TuResult> U = decodeTuResult(R))
      D.Units.push_back(std::move(*U));
  if (!R.ok() || !R.atEnd())
    return failure(What + ": damaged shard contents");
  return D;
}

Error writeShardFile(StringRef Path, const ShardData &D) {
  return writeFileAtomically(Path, encodeShard(D), namedOutputFile());
}

Expected<ShardData> readShardFile(StringRef Path) {
  auto Buf = MemoryBuffer::getFile(Path, /*IsText=*/false,
                                   /*RequiresNullTerminator=*/false);
  if (!Buf)
    return failure(Path + ": cannot read: " + Buf.getError().message());
  Expected<ShardData> D = decodeShard((*Buf)->getBuffer(), Path);
  if (D)
    D->File = Path.str();
  return D;
}

/// How the merge's messages name a shard: the file given, when it came
/// from one, else its number.
static std::string nameOf(const ShardData &S) {
  std::string Number = "shard " + std::to_string(S.Spec.Index) + "/" +
                       std::to_string(S.Spec.Count);
  return S.File.empty() ? Number : S.File + " (" + Number + ")";
}

Expected<MergedShards> combineShards(std::vector<ShardData> Shards) {
  if (Shards.empty())
    return failure("no shard files given");
  const ShardData &First = Shards.front();
  std::string Own = shardToolIdentity();
  std::map<unsigned, const ShardData *> Seen;
  for (const ShardData &S : Shards) {
    if (S.Tool != Own)
      return failure(nameOf(S) + " was written by " + S.Tool + ", this is " +
                     Own + ": shards and merge must run the same build");
    if (S.Command != First.Command || S.Args != First.Args ||
        S.Spec.Count != First.Spec.Count || S.Root != First.Root)
      return failure(nameOf(S) +
                     " is from another run: its command line or input root "
                     "differs from " +
                     nameOf(First) + "'s");
    if (S.Spec.Index == 0 || S.Spec.Index > S.Spec.Count)
      return failure(nameOf(S) + " is out of range");
    if (!Seen.try_emplace(S.Spec.Index, &S).second)
      return failure(nameOf(S) + " is given twice: " +
                     nameOf(*Seen[S.Spec.Index]) + " is the same shard");
  }
  if (Seen.size() != First.Spec.Count) {
    std::string Missing;
    for (unsigned I = 1; I <= First.Spec.Count; ++I)
      if (!Seen.count(I))
        Missing += (Missing.empty() ? "" : ", ") + std::to_string(I);
    return failure("shard" +
                   Twine(Missing.find(',') == std::string::npos ? " " : "s ") +
                   Missing + " of " + Twine(First.Spec.Count) +
                   " missing: merge needs every shard's file");
  }
  MergedShards M;
  M.Command = First.Command;
  M.Args = First.Args;
  M.Root = First.Root;
  for (ShardData &S : Shards)
    for (TuResult &U : S.Units) {
      // The shard a TU belongs to is a function of its path: a result in
      // another shard's file means the shards saw different trees.
      StringRef Rel = StringRef(U.MainFile);
      if (Rel.consume_front(M.Root)) // as InputTree::relative
        Rel = Rel.ltrim('/');
      if (shardOf(Rel, S.Spec.Count) != S.Spec.Index)
        return failure(U.MainFile + " is in " + nameOf(S) +
                       " but belongs to shard " +
                       Twine(shardOf(Rel, S.Spec.Count)) +
                       ": the shards did not see the same tree");
      std::string Key = U.MainFile;
      if (!M.Units.try_emplace(Key, std::move(U)).second)
        return failure(Key + " has results in two shards: " + M.FileOf[Key] +
                       " and " + nameOf(S));
      M.FileOf[Key] = nameOf(S);
    }
  return M;
}

} // namespace hipwright
