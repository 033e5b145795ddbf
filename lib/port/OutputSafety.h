//===- OutputSafety.h - outputs that must not land on inputs ----*- C++ -*-===//
//
// An output written over an input destroys the user's source with no
// backup, and an output tree inside an input directory is read back as
// input by the next run (hip/hip/...). These checks run before anything is
// written, so a refused run leaves every file as it was.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "port/InputTree.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem/UniqueID.h"

#include <map>
#include <optional>
#include <string>

namespace hipwright {

/// Every input file by identity (device and inode), so a path can be
/// matched against all of them at once, whatever symbolic or hard link it
/// reaches the file through.
class InputFiles {
public:
  explicit InputFiles(const InputTree &Tree);
  /// Counts \p Path as an input too (a header a parse read from outside
  /// the tree, through -I).
  void add(llvm::StringRef Path);
  /// The input \p Path is (the same file), if any.
  std::optional<std::string> inputAt(llvm::StringRef Path) const;

private:
  std::map<llvm::sys::fs::UniqueID, std::string> ById;
};

/// Refuses an output file (\p Option names it: "-o", "--stats", ...) that
/// is one of the inputs.
llvm::Error checkNotAnInput(llvm::StringRef Path, llvm::StringRef Option,
                            const InputFiles &Inputs);

/// Refuses an output directory (\p Option names it: "--out-root" by
/// default, verify's "--work") that is, or is inside, one of the input
/// directories among \p InputPaths (as given on the command line).
llvm::Error checkOutRootOutsideInputs(llvm::StringRef OutRoot,
                                      llvm::ArrayRef<std::string> InputPaths,
                                      llvm::StringRef Option = "--out-root");

/// Refuses an output directory (\p Option names it) that holds one of
/// \p Tree's files, at any depth: what is written there lands beside the
/// inputs, where a run over the directory would read it back.
llvm::Error checkDirHoldsNoInput(llvm::StringRef Dir, llvm::StringRef Option,
                                 const InputTree &Tree);

} // namespace hipwright
