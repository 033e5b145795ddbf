//===- OptionTable.h - a command's options as one table ---------*- C++ -*-===//
//
// Every subcommand declares its options as rows: the spellings, how a value
// follows, the help text and what to do with the value. One parser reads
// every command line against its command's rows and one printer writes
// --help from them, so `--name value`, `--name=value`, a missing value, an
// unknown option and `--` mean and read the same in every command. Adding
// an option (or a command) is adding rows; nothing here changes.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace hipwright {

/// How an option takes its value.
enum class OptionValue {
  None,     ///< a flag: its name exactly
  Separate, ///< `NAME VALUE` or `NAME=VALUE`
  /// `NAME VALUE`, `NAME=VALUE` or the value glued on: `-j4`, as make
  /// takes it.
  Joined,
  /// `NAME VALUE` or glued on (`-I DIR`, `-IDIR`), as the compilers take
  /// it; an '=' is part of a glued value.
  CompilerStyle,
};

/// One use of an option on the command line.
struct OptionUse {
  std::string Arg;    ///< the argument as written: `--jobs=4`, `-j4`, `-p`
  std::string Name;   ///< the spelling it matched: `--jobs`, `-j`
  std::string Value;  ///< empty for a flag
  bool Glued = false; ///< the value was glued to the name (`-j4`, `-IDIR`)
};

/// What an option does with its value. A returned message is a usage error
/// (exit 2); the parser says which command it is about.
using OptionHandler =
    std::function<std::optional<std::string>(const OptionUse &)>;

/// What a command does with an argument that is not an option.
using PositionalHandler =
    std::function<std::optional<std::string>(const std::string &)>;

/// Handlers for the common rows: store the value in \p Field, append it to
/// \p List (a repeatable option), or set \p Flag.
OptionHandler storeValue(std::string &Field);
OptionHandler storeValue(std::optional<std::string> &Field);
OptionHandler appendValue(std::vector<std::string> &List);
/// `-j N` / `--jobs N` / `-jN`: a positive count into \p Jobs.
OptionHandler storeJobs(unsigned &Jobs);
OptionHandler setFlag(bool &Flag, bool To = true);
/// The usual positional handler: every argument appended to \p List.
PositionalHandler appendTo(std::vector<std::string> &List);

/// One row of a command's table.
struct Option {
  std::vector<std::string> Names; ///< every spelling; empty: help text only
  OptionValue Value = OptionValue::None;
  /// The help's left column (`--out-root DIR`); empty: not in the help (a
  /// spelling kept working, or one that only explains an error).
  std::string Usage;
  /// The help's right column; each '\n' starts a line there.
  std::string Help;
  /// A heading printed before this row when it differs from the previous
  /// row's; rows without one print none.
  std::string Section;
  OptionHandler Handle;
};

/// A command's whole table, with the text around the options' help.
struct CommandOptions {
  std::string Command;  ///< `port`: messages start `hipwright port: `
  std::string Synopsis; ///< the help before the rows (usage, description)
  std::string Epilogue; ///< the help after them, after a blank line
  std::vector<Option> Options;
  /// Each argument that is not an option, in order; unset: none is taken.
  PositionalHandler Positional;
  /// The arguments after `--` (maybe none); unset: `--` is an unknown
  /// option.
  std::function<std::optional<std::string>(std::vector<std::string>)>
      AfterDashDash;
  /// `-` alone is an argument (standard input's name), not an option.
  bool DashIsPositional = false;

  /// The row spelled \p Name (to change its help for this command);
  /// nullptr when there is none.
  Option *find(llvm::StringRef Name);
};

enum class ParseOutcome {
  Run,  ///< every argument taken: run the command
  Help, ///< -h or --help: print renderHelp() and exit 0
};

/// Reads \p Args against \p Spec, calling the rows' handlers in order. An
/// unknown option, a missing value, an unwanted argument and a handler's
/// message are errors (the message alone, without the command's name).
llvm::Expected<ParseOutcome> parseOptions(const CommandOptions &Spec,
                                          const std::vector<std::string> &Args);

/// The command's --help: synopsis, rows (their usage at column 3, help at
/// column 26, or on the next line when the usage is longer), epilogue.
std::string renderHelp(const CommandOptions &Spec);

/// parseOptions for a command: help goes to standard output (exit 0); a
/// usage error goes to standard error with a pointer to --help (exit 2).
/// std::nullopt: run the command.
std::optional<int> parseCommandLine(const CommandOptions &Spec,
                                    const std::vector<std::string> &Args);

/// `hipwright CMD: MSG` and the pointer to `hipwright CMD --help` on
/// standard error; returns the usage exit status (2).
int commandUsageError(llvm::StringRef Command, const llvm::Twine &Msg);

} // namespace hipwright
