//===- RuleTable.h - CUDA->HIP mapping tables ------------------*- C++ -*-===//
//
// The tables in rules/ (one per API family) parsed into one lookup structure.
// Every translation, the `query` command and the coverage docs read this.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "rules/CallRule.h"
#include "rules/RocmVersion.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace hipwright {

enum class RuleKind {
  Function,
  Type,
  Enum,
  Macro,
  Header,
  Namespace,
  Call,
  Member,
  Erase
};
enum class RuleStatus { Supported, Deprecated, Removed, Unsupported };

llvm::StringRef toString(RuleKind K);
llvm::StringRef toString(RuleStatus S);

/// Whether \p HipName is one of hipwright's constants standing in for a CUDA
/// enumerator only nvcc knows (`__NV_ATOMIC_RELAXED` ->
/// `HIPWRIGHT_ATOMIC_RELAXED`), which the calls taking it need.
inline bool isHipwrightConstant(llvm::StringRef HipName) {
  return HipName.starts_with("HIPWRIGHT_");
}

/// Whether \p HipName is hipwright's own equivalent of a CUDA function no
/// ROCm header declares (`hipwright_vadd2`), or one of its constants,
/// defined in the header the port writes (port/CompatHeader.h), rather than
/// a name of ROCm's.
inline bool isHipwrightEquivalent(llvm::StringRef HipName) {
  return HipName.starts_with("hipwright_") || isHipwrightConstant(HipName);
}

/// One row of a rules/*.tsv table.
struct Rule {
  std::string Cuda; ///< CUDA spelling (identifier or header path)
  std::string Hip;  ///< HIP spelling; empty when there is none
  RuleKind Kind = RuleKind::Function;
  RuleStatus Status = RuleStatus::Supported;
  std::string CudaVersion; ///< CUDA version it appeared in ("" if unknown)
  /// ROCm version its HIP twin appeared in ("6.1"), or the releases that
  /// had it ("6.1-6.4": from 6.1 through 6.4, gone in 7.0).
  std::string RocmVersion;
  /// RocmVersion parsed; nullopt when the table does not know it.
  std::optional<hipwright::RocmVersion> Since;
  /// The last release that has the HIP twin; nullopt: every later one.
  std::optional<hipwright::RocmVersion> Until;
  std::string Notes;
  std::string Family; ///< table it came from: "runtime", "cublas", ...
  unsigned Line = 0;  ///< line in that table, for error messages

  bool hasHip() const { return !Hip.empty(); }
  /// True when a use of this name must be rewritten (the names differ).
  bool renames() const { return hasHip() && Hip != Cuda; }
  /// The HIP name is hipwright's own (isHipwrightEquivalent): the port
  /// includes, and writes next to the file, hipwright_cuda_compat.h.
  bool emulated() const { return isHipwrightEquivalent(Hip); }
  /// An `erase` row: the spelling means nothing where HIP runs (CUDA's
  /// calling-convention macros, empty on Linux) and the port deletes it.
  bool erases() const { return Kind == RuleKind::Erase; }
  /// False when the HIP twin first shipped after \p Target or was gone by
  /// then; a row whose version is unknown counts as available.
  bool availableIn(const hipwright::RocmVersion &Target) const {
    return (!Since || *Since <= Target) && (!Until || Target <= *Until);
  }
};

/// A `call` row: Row.Cuda and Row.Hip hold the pattern and the replacement
/// as written, Call what they mean.
struct CallRow {
  Rule Row;
  CallRule Call;
};

class RuleTable {
public:
  /// Parses one table. \p Family names it in messages ("runtime.tsv").
  llvm::Error addTable(llvm::StringRef Family, llvm::StringRef Text);

  /// Looks up an identifier (any kind but Header): the row for the newest
  /// ROCm when a name has rows for several releases.
  const Rule *lookup(llvm::StringRef CudaName) const;
  /// The row of \p CudaName for a port aimed at \p Target: the newest row
  /// available in that release, else the newest row (which the caller then
  /// reports as unavailable). Without a target, lookup().
  const Rule *lookupFor(llvm::StringRef CudaName,
                        const std::optional<RocmVersion> &Target) const;
  /// Every row of \p CudaName, the name's own (newest) first, then those
  /// of older spans of releases, newest first.
  std::vector<const Rule *> rowsOf(llvm::StringRef CudaName) const;
  /// Looks up an include path as written, e.g. "cuda_runtime.h".
  const Rule *lookupHeader(llvm::StringRef IncludePath) const;

  /// The name rows (every kind but Call), in table order.
  const std::vector<Rule> &rules() const { return Rules; }

  /// The newest rocm_version of any row: the default target of a port.
  std::optional<RocmVersion> newestRocmVersion() const;
  /// The `call` rows for calls of \p CudaCallee, in table order: the first
  /// whose shape a call has applies to it.
  std::vector<const CallRow *> callRules(llvm::StringRef CudaCallee) const;
  const std::vector<CallRow> &allCallRules() const { return CallRows; }
  /// The `member` row for field \p Field of the CUDA struct whose tag is
  /// \p Record (`CUmemAllocationProp_st`, `requestedHandleTypes`).
  const Rule *lookupMember(llvm::StringRef Record, llvm::StringRef Field) const;
  /// The `member` rows, in table order. Kept apart from rules(): their cuda
  /// column is `Record::field`, not a name a program spells.
  const std::vector<Rule> &memberRules() const { return MemberRows; }

  /// The tables compiled into the binary, parsed once.
  static const RuleTable &builtin();

  /// Names close to \p Name (edit distance), best first, for "did you mean".
  std::vector<const Rule *> nearMisses(llvm::StringRef Name,
                                       unsigned Max = 5) const;

private:
  std::vector<Rule> Rules;
  std::vector<CallRow> CallRows;
  std::vector<Rule> MemberRows;
  llvm::StringMap<size_t> MembersByName; ///< "Record::field" -> MemberRows
  llvm::StringMap<std::vector<size_t>> CallsByCallee;
  llvm::StringMap<size_t> ByName;
  /// Rows of a name for older ROCm releases than its ByName row ("6.1-6.4"
  /// ranges), newest first.
  llvm::StringMap<std::vector<size_t>> OlderByName;
  llvm::StringMap<size_t> ByHeader;
};

} // namespace hipwright
