//===- PublishedDirectory.cpp - build a work directory once ---------------===//
#include "verify/PublishedDirectory.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace hipwright::verify {

Expected<std::string>
publishDirectory(StringRef WorkDir, StringRef Name,
                 function_ref<Error(StringRef Dir)> Fill) {
  SmallString<256> Final(WorkDir);
  sys::path::append(Final, Name);
  SmallString<256> Done(Final);
  sys::path::append(Done, ".complete");
  if (sys::fs::exists(Done))
    return std::string(Final);

  SmallString<256> Tmp;
  if (std::error_code EC =
          sys::fs::createUniqueDirectory(Twine(Final) + "-tmp", Tmp))
    return createStringError(EC, "cannot create a directory in " + WorkDir +
                                     ": " + EC.message());
  auto Discard = [&](Error E) -> Error {
    sys::fs::remove_directories(Tmp);
    return E;
  };
  if (Error E = Fill(Tmp))
    return Discard(std::move(E));
  {
    std::error_code EC;
    raw_fd_ostream Marker((Twine(Tmp) + "/.complete").str(), EC);
    if (EC)
      return Discard(createStringError(EC, "cannot write in " + Tmp + ": " +
                                               EC.message()));
  }
  // A concurrent check may have published the same directory first:
  // rename() onto a non-empty directory fails, and theirs is as good.
  if (sys::fs::rename(Tmp, Final))
    sys::fs::remove_directories(Tmp);
  if (!sys::fs::exists(Done))
    return createStringError(inconvertibleErrorCode(),
                             Twine(Final) + " is incomplete");
  return std::string(Final);
}

} // namespace hipwright::verify
