//===- RulesHash.h - which rules tables are compiled in ---------*- C++ -*-===//
#pragma once

#include <string>

namespace hipwright {

/// A short content hash (12 hex digits of SHA-256) over every embedded
/// rules/*.tsv, name and text, in file-name order: two binaries with the
/// same hash translate with the same tables.
const std::string &rulesContentHash();

} // namespace hipwright
