//===- Finding.h - one diagnostic of hipwright ------------------*- C++ -*-===//
//
// The one model every producer (translator, analyzers) emits and every sink
// (text, JSON, SARIF, report) prints.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace hipwright {

enum class Severity { Note, Warning, Error };

inline const char *toString(Severity S) {
  switch (S) {
  case Severity::Note:
    return "note";
  case Severity::Warning:
    return "warning";
  case Severity::Error:
    return "error";
  }
  return "?";
}

/// A source replacement: \p Length bytes at \p Offset of \p File become
/// \p Text.
struct Replacement {
  std::string File;
  unsigned Offset = 0;
  unsigned Length = 0;
  std::string Text;

  friend bool operator==(const Replacement &, const Replacement &) = default;
};

/// The uses a finding stands for, listed in its message instead of being
/// reported one by one (a warp-width macro's lane computations, at its
/// definition). Each translation unit that includes the definition sees
/// the uses in its own files; the port merges the lists of findings at the
/// same place (analysis/FoldedUses.h).
struct FoldedUses {
  /// The part of the message that counts and lists them, as last worded
  /// (empty while there are none), and where in the message it starts.
  std::string Text;
  unsigned At = 0;
  /// What one use is called, and several ("lane or warp index computation
  /// is built on it", "lane and warp index computations are built on it").
  std::string One, Many;
  /// Where each is: the file as shown ("" for the finding's own file, else
  /// its name) and the line.
  std::vector<std::pair<std::string, unsigned>> Places;

  friend bool operator==(const FoldedUses &, const FoldedUses &) = default;
};

struct Finding {
  std::string RuleId; ///< stable id: category or category.subrule
  Severity Level = Severity::Warning;
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;
  std::string Message;
  std::string Suggestion; ///< AMD equivalent or what to do; may be empty
  std::vector<Replacement> Fixes;
  /// The fix-it turns code the target ROCm rejects into code it accepts and
  /// means the same at both wave widths (a 32-bit variable that only holds
  /// full masks for *_sync calls): `port` applies it without --fix, as it
  /// widens a literal 0xffffffff mask, because the port would not compile
  /// otherwise.
  bool FixRequired = false;
  /// Set when the finding sits in an #if branch that no part of the real
  /// build compiles (`#ifdef VERIFY` with VERIFY off): the condition and
  /// its line. Configuration caps its severity; the report counts it apart.
  std::string InactiveBranch;
  /// Set when the message lists uses it stands for (FoldedUses above).
  std::optional<FoldedUses> Folded;

  /// Filled in by the findings stage (findings/FindingsStage.h): an id
  /// that survives unrelated edits to the file, whether an inline NOLINT
  /// comment suppresses the finding (suppressed findings are kept, not
  /// dropped), and whether the lint baseline already records it.
  std::string Fingerprint;
  bool Suppressed = false;
  bool InBaseline = false;
};

} // namespace hipwright
