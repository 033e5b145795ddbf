//===- EmbeddedRules.h - rules/*.tsv compiled into the binary --*- C++ -*-===//
#pragma once

namespace hipwright {

/// One table from rules/, embedded verbatim at build time.
struct EmbeddedRuleFile {
  const char *Name;    ///< file name, e.g. "runtime.tsv"
  const char *Content; ///< the whole file
};

extern const EmbeddedRuleFile kEmbeddedRuleFiles[];
extern const unsigned kEmbeddedRuleFilesCount;

/// docs/rules/*.md, one page per analyzer rule, for `hipwright explain`.
extern const EmbeddedRuleFile kEmbeddedRuleDocs[];
extern const unsigned kEmbeddedRuleDocsCount;

/// rules/build/*.tsv: CMake names for the build-file migration.
extern const EmbeddedRuleFile kEmbeddedBuildRules[];
extern const unsigned kEmbeddedBuildRulesCount;

/// rules/report/*.tsv: the report's table of CUDA libraries and their ROCm
/// counterparts.
extern const EmbeddedRuleFile kEmbeddedReportRules[];
extern const unsigned kEmbeddedReportRulesCount;

/// include/hipwright/compat/: hipwright's own equivalents of CUDA functions
/// no ROCm header declares, which a port writes next to the files using them.
extern const EmbeddedRuleFile kEmbeddedCompatHeaders[];
extern const unsigned kEmbeddedCompatHeadersCount;

} // namespace hipwright
