//===- SharedOptions.cpp - options every source-reading command takes -----===//
#include "SharedOptions.h"

#include "rules/RocmVersion.h"

#include "llvm/ADT/StringRef.h"

namespace hipwright {

static bool parseJobs(llvm::StringRef Text, unsigned &Jobs) {
  return !Text.getAsInteger(10, Jobs) && Jobs > 0;
}

SharedOption takeSharedOption(ArgCursor &C, PortRequest &Req,
                              std::string &Error) {
  const std::string A = C.peek();
  if (A == "--") {
    C.next();
    while (!C.done())
      Req.ExtraArgs.push_back(C.next());
    return SharedOption::Taken;
  }
  bool Missing = false;
  std::optional<std::string> V;
  if ((V = C.value("-p", Missing))) {
    Req.BuildDir = *V;
  } else if ((V = C.value("--cuda-path", Missing))) {
    Req.CudaPath = *V;
  } else if ((V = C.value("--rocm-version", Missing))) {
    std::optional<RocmVersion> R = RocmVersion::parse(*V);
    if (!R) {
      Error =
          "--rocm-version needs a ROCm release such as 6.2, not '" + *V + "'";
      return SharedOption::Bad;
    }
    Req.Options.TargetRocm = *R;
  } else if ((V = C.value("--jobs", Missing)) || (V = C.value("-j", Missing))) {
    if (!parseJobs(*V, Req.Jobs)) {
      Error = A + " needs a positive number, not '" + *V + "'";
      return SharedOption::Bad;
    }
  } else if (!Missing && llvm::StringRef(A).starts_with("-j") &&
             A.size() > 2) { // -j4, as make takes it
    C.next();
    if (!parseJobs(llvm::StringRef(A).drop_front(2), Req.Jobs)) {
      Error = "-j needs a positive number, not '" + A + "'";
      return SharedOption::Bad;
    }
  } else if (Missing) {
    Error = A + " needs a value";
    return SharedOption::Bad;
  } else {
    return SharedOption::NotMine;
  }
  return SharedOption::Taken;
}

} // namespace hipwright
