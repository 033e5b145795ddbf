//===- VerifyMatrix.h - the cells `hipwright verify` fills ------*- C++ -*-===//
//
// One row per test program, one cell per way of proving the port: builds
// for each vendor, runs on the CPU SIMT runtime at 32 and 64 lanes, runs on
// a real GPU. Every cell carries how it was obtained or why it was not run,
// so a reader never has to guess what "pass" rests on.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

#include <map>
#include <string>
#include <vector>

namespace hipwright::verify {

enum class CellStatus { Pass, Fail, Error, NotRun };

/// "pass", "fail", "error", "not-run": the JSON spelling.
llvm::StringRef toString(CellStatus S);

struct Cell {
  CellStatus Status = CellStatus::NotRun;
  std::string Detail;
};

struct ProgramRow {
  std::string Name; ///< file name, e.g. warp_reduce.cu
  std::string File; ///< path as given on the command line
  /// Every source built and linked with it (File first), and where that
  /// list came from (ProgramSources.h).
  std::vector<std::string> Sources;
  std::string SourcesFrom;
  /// How its runs were judged (Manifest.h's Verdict), and its manifest
  /// entry ("FILE:LINE"; empty without one).
  std::string Verdict = "exit";
  std::string ManifestEntry;
  std::map<std::string, Cell> Cells;
};

/// The cell names in display order for the AMD targets \p AmdTargets
/// (port-build-<target> for each).
std::vector<std::string>
cellColumns(const std::vector<std::string> &AmdTargets);

// Cell names that do not depend on the targets.
inline constexpr const char *kCudaBuildNvcc = "cuda-build-nvcc";
inline constexpr const char *kPortBuildNvidia = "port-build-nvidia";
inline constexpr const char *kCudaRunWave32 = "cuda-run-wave32";
inline constexpr const char *kPortRunWave64 = "port-run-wave64";
inline constexpr const char *kFixedRunWave64 = "fixed-run-wave64";
inline constexpr const char *kFixedRunWave32 = "fixed-run-wave32";
inline constexpr const char *kNativeRunWave64 = "native-run-wave64";
inline constexpr const char *kNativeRunWave32 = "native-run-wave32";
inline constexpr const char *kGpuRunNvidia = "gpu-run-nvidia";
inline constexpr const char *kGpuRunAmd = "gpu-run-amd";

struct Matrix {
  std::vector<std::string> Columns;
  std::vector<ProgramRow> Programs;
  std::vector<std::string> Inputs; ///< the directories/files verified
  std::string Runtime;             ///< what executed the run cells
  double Seconds = 0;

  /// Counts per status over every cell.
  std::map<CellStatus, unsigned> counts() const;
  /// True when no cell failed or errored.
  bool clean() const;
};

/// `{"programs": [...], "summary": {...}}` (docs/verify.md).
llvm::json::Value toJson(const Matrix &M);

void printText(const Matrix &M, llvm::raw_ostream &OS);
void printMarkdown(const Matrix &M, llvm::raw_ostream &OS);
void printHtml(const Matrix &M, llvm::raw_ostream &OS);

} // namespace hipwright::verify
