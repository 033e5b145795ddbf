//===- StackPool.cpp - pooled, guard-paged fiber stacks -------------------===//
#include "StackPool.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <sys/mman.h>
#include <unistd.h>

namespace hwsim::detail {

size_t fiberStackBytes() {
  static const size_t bytes = [] {
    size_t kib = 256;
    if (const char *env = std::getenv("HIPWRIGHT_SIM_STACK_KIB")) {
      char *end = nullptr;
      errno = 0;
      unsigned long long v = std::strtoull(env, &end, 10);
      if (errno || end == env || *end || v < 16 || v > 1024 * 1024) {
        std::fprintf(stderr,
                     "hipwright-sim: error: HIPWRIGHT_SIM_STACK_KIB must be "
                     "a number of KiB from 16 to 1048576, got '%s'\n",
                     env);
        std::exit(2);
      }
      kib = v;
    }
    size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
    return (kib * 1024 + page - 1) / page * page;
  }();
  return bytes;
}

namespace {
struct Pool {
  std::deque<FiberStack> stacks; // deque: references stay valid as it grows.
  ~Pool() {
    for (FiberStack &s : stacks)
      munmap(s.guardLow, kStackGuardBytes + s.size);
  }
};
thread_local Pool pool;
} // namespace

FiberStack &pooledStack(size_t index) {
  while (pool.stacks.size() <= index) {
    size_t size = fiberStackBytes();
    // NORESERVE: only the pages a fiber touches cost memory.
    void *map =
        mmap(nullptr, kStackGuardBytes + size, PROT_READ | PROT_WRITE,
             MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
    if (map == MAP_FAILED || mprotect(map, kStackGuardBytes, PROT_NONE) != 0) {
      std::fprintf(stderr,
                   "hipwright-sim: error: cannot map a %zu KiB fiber stack: "
                   "%s\n",
                   size / 1024, std::strerror(errno));
      std::exit(2);
    }
    FiberStack s;
    s.guardLow = static_cast<char *>(map);
    s.low = s.guardLow + kStackGuardBytes;
    s.size = size;
    pool.stacks.push_back(s);
  }
  return pool.stacks[index];
}

} // namespace hwsim::detail
