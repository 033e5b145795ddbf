//===- EnvFlag.h - on/off switches read from the environment --------------===//
#ifndef HIPWRIGHT_SUPPORT_ENVFLAG_H
#define HIPWRIGHT_SUPPORT_ENVFLAG_H

namespace hipwright {

/// Whether the variable \p Name is set to something other than empty or
/// "0" (HIPWRIGHT_PHASE_TIMES=1, HIPWRIGHT_NO_PREFIX_PCH=1, ...).
bool envFlag(const char *Name);

} // namespace hipwright

#endif
