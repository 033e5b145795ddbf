//===- ReportTree.h - a hand-made PortResult over a real tree ---*- C++ -*-===//
//
// For the report's unit tests: sources and build files written into a
// scratch directory, a PortResult that names them, and the report built
// from it as `hipwright report` builds it.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "config/Config.h"
#include "port/Porter.h"
#include "report/BuildReport.h"

#include "TempDir.h"

#include "llvm/Support/JSON.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

namespace hipwright::testing {

struct ReportTree {
  TempDir Dir;
  PortResult R;
  std::optional<ConfigResolver> Configs;

  void source(const std::string &Rel, llvm::StringRef Text,
              FileStatus Status = FileStatus::Translated) {
    FileOutcome O;
    O.Path = Dir.write(Rel, Text);
    O.Status = Status;
    O.Original = Text.str();
    R.Files.push_back(O);
    R.Inputs.Units.push_back(O.Path);
  }
  void buildFile(const std::string &Rel, llvm::StringRef Text) {
    R.Inputs.BuildFiles.push_back(Dir.write(Rel, Text));
    std::sort(R.Inputs.BuildFiles.begin(), R.Inputs.BuildFiles.end());
  }

  llvm::json::Object build(std::vector<Finding> Findings = {}) {
    R.Inputs.Root = Dir.str();
    if (!Configs)
      Configs.emplace(std::nullopt);
    ReportInput In;
    In.Result = &R;
    In.Findings = std::move(Findings);
    In.Targets = {"gfx942"};
    In.Configs = &*Configs;
    auto Report = buildReport(In);
    REQUIRE(static_cast<bool>(Report));
    return std::move(*Report);
  }
};

} // namespace hipwright::testing
