//===- PortOptions.h - what `hipwright port` was asked to do ----*- C++ -*-===//
#pragma once

namespace hipwright {

enum class LaunchSyntax { Chevron, HipLaunchKernelGGL };

/// Options that change the translation itself (not where it is written).
struct TranslateOptions {
  LaunchSyntax Launch = LaunchSyntax::Chevron;
};

} // namespace hipwright
