//===- OccupancyMath.cpp - wavefront fill and LDS-bound occupancy ---------===//
#include "perf-portability/OccupancyMath.h"

namespace hipwright {

WavefrontFill wavefrontFill(uint64_t Threads, unsigned WaveSize) {
  WavefrontFill F;
  if (WaveSize == 0)
    return F;
  F.Waves = (Threads + WaveSize - 1) / WaveSize;
  F.IdleLanes = F.Waves * WaveSize - Threads;
  return F;
}

std::optional<uint64_t> ldsPerComputeUnit(const GpuTarget &T) {
  if (T.WaveSize != 64)
    return std::nullopt;
  return T.LdsBytes;
}

uint64_t workgroupsPerCu(uint64_t LdsPerCu, uint64_t Bytes) {
  // A kernel without static LDS is not limited by it: callers skip those.
  if (Bytes == 0)
    return 0;
  return LdsPerCu / Bytes;
}

} // namespace hipwright
