//===- CompileCheckReport.h - the compile check's text report ---*- C++ -*-===//
//
// The report `hipwright compile-check` (and tests/compile/
// hip_compile_check.sh) prints, one line per file and target:
//
//   PASS gfx942 a.hip: bundle hipv4-amdgcn-amd-amdhsa--gfx942, code object v6
//   FAIL gfx950 b.hip: clang++ exited non-zero
//       b.hip:3:1: error: ...          (the first error lines, indented)
//   SKIP sm_90 c.hip: not run: no mapping header (...)
//
// Test suites match these lines; their form is part of the interface.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "verify/CompileCheck.h"

#include "llvm/Support/raw_ostream.h"

namespace hipwright::verify {

/// PASS, FAIL or SKIP.
const char *reportWord(CompileStatus S);

void printCompileReport(const CompileCheckOutcome &O, llvm::raw_ostream &OS);

/// 0 when nothing failed, 1 when anything failed (a missing tool that was
/// required included), 77 when the toolchain was missing and not required
/// (nothing was checked: a test runner's "skipped").
int compileCheckExitCode(const CompileCheckOutcome &O);

} // namespace hipwright::verify
