//===- FramedRecord.cpp - a file that proves it is whole ------------------===//
#include "support/FramedRecord.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/BLAKE3.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;

namespace hipwright {

std::string contentDigest(StringRef Bytes) {
  auto Hash = BLAKE3::hash(arrayRefFromStringRef(Bytes));
  return toHex(Hash, /*LowerCase=*/true);
}

std::optional<std::string> fileDigest(StringRef Path) {
  auto Buf = MemoryBuffer::getFile(Path, /*IsText=*/false,
                                   /*RequiresNullTerminator=*/false);
  if (!Buf)
    return std::nullopt;
  return contentDigest((*Buf)->getBuffer());
}

std::string frameRecord(StringRef Magic, StringRef Payload) {
  std::string Out = Magic.str();
  Out += '\n';
  Out += std::to_string(Payload.size());
  Out += ' ';
  Out += contentDigest(Payload);
  Out += '\n';
  Out += Payload;
  return Out;
}

Expected<StringRef> unframeRecord(StringRef Magic, StringRef Bytes,
                                  StringRef What) {
  auto Fail = [&](const Twine &Why) {
    return createStringError(inconvertibleErrorCode(), What + ": " + Why);
  };
  auto [Head, Rest] = Bytes.split('\n');
  if (Head != Magic)
    return Fail("not a '" + Magic + "' record");
  auto [Sizes, Payload] = Rest.split('\n');
  auto [LenText, Digest] = Sizes.split(' ');
  uint64_t Len = 0;
  if (LenText.getAsInteger(10, Len) || Digest.size() != 64)
    return Fail("damaged header");
  if (Payload.size() != Len)
    return Fail("truncated or padded: " + Twine(Payload.size()) +
                " bytes of payload, the header says " + Twine(Len));
  if (contentDigest(Payload) != Digest)
    return Fail("checksum mismatch: the contents are damaged");
  return Payload;
}

} // namespace hipwright
