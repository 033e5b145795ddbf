//===- CompileFlags.h - the user's -I and -D, for every build ---*- C++ -*-===//
//
// Real programs include headers from outside their own directory (the CUDA
// samples' Common/helper_cuda.h) and select code with macros. verify hands
// the same macros to every compiler it runs - the port's parse, nvcc, the
// AMD and NVIDIA compile checks, the CPU runtime's build, the GPU cell's
// builds - so no two cells differ in what they saw; the include directories
// are ported with the program (as a whole-tree port would port them), and
// the builds of a port read the ported copies.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <string>
#include <vector>

namespace hipwright::verify {

struct CompileFlags {
  std::vector<std::string> IncludeDirs; ///< absolute, searched in order
  std::vector<std::string> Defines;     ///< NAME or NAME=VALUE

  /// As compiler options (clang, nvcc): -I DIR ... -DNAME[=VALUE] ...
  std::vector<std::string> args() const {
    std::vector<std::string> A;
    for (const std::string &D : IncludeDirs)
      A.insert(A.end(), {"-I", D});
    for (const std::string &D : Defines)
      A.push_back("-D" + D);
    return A;
  }
};

} // namespace hipwright::verify
