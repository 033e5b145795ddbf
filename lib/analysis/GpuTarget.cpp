//===- GpuTarget.cpp - AMD targets the analyzers judge against ------------===//
#include "analysis/GpuTarget.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace hipwright {

const std::vector<GpuTarget> &knownTargets() {
  // LDS sizes are what one workgroup may allocate. RDNA runs wave32 by
  // default under HIP, so that is the width a port meets there.
  static const std::vector<GpuTarget> Targets = {
      {"gfx906", "MI50/MI60", 64, 64 * 1024, false},
      {"gfx908", "MI100", 64, 64 * 1024, true},
      {"gfx90a", "MI200", 64, 64 * 1024, true},
      {"gfx940", "MI300 (early)", 64, 64 * 1024, true},
      {"gfx941", "MI300 (early)", 64, 64 * 1024, true},
      {"gfx942", "MI300", 64, 64 * 1024, true},
      {"gfx950", "MI350", 64, 160 * 1024, true},
      {"gfx1030", "RDNA2", 32, 64 * 1024, false},
      {"gfx1100", "RDNA3", 32, 64 * 1024, false},
      {"gfx1101", "RDNA3", 32, 64 * 1024, false},
      {"gfx1102", "RDNA3", 32, 64 * 1024, false},
      {"gfx1200", "RDNA4", 32, 64 * 1024, false},
      {"gfx1201", "RDNA4", 32, 64 * 1024, false},
  };
  return Targets;
}

Expected<std::vector<GpuTarget>> parseTargets(StringRef List) {
  std::vector<GpuTarget> Out;
  SmallVector<StringRef, 4> Names;
  List.split(Names, ',', -1, /*KeepEmpty=*/false);
  for (StringRef N : Names) {
    N = N.trim();
    // Feature suffixes (gfx942:sramecc+:xnack-) do not change the verdicts.
    N = N.take_until([](char C) { return C == ':'; });
    const GpuTarget *Found = nullptr;
    for (const GpuTarget &T : knownTargets())
      if (T.Name == N)
        Found = &T;
    if (!Found) {
      std::string Known;
      for (const GpuTarget &T : knownTargets())
        Known += (Known.empty() ? "" : ", ") + T.Name;
      return createStringError(inconvertibleErrorCode(),
                               "unknown target '%s' (known: %s)",
                               N.str().c_str(), Known.c_str());
    }
    if (llvm::none_of(Out, [&](const GpuTarget &T) { return T.Name == N; }))
      Out.push_back(*Found);
  }
  if (Out.empty())
    return createStringError(inconvertibleErrorCode(), "no targets given");
  return Out;
}

} // namespace hipwright
