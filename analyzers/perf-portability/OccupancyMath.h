//===- OccupancyMath.h - wavefront fill and LDS-bound occupancy -*- C++ -*-===//
//
// The arithmetic behind the perf-portability notes, apart from the AST so a
// unit test can pin it: how many wavefronts a block of N threads occupies
// and how many lanes of the last one stay idle, and how many workgroups of
// a given LDS footprint one compute unit can hold at once.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "analysis/GpuTarget.h"

#include <cstdint>
#include <optional>

namespace hipwright {

struct WavefrontFill {
  uint64_t Waves = 0;     ///< wavefronts one block occupies
  uint64_t IdleLanes = 0; ///< lanes of the last wavefront with no thread
};

/// A block of \p Threads threads on wavefronts of \p WaveSize lanes.
WavefrontFill wavefrontFill(uint64_t Threads, unsigned WaveSize);

/// The LDS one compute unit of \p T holds, shared by the workgroups resident
/// on it; std::nullopt where hipwright does not model it. On the wave64
/// (GCN/CDNA) targets it equals what one workgroup may allocate (AMD's GPU
/// hardware specifications list 64 KiB per CU for gfx942, 160 KiB for
/// gfx950). RDNA shares LDS per workgroup processor, in modes this model
/// leaves out, so it is not modelled.
std::optional<uint64_t> ldsPerComputeUnit(const GpuTarget &T);

/// Workgroups of \p Bytes static LDS each that fit in \p LdsPerCu at once
/// (0 when one does not fit; LDS then is not what limits them).
uint64_t workgroupsPerCu(uint64_t LdsPerCu, uint64_t Bytes);

} // namespace hipwright
