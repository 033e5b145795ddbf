//===- Diagnostics.cpp - the runtime's error and warning lines ------------===//
#include "Diagnostics.h"

#include <cstdarg>
#include <cstdio>
#include <mutex>
#include <set>
#include <unistd.h>

namespace hwsim::detail {

std::string format(const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  va_list copy;
  va_copy(copy, args);
  int n = std::vsnprintf(nullptr, 0, fmt, copy);
  va_end(copy);
  std::string out(n > 0 ? static_cast<size_t>(n) : 0, '\0');
  if (n > 0)
    std::vsnprintf(out.data(), out.size() + 1, fmt, args);
  va_end(args);
  return out;
}

std::string formatLanes(unsigned long long bits, unsigned base) {
  std::string out;
  for (unsigned i = 0; i < 64;) {
    if (!((bits >> i) & 1)) {
      ++i;
      continue;
    }
    unsigned j = i;
    while (j + 1 < 64 && ((bits >> (j + 1)) & 1))
      ++j;
    if (!out.empty())
      out += ',';
    out +=
        j == i ? format("%u", base + i) : format("%u-%u", base + i, base + j);
    i = j + 1;
  }
  return out;
}

std::string formatSite(const Site &site) {
  return format("%s:%u:%u", site.file, site.line, site.column);
}

std::string blockPrefix(const BlockExec &exec) {
  return format("kernel '%s' block (%u,%u,%u)", exec.kernel, exec.block.x,
                exec.block.y, exec.block.z);
}

void printError(const std::string &message) {
  std::fprintf(stderr, "hipwright-sim: error: %s\n", message.c_str());
}

void printWarning(const std::string &message) {
  std::fprintf(stderr, "hipwright-sim: warning: %s\n", message.c_str());
}

void diagnosedExit() {
  std::fflush(stdout);
  std::fflush(stderr);
  _exit(kDiagnosedExit);
}

void blockError(const BlockExec &exec, const std::string &message) {
  printError(blockPrefix(exec) + ": " + message);
  diagnosedExit();
}

void warnOncePerSite(const Site &site, const std::string &message) {
  static std::mutex mutex;
  static std::set<std::string> warned;
  std::lock_guard<std::mutex> lock(mutex);
  if (warned.insert(formatSite(site)).second)
    printWarning(message);
}

} // namespace hwsim::detail
