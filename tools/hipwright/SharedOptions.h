//===- SharedOptions.h - the options several commands take ------*- C++ -*-===//
#pragma once

#include "OptionTable.h"
#include "ScaleOptions.h"

#include "port/Porter.h"

#include <string>
#include <vector>

namespace hipwright {

/// The commands that share option rows.
enum SharedCommand : unsigned {
  PortCmd = 1,
  LintCmd = 2,
  ReportCmd = 4,
  VerifyCmd = 8,
  PortRunCmds = PortCmd | LintCmd | ReportCmd, ///< those that run the port
};

/// The rows of the shared table that \p Command takes, in the order the
/// help lists them: `-p BUILD_DIR`, `--cuda-path DIR`, `--rocm-version X.Y`,
/// `--no-cache`, `--shard K/N`, `--shard-out FILE`, `-j N` / `--jobs N` /
/// `-jN`. They write to \p Req and \p Scale, which must outlive the parse.
std::vector<Option> sharedOptions(SharedCommand Command, PortRequest &Req,
                                  ScaleOptions &Scale);

/// Removes the row spelled \p Name from \p Rows and returns it, for a
/// command whose help lists it elsewhere.
Option takeOption(std::vector<Option> &Rows, llvm::StringRef Name);

/// `--` of port, lint and report: every later argument goes to clang.
std::function<std::optional<std::string>(std::vector<std::string>)>
clangArgsInto(PortRequest &Req);

/// A comma-separated list (`--rules a,b*`), each entry trimmed, empty
/// entries dropped, appended to \p Out.
void appendCommaList(llvm::StringRef List, std::vector<std::string> &Out);

} // namespace hipwright
