//===- PreludePch.h - the shared CUDA prelude, precompiled ------*- C++ -*-===//
//
// Most of a CUDA parse is not the user's code: clang's driver force-includes
// its CUDA runtime wrapper (which pulls in the toolkit's headers and much of
// the C++ library) and hipwright force-includes its parse prelude. Every TU
// with the same flags reads exactly the same text there, so it is parsed
// once into a precompiled header and every such TU loads it instead.
//
// Why a PCH and not clang's PrecompiledPreamble: a preamble is the run of
// #includes at the top of one main file and is keyed on that file's bytes,
// so it helps re-parsing one file (an editor) but is not shared between
// TUs. What TUs share here comes from the command line (-include), before
// any main file, which is what a PCH built from an empty main file holds.
//
// What the PCH covers is fixed by the command line up to the parse
// prelude's -include; the user's own -include files come after it (clang
// processes them in order) and are left out, so they are parsed with the
// TU as before. Everything else on the command line (-D, -U, -I, -std, the
// side, the toolkit path, -imacros) is kept and is part of the key.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/IncludePrefix.h"
#include "frontend/PpEvents.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace hipwright {

/// Where a PCH is mapped in a parse's virtual file system, and the empty
/// main file it is built from (a TU loading the PCH must see that file
/// too: clang checks that a PCH's own inputs still exist).
inline constexpr const char *kPreludePchPath = "/hipwright-virtual/prelude.pch";
inline constexpr const char *kPreludePchMainPath =
    "/hipwright-virtual/prelude_pch_main.cu";

/// True for the in-memory files hipwright lays over a parse's file system
/// (the parse prelude, the PCH and its main file): not files of the user's.
bool isVirtualParseFile(llvm::StringRef Path);

/// How to build the PCH for one TU command line and what identifies it.
/// A prelude PCH is built from an empty main file; a prefix PCH from the
/// #include lines a TU starts with (frontend/IncludePrefix.h), laid in the
/// TU's own directory so that each name resolves as in the TU.
struct PchPlan {
  /// Digest of everything that changes the PCH's contents: the build
  /// arguments, clang's and hipwright's versions, the parse prelude, the
  /// working directory (relative -I paths) and clang's include-path
  /// environment variables. Files' contents are checked separately.
  std::string Key;
  /// The TU's command line with MainPath for the file and, for a prelude
  /// PCH, without the user's -include files.
  std::vector<std::string> BuildArgs;
  /// The in-memory main file the PCH is built from (a TU loading it must
  /// see it too) and its text.
  std::string MainPath = kPreludePchMainPath;
  std::string MainText;
  /// A prefix PCH holds the user's headers: the preprocessor callbacks
  /// they fire are recorded for the TUs to replay (frontend/PpEvents.h).
  bool Prefix = false;
};

/// The plan for \p TuArgs (argv[0] first, the file last, as
/// CompileArgs::argsFor makes them), or nullopt when no PCH serves it: not
/// a CUDA parse, or a command line that already involves PCHs, modules or
/// raw -cc1 flags, whose interplay with ours is not worth the risk.
std::optional<PchPlan> planPreludePch(llvm::ArrayRef<std::string> TuArgs);

/// The plan for a PCH of \p C's #include lines (frontend/IncludePrefix.h)
/// for a TU parsed with \p TuArgs; nullopt where a prelude PCH would not
/// serve it either, or where the TU has -include files of its own (they
/// would come between the prelude and the lines).
std::optional<PchPlan> planPrefixPch(llvm::ArrayRef<std::string> TuArgs,
                                     const PrefixCandidate &C);

/// A file the PCH build read and the BLAKE3 digest of the bytes it read.
struct PchInput {
  std::string Path;
  std::string Digest;
};

struct PreludePch {
  std::string Key;
  /// The PCH itself (clang's raw AST format).
  std::unique_ptr<llvm::MemoryBuffer> Bytes;
  /// Every file its build read, sorted by path: a TU that loads it read
  /// them too, so the result cache must check them.
  std::vector<PchInput> Inputs;
  /// Every path its build looked up and did not find (AbsentPaths.h),
  /// sorted: one that appears could change what the prelude means.
  std::vector<std::string> Absent;
  /// The main file it was built from, to lay into each TU that loads it.
  std::string MainPath;
  std::string MainText;
  /// For a prefix PCH: the preprocessor callbacks its build saw, and the
  /// headers its main file includes (as the build named them), which a TU
  /// loading it must skip when its own first lines include them again.
  std::vector<PpEvent> Events;
  std::vector<std::string> DirectIncludes;
};

/// Parses the prelude of \p Plan in this process and keeps the PCH in
/// memory. Fails when the prelude itself does not parse with these flags
/// (the TUs then parse it themselves and report what is wrong).
llvm::Expected<PreludePch> buildPreludePch(const PchPlan &Plan);

/// The file layout of a stored PCH: the key, its inputs, the paths its
/// build found missing, its main file, its events, then its bytes, framed
/// (support/FramedRecord.h) so a damaged file is never handed to clang.
std::string encodePreludePch(const PreludePch &Pch);
llvm::Expected<PreludePch> decodePreludePch(llvm::StringRef Bytes,
                                            llvm::StringRef What);

} // namespace hipwright
