//===- PtxText.h - opcodes of an inline-PTX template ------------*- C++ -*-===//
//
// The tensor-core and hopper-only rules only need to know which PTX
// instructions an asm template holds (the inline-ptx analyzer owns the full
// parse). This splits a template into statements and returns each
// statement's opcode, so `wgmma.mma_async` is never mistaken for `mma`.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace hipwright {

/// The opcode of each PTX statement in \p AsmText (`mma.sync.aligned.m16n8k16
/// .row.col.f32.f16.f16.f32`, `ldmatrix.sync.aligned.m8n8.x4.shared.b16`),
/// without predicates, labels or directives. Accepts the template as the
/// compiler sees it and as written in source (with `\n` / `\t` escapes).
std::vector<std::string> ptxOpcodes(llvm::StringRef AsmText);

/// The first opcode among \p Opcodes whose dot-separated root is \p Root
/// (`mma` matches `mma.sync...` and `mma.sp.sync...`, not `wgmma...`);
/// empty when none.
std::string findOpcode(const std::vector<std::string> &Opcodes,
                       llvm::StringRef Root);

/// The first opcode that starts with \p Prefix; empty when none.
std::string findOpcodePrefix(const std::vector<std::string> &Opcodes,
                             llvm::StringRef Prefix);

} // namespace hipwright
