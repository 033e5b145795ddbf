//===- EnvFlag.cpp - on/off switches read from the environment ------------===//
#include "support/EnvFlag.h"

#include "llvm/Support/Process.h"

namespace hipwright {

bool envFlag(const char *Name) {
  std::optional<std::string> V = llvm::sys::Process::GetEnv(Name);
  return V && !V->empty() && *V != "0";
}

} // namespace hipwright
