//===- CappedOutput.cpp - a stream's head and tail, bounded ---------------===//
#include "verify/CappedOutput.h"

#include <algorithm>

using namespace llvm;

namespace hipwright::verify {

void CappedOutput::append(StringRef Chunk) {
  size_t ToHead = std::min(Chunk.size(), HeadCap - Head.size());
  Head.append(Chunk.data(), ToHead);
  Chunk = Chunk.drop_front(ToHead);
  if (Chunk.empty())
    return;
  Tail.append(Chunk.data(), Chunk.size());
  // Trim only once Tail is twice its cap: each byte is moved at most once
  // more, however small the chunks.
  if (Tail.size() > 2 * TailCap) {
    size_t Excess = Tail.size() - TailCap;
    Tail.erase(0, Excess);
    Dropped += Excess;
  }
}

uint64_t CappedOutput::omitted() const {
  return Dropped + (Tail.size() > TailCap ? Tail.size() - TailCap : 0);
}

std::string CappedOutput::text() const {
  uint64_t Omitted = omitted();
  StringRef Kept = StringRef(Tail).take_back(TailCap);
  if (!Omitted)
    return Head + Tail;
  std::string Out = Head;
  if (!Out.empty() && Out.back() != '\n')
    Out += '\n';
  Out += "[... output cut: " + std::to_string(Omitted) + " bytes omitted ...]";
  Out += '\n';
  Out += Kept.str();
  return Out;
}

} // namespace hipwright::verify
