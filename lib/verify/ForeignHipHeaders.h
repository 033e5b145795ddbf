//===- ForeignHipHeaders.h - HIP headers from another ROCm ------*- C++ -*-===//
//
// A compile check is only worth its PASS if it read the ROCm release it
// names. clang puts --rocm-path's include directory behind /usr/include,
// so another HIP there (Debian 12's HIP 5.2.3) would win without a word;
// an -I directory holding a hip/ tree would too. The AMD build writes a
// dependency file, and every ROCm header it lists must come from the ROCm
// in use.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace hipwright::verify {

/// The dependencies a Makefile-style dependency file (clang's -MD output)
/// lists, in order, its targets left out.
std::vector<std::string> dependenciesOf(llvm::StringRef DepFile);

/// The first of \p Deps that is a ROCm header (under an include/ directory
/// of one of ROCm's packages: hip/, hipcub/, rocprim/, ...) and not under
/// \p RocmInclude; nullopt when there is none.
std::optional<std::string>
firstForeignRocmHeader(const std::vector<std::string> &Deps,
                       llvm::StringRef RocmInclude);

} // namespace hipwright::verify
