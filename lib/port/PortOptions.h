//===- PortOptions.h - what `hipwright port` was asked to do ----*- C++ -*-===//
#pragma once

#include "analysis/GpuTarget.h"
#include "rules/RocmVersion.h"

#include <optional>
#include <vector>

namespace hipwright {

class AnalyzerRegistry;

enum class LaunchSyntax { Chevron, HipLaunchKernelGGL };

/// Options that change the translation itself (not where it is written).
struct TranslateOptions {
  LaunchSyntax Launch = LaunchSyntax::Chevron;
  /// Run the analyzers for these targets; unset: translation only.
  std::optional<std::vector<GpuTarget>> AnalyzeFor;
  /// The analyzers that run with AnalyzeFor, and the rules --rules and the
  /// findings stage check patterns against (the command line passes
  /// builtinAnalyzers()). Null: no analyzer, only the translator's rules.
  const AnalyzerRegistry *Analyzers = nullptr;
  /// The ROCm release the port must build with (--rocm-version): HIP names
  /// that first shipped later are not emitted. Unset: the newest release the
  /// rules know.
  std::optional<RocmVersion> TargetRocm;
  /// `--fix=native`: the analyzers offer whole-wavefront rewrites of code
  /// built on 32-lane warps, where they are safe, instead of the fix-its
  /// that keep 32-lane groups. It changes the findings, so it is part of
  /// the cache key.
  bool NativeWave = false;
};

} // namespace hipwright
