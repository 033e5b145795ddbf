//===- PtxFixes.h - exact HIP rewrites of single-idiom asm ------*- C++ -*-===//
//
// A fix-it replaces a whole asm statement, so it is offered only when the
// statement is one instruction whose HIP form computes the same bits for
// every input: no predicate, no local registers, operands that are the asm's
// own placeholders, and (where the HIP function is overloaded by pointer
// type) a C++ type that matches the PTX type.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "inline-ptx/PtxParser.h"

#include <optional>
#include <string>

namespace hipwright::ptx {

struct FixOptions {
  /// Every target has v_dot4_i32_i8 / v_dot4_u32_u8 (gfx906..gfx950).
  bool HasDot4 = true;
};

/// The C++ text that replaces the asm statement (up to, not including, its
/// ';'), or std::nullopt when no exact rewrite exists.
std::optional<std::string> exactRewrite(const AsmStatement &A,
                                        const FixOptions &Opts = {});

} // namespace hipwright::ptx
