//===- DevicePtrArithmetic.h - CUdeviceptr integer code in HIP --*- C++ -*-===//
//
// CUDA's driver API types device addresses as CUdeviceptr, an unsigned
// 64-bit integer; HIP's twin hipDeviceptr_t is `void *`. Renaming the type
// is not enough where a program does integer things with the address:
//
//   base + offset          -> (hipDeviceptr_t)((char *)(base) + offset)
//   end - begin            -> (char *)(end) - (char *)(begin)
//   addr % align           -> (size_t)(addr) % align
//   *(CUdeviceptr *)slot = n   (an integer stored as an address)
//                          -> *(hipDeviceptr_t *)slot =
//                          (hipDeviceptr_t)(size_t)(n)
//   size_t a = addr        -> size_t a = (size_t)(addr)
//
// Each rewrite keeps the value's bits on a 64-bit host, where both types
// are 8 bytes. Only expressions whose type the parse spells through
// CUdeviceptr (a variable, field, parameter or dereference declared with
// it) count; anything written inside a macro is left as it is.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "model/Finding.h"

#include "clang/AST/ASTContext.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace hipwright {

struct DevicePtrContext {
  clang::ASTContext &Ctx;
  /// The normalized path of a user file, or nullopt for other files.
  std::function<std::optional<std::string>(clang::SourceLocation)> UserFile;
  /// Whether a declaration comes from the CUDA toolkit.
  std::function<bool(const clang::Decl *)> InToolkit;
};

/// Appends to \p Edits the rewrites the TU's integer uses of CUdeviceptr
/// need under HIP.
void rewriteDevicePtrArithmetic(const DevicePtrContext &C,
                                std::vector<Replacement> &Edits);

} // namespace hipwright
