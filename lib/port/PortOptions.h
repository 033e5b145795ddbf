//===- PortOptions.h - what `hipwright port` was asked to do ----*- C++ -*-===//
#pragma once

#include "analysis/GpuTarget.h"

#include <optional>
#include <vector>

namespace hipwright {

enum class LaunchSyntax { Chevron, HipLaunchKernelGGL };

/// Options that change the translation itself (not where it is written).
struct TranslateOptions {
  LaunchSyntax Launch = LaunchSyntax::Chevron;
  /// Run the analyzers for these targets; unset: translation only.
  std::optional<std::vector<GpuTarget>> AnalyzeFor;
};

} // namespace hipwright
