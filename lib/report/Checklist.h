//===- Checklist.h - porting checklist and dependencies ---------*- C++ -*-===//
//
// The report's answer to the planning checklist: every CUDA file and kernel
// of the tree with its class (Classify.h) and the evidence, the hours of
// each class, and the inventory of third-party CUDA libraries the tree
// includes, names or links, with their ROCm counterparts. Everything comes
// from the port run's file texts (a token pass, so files the parse could
// not read are covered too) and the tree's build files.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "config/Config.h"
#include "port/Porter.h"
#include "report/LibraryTable.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <map>
#include <string>

namespace hipwright {

/// What the effort model priced one file at.
struct FileHours {
  unsigned Findings = 0;
  double MinHours = 0, MaxHours = 0;
  bool Floor = false; ///< not fully parsed: a floor
};

struct ChecklistInput {
  const PortResult *Result = nullptr;
  /// Supplies each file's `classify:` overrides.
  ConfigResolver *Configs = nullptr;
  /// By absolute path; a file without findings may be absent.
  std::map<std::string, FileHours> Hours;
  const LibraryTable *Libraries = &LibraryTable::builtin();
};

struct ChecklistJson {
  llvm::json::Object Checklist;   ///< the report's "checklist"
  llvm::json::Array Dependencies; ///< the report's "dependencies"
  /// Absolute path -> class, for the report's file table.
  std::map<std::string, std::string> ClassOf;
};

/// Fails only when a configuration file is malformed.
llvm::Expected<ChecklistJson> buildChecklist(const ChecklistInput &In);

} // namespace hipwright
