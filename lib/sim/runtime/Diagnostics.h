//===- Diagnostics.h - the runtime's error and warning lines --------------===//
#ifndef HIPWRIGHT_SIM_RUNTIME_DIAGNOSTICS_H
#define HIPWRIGHT_SIM_RUNTIME_DIAGNOSTICS_H

#include "BlockExec.h"

#include <string>

namespace hwsim::detail {

/// printf into a std::string.
std::string format(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/// "0-15,17,20-31" for the set bits of \p bits, each offset by \p base.
std::string formatLanes(unsigned long long bits, unsigned base = 0);

/// "file:line:column".
std::string formatSite(const Site &site);

/// "kernel 'k' block (x,y,z)" for the running block.
std::string blockPrefix(const BlockExec &exec);

/// Prints `hipwright-sim: error: <message>` on one line.
void printError(const std::string &message);
void printWarning(const std::string &message);

/// Ends the process with kDiagnosedExit, without running destructors (the
/// other fibers of the block are still suspended mid-kernel).
[[noreturn]] void diagnosedExit();

/// printError(blockPrefix(exec) + ": " + message) and diagnosedExit().
[[noreturn]] void blockError(const BlockExec &exec, const std::string &message);

/// Warns once per call site.
void warnOncePerSite(const Site &site, const std::string &message);

} // namespace hwsim::detail

#endif // HIPWRIGHT_SIM_RUNTIME_DIAGNOSTICS_H
