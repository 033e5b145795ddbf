//===- Launch.cpp - launch validation, the wave width, the block loop -----===//
#include "BlockExec.h"
#include "Diagnostics.h"

#include "hwsim/coop_groups.h"

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

namespace hwsim {

// The host API layer defines the real one; this keeps the runtime linkable
// (and testable) without it.
__attribute__((weak)) void recordLaunchError(LaunchError) {}

bool validateLaunch(const LaunchConfig &config, LaunchError &why) {
  const dim3 &b = config.block;
  const dim3 &g = config.grid;
  uint64_t threads = uint64_t(b.x) * b.y * b.z;
  bool ok = threads >= 1 && threads <= 1024 && b.x <= 1024 && b.y <= 1024 &&
            b.z <= 64 && g.x > 0 && g.y > 0 && g.z > 0 && g.x <= 0x7fffffffu &&
            g.y <= 65535 && g.z <= 65535;
  if (!ok) {
    why = LaunchError::InvalidConfiguration;
    return false;
  }
  if (config.dynamicSharedBytes > kMaxDynamicSharedBytes) {
    why = LaunchError::TooMuchSharedMemory;
    return false;
  }
  return true;
}

namespace {
std::atomic<int> chosenWidth{0};
} // namespace

int waveWidth() {
  int w = chosenWidth.load(std::memory_order_relaxed);
  if (w)
    return w;
  w = 32;
  if (const char *env = std::getenv("HIPWRIGHT_SIM_WAVE")) {
    if (std::strcmp(env, "32") == 0) {
      w = 32;
    } else if (std::strcmp(env, "64") == 0) {
      w = 64;
    } else {
      std::fprintf(stderr,
                   "hipwright-sim: error: HIPWRIGHT_SIM_WAVE must be 32 or "
                   "64, got '%s'\n",
                   env);
      std::exit(2);
    }
  }
  int expected = 0;
  if (!chosenWidth.compare_exchange_strong(expected, w))
    w = expected;
  warpSize = w;
  return w;
}

void setWaveWidth(int width) {
  if (width != 32 && width != 64) {
    std::fprintf(stderr,
                 "hipwright-sim: error: the wave width must be 32 or 64, "
                 "not %d\n",
                 width);
    std::exit(2);
  }
  chosenWidth.store(width);
  warpSize = width;
}

namespace detail {

void installFaultHandler();

namespace {

thread_local BlockExec threadExec;

// The per-OS-thread dynamic shared memory buffer, grown as needed.
struct SharedBuffer {
  std::unique_ptr<unsigned char[]> storage;
  size_t capacity = 0;

  void *get(size_t bytes) {
    if (!storage || bytes > capacity) {
      capacity = std::max<size_t>(bytes, 1024);
      storage.reset(new unsigned char[capacity + 64]);
    }
    auto p = reinterpret_cast<uintptr_t>(storage.get());
    return reinterpret_cast<void *>((p + 63) & ~uintptr_t(63));
  }
};
thread_local SharedBuffer sharedBuffer;

} // namespace

void launchErased(const char *kernelName, const LaunchConfig &config,
                  BodyFn body, void *bodyArg) {
  if (runningBlock) {
    printError(format("%s: kernel '%s' launched from device code, which the "
                      "CPU runtime does not support",
                      blockPrefix(*runningBlock).c_str(), kernelName));
    diagnosedExit();
  }
  // A faulted context runs nothing more (the host API reports the fault).
  if (contextFault() != LaunchFault::None)
    return;
  LaunchError why;
  if (!validateLaunch(config, why)) {
    recordLaunchError(why);
    return;
  }
  unsigned width = static_cast<unsigned>(waveWidth());
  warpSize = static_cast<int>(width);
  installFaultHandler();

  BlockExec &exec = threadExec;
  const dim3 b = config.block;
  unsigned n = b.x * b.y * b.z;
  exec.kernel = kernelName;
  exec.width = width;
  exec.numThreads = n;
  exec.numWarps = (n + width - 1) / width;
  exec.body = body;
  exec.bodyArg = bodyArg;
  exec.threads.resize(n);
  for (unsigned i = 0; i < n; ++i) {
    SimThread &t = exec.threads[i];
    t.stack = &pooledStack(i);
    t.index = uint3{i % b.x, i / b.x % b.y, i / (b.x * b.y)};
  }
  dynamicSharedBase = sharedBuffer.get(config.dynamicSharedBytes);
  gridDim = config.grid;
  blockDim = config.block;
  exec.aborted = false;
  runningBlock = &exec;
  for (unsigned z = 0; z < config.grid.z && !exec.aborted; ++z)
    for (unsigned y = 0; y < config.grid.y && !exec.aborted; ++y)
      for (unsigned x = 0; x < config.grid.x && !exec.aborted; ++x) {
        blockIdx = uint3{x, y, z};
        exec.block = uint3{x, y, z};
        runBlock(exec);
      }
  runningBlock = nullptr;
  threadIdx = uint3{0, 0, 0};
  blockIdx = uint3{0, 0, 0};
}

void checkTileWidth(unsigned tileSize, const std::source_location &site) {
  unsigned width = static_cast<unsigned>(waveWidth());
  if (tileSize <= width)
    return;
  BlockExec *exec = runningBlock;
  std::string where =
      exec ? blockPrefix(*exec) + format(" thread (%u,%u,%u)", threadIdx.x,
                                         threadIdx.y, threadIdx.z)
           : std::string("host code");
  printError(format("%s: tiled_partition<%u> at %s is wider than the "
                    "wavefront (%u lanes)",
                    where.c_str(), tileSize,
                    formatSite(Site::from(site)).c_str(), width));
  diagnosedExit();
}

} // namespace detail
} // namespace hwsim
