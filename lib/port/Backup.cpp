//===- Backup.cpp - the <file>.orig an in-place port keeps ----------------===//
#include "port/Backup.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;

namespace hipwright {

/// True if \p Candidate is a regular file (not through a link) whose bytes
/// are exactly \p Original.
static bool holdsExactly(StringRef Candidate, StringRef Original) {
  sys::fs::file_status St;
  if (sys::fs::status(Candidate, St, /*Follow=*/false) ||
      !sys::fs::is_regular_file(St) || St.getSize() != Original.size())
    return false;
  auto Buf = MemoryBuffer::getFile(Candidate, /*IsText=*/false,
                                   /*RequiresNullTerminator=*/false);
  return Buf && (*Buf)->getBuffer() == Original;
}

Expected<BackupOutcome> backUpOriginal(StringRef File, StringRef Original,
                                       const FileAttributes &Attributes) {
  AtomicWriteOptions Opts;
  Opts.Attributes = Attributes;
  Opts.NoReplace = true;
  for (unsigned N = 0; N <= kMaxNumberedBackups; ++N) {
    std::string Candidate = File.str() + ".orig";
    if (N)
      Candidate += "." + std::to_string(N);
    if (holdsExactly(Candidate, Original))
      return BackupOutcome{Candidate, /*Reused=*/true};
    if (sys::fs::exists(Candidate) || sys::fs::is_symlink_file(Candidate))
      continue;
    Error E = writeFileAtomically(Candidate, Original, Opts);
    if (!E)
      return BackupOutcome{Candidate, /*Reused=*/false};
    // Taken between the check and the write: try the next name.
    E = handleErrors(std::move(E), [](const StringError &S) -> Error {
      if (S.convertToErrorCode() == std::errc::file_exists)
        return Error::success();
      return make_error<StringError>(S.getMessage(), S.convertToErrorCode());
    });
    if (E)
      return E;
  }
  return createStringError(
      std::errc::file_exists,
      "%s: %s.orig and %s.orig.1 to .%u all hold other content; not "
      "overwriting a backup (move them away and port again)",
      File.str().c_str(), File.str().c_str(), File.str().c_str(),
      kMaxNumberedBackups);
}

} // namespace hipwright
