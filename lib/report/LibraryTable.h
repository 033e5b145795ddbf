//===- LibraryTable.h - CUDA libraries and their ROCm twins -----*- C++ -*-===//
//
// rules/report/libraries.tsv, compiled in: one row per third-party CUDA
// library or header-only template library, with the include paths,
// namespaces, API prefixes and link names that reveal a use of it, what it
// means for the file classification (its role) and its ROCm counterpart.
// The report's dependency inventory and classification read only this.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace hipwright {

enum class LibraryRole {
  Replace, ///< the work is done through it; ROCm has a counterpart
  Tooling, ///< NVIDIA-only tooling a file can drop (NVTX, NVML)
  Port,    ///< ported by hand or through HIP's own API
};
const char *toString(LibraryRole R);

struct LibraryRow {
  std::string Name;
  std::string Kind; ///< header-only | library | tooling | interop
  std::vector<std::string> Headers;    ///< globs on include paths
  std::vector<std::string> Namespaces; ///< ns in ns::name
  std::vector<std::string> Prefixes;   ///< API identifier prefixes
  std::vector<std::string> Links;      ///< globs on link names
  LibraryRole Role = LibraryRole::Port;
  std::string Rocm; ///< empty: ROCm has none
  /// hipwright's rules translate its uses to Rocm (cuBLAS -> hipBLAS);
  /// false: they are rewritten by hand (CUTLASS), work no hours count.
  bool Translated = false;
  std::string Source;
  unsigned Line = 0; ///< in the table, for the tests' messages
};

class LibraryTable {
public:
  /// Parses one table; errors name "FILE:LINE".
  llvm::Error addTable(llvm::StringRef Name, llvm::StringRef Text);
  const std::vector<LibraryRow> &rows() const { return Rows; }

  /// The row whose headers match an include path as written
  /// ("cutlass/gemm/device/gemm.h"), or null.
  const LibraryRow *byHeader(llvm::StringRef Include) const;
  /// The row with namespace \p Ns, or null.
  const LibraryRow *byNamespace(llvm::StringRef Ns) const;
  /// The row with the longest API prefix of \p Identifier, or null. A
  /// prefix matches only where the identifier goes on with a letter, digit
  /// or '_' that starts a new word (cublasSgemm, not cublas alone).
  const LibraryRow *byIdentifier(llvm::StringRef Identifier) const;
  /// The row whose link names match \p Link (cublas, CUDA::cublas,
  /// cublas_static, libcublas.so), or null.
  const LibraryRow *byLink(llvm::StringRef Link) const;

  /// The table compiled into the binary.
  static const LibraryTable &builtin();

private:
  std::vector<LibraryRow> Rows;
};

} // namespace hipwright
