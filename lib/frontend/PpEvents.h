//===- PpEvents.h - preprocessor callbacks a PCH swallowed ------*- C++ -*-===//
//
// hipwright's preprocessor callbacks (the user's macro names, the analyzers'
// #define readers, the branches the parse skips) see what the preprocessor
// does while it runs. A TU that loads a precompiled header of its first
// #includes never runs the preprocessor over them, so the PCH build records
// those callbacks, and the TU replays them, in their order, before its own
// text is read: every callback sees the same events as in a plain parse.
//
// Locations are stored as the PCH build's raw source locations and mapped
// into the loading TU through the PCH's offset in its source manager.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/Lex/PPCallbacks.h"

#include <cstdint>
#include <string>
#include <vector>

namespace clang {
class CompilerInstance;
class Preprocessor;
} // namespace clang

namespace hipwright {

class ByteReader;
class ByteWriter;

struct PpEvent {
  enum Kind : uint8_t {
    Defined, ///< MacroDefined: Name at Loc
    Expands, ///< MacroExpands: Name at Loc, over [Begin, End]
    Skipped, ///< SourceRangeSkipped: [Begin, End], #endif at Loc
  };
  Kind What = Defined;
  uint64_t Loc = 0;
  uint64_t Begin = 0;
  uint64_t End = 0;
  std::string Name;
};

/// Records the events hipwright's callbacks use into \p Out: those in
/// files. What happens in the predefines and command-line buffers is not
/// in the PCH: the TU's own preprocessor does it again.
class PpEventRecorder : public clang::PPCallbacks {
public:
  PpEventRecorder(const clang::SourceManager &SM, std::vector<PpEvent> &Out)
      : SM(SM), Out(Out) {}
  void MacroDefined(const clang::Token &Name,
                    const clang::MacroDirective *MD) override;
  void MacroExpands(const clang::Token &Name, const clang::MacroDefinition &,
                    clang::SourceRange Range,
                    const clang::MacroArgs *) override;
  void SourceRangeSkipped(clang::SourceRange Range,
                          clang::SourceLocation EndifLoc) override;

private:
  const clang::SourceManager &SM;
  std::vector<PpEvent> &Out;
  bool inFile(clang::SourceLocation Loc) const;
};

/// Calls \p CI's preprocessor callbacks with \p Events, which the PCH that
/// \p CI loaded recorded. False when an event cannot be placed (a macro
/// the PCH does not define where the event says): the caller must not
/// trust this parse.
bool replayPpEvents(clang::CompilerInstance &CI,
                    const std::vector<PpEvent> &Events);

void writePpEvents(ByteWriter &W, const std::vector<PpEvent> &Events);
std::vector<PpEvent> readPpEvents(ByteReader &R);

} // namespace hipwright
