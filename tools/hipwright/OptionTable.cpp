//===- OptionTable.cpp - a command's options as one table -----------------===//
#include "OptionTable.h"
#include "Commands.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace hipwright {

namespace {

constexpr size_t HelpColumn = 25; ///< 0-based column of the help text

enum class Match { No, Yes, MissingValue };

/// Whether argument \p Args[I] is a use of \p O; fills \p Use and advances
/// \p I past it (and its value) when it is.
Match matchOption(const Option &O, const std::vector<std::string> &Args,
                  size_t &I, OptionUse &Use) {
  StringRef A = Args[I];
  for (const std::string &Name : O.Names) {
    if (A == Name) {
      Use = {A.str(), Name, "", false};
      if (O.Value == OptionValue::None) {
        ++I;
        return Match::Yes;
      }
      if (I + 1 >= Args.size())
        return Match::MissingValue;
      Use.Value = Args[I + 1];
      I += 2;
      return Match::Yes;
    }
    if (O.Value == OptionValue::None || !A.starts_with(Name))
      continue;
    StringRef Rest = A.drop_front(Name.size());
    if (O.Value != OptionValue::CompilerStyle && Rest.consume_front("=")) {
      Use = {A.str(), Name, Rest.str(), false};
      ++I;
      return Match::Yes;
    }
    if (O.Value == OptionValue::Joined ||
        O.Value == OptionValue::CompilerStyle) {
      Use = {A.str(), Name, Rest.str(), true};
      ++I;
      return Match::Yes;
    }
  }
  return Match::No;
}

} // namespace

OptionHandler storeValue(std::string &Field) {
  return [&Field](const OptionUse &U) -> std::optional<std::string> {
    Field = U.Value;
    return std::nullopt;
  };
}

OptionHandler storeValue(std::optional<std::string> &Field) {
  return [&Field](const OptionUse &U) -> std::optional<std::string> {
    Field = U.Value;
    return std::nullopt;
  };
}

OptionHandler appendValue(std::vector<std::string> &List) {
  return [&List](const OptionUse &U) -> std::optional<std::string> {
    List.push_back(U.Value);
    return std::nullopt;
  };
}

OptionHandler storeJobs(unsigned &Jobs) {
  return [&Jobs](const OptionUse &U) -> std::optional<std::string> {
    if (!StringRef(U.Value).getAsInteger(10, Jobs) && Jobs > 0)
      return std::nullopt;
    if (U.Glued) // -j4, as make takes it
      return "-j needs a positive number, not '" + U.Arg + "'";
    return U.Arg + " needs a positive number, not '" + U.Value + "'";
  };
}

PositionalHandler appendTo(std::vector<std::string> &List) {
  return [&List](const std::string &Arg) -> std::optional<std::string> {
    List.push_back(Arg);
    return std::nullopt;
  };
}

OptionHandler setFlag(bool &Flag, bool To) {
  return [&Flag, To](const OptionUse &) -> std::optional<std::string> {
    Flag = To;
    return std::nullopt;
  };
}

Option *CommandOptions::find(StringRef Name) {
  for (Option &O : Options)
    if (llvm::is_contained(O.Names, Name))
      return &O;
  return nullptr;
}

Expected<ParseOutcome> parseOptions(const CommandOptions &Spec,
                                    const std::vector<std::string> &Args) {
  auto Fail = [](const Twine &Msg) {
    return createStringError(inconvertibleErrorCode(), Msg);
  };
  for (size_t I = 0; I < Args.size();) {
    const std::string &A = Args[I];
    if (A == "--" && Spec.AfterDashDash) {
      if (std::optional<std::string> Bad = Spec.AfterDashDash(
              std::vector<std::string>(Args.begin() + I + 1, Args.end())))
        return Fail(*Bad);
      break;
    }
    bool Taken = false;
    for (const Option &O : Spec.Options) {
      OptionUse Use;
      Match M = matchOption(O, Args, I, Use);
      if (M == Match::No)
        continue;
      if (M == Match::MissingValue)
        return Fail(A + " needs a value");
      if (O.Handle)
        if (std::optional<std::string> Bad = O.Handle(Use))
          return Fail(*Bad);
      Taken = true;
      break;
    }
    if (Taken)
      continue;
    if (A == "-h" || A == "--help")
      return ParseOutcome::Help;
    bool Dash =
        !A.empty() && A[0] == '-' && !(Spec.DashIsPositional && A == "-");
    if (Dash)
      return Fail("unknown option '" + A + "'");
    if (!Spec.Positional)
      return Fail("unexpected argument '" + A + "'");
    if (std::optional<std::string> Bad = Spec.Positional(A))
      return Fail(*Bad);
    ++I;
  }
  return ParseOutcome::Run;
}

std::string renderHelp(const CommandOptions &Spec) {
  std::string Out;
  raw_string_ostream OS(Out);
  OS << Spec.Synopsis;
  const std::string *Section = nullptr;
  for (const Option &O : Spec.Options) {
    if (O.Usage.empty())
      continue;
    if (!O.Section.empty() && (!Section || *Section != O.Section)) {
      if (Section)
        OS << "\n";
      OS << O.Section << ":\n";
    }
    Section = &O.Section;
    OS << "  " << O.Usage;
    size_t Used = 2 + O.Usage.size();
    StringRef Help = O.Help;
    if (Help.empty()) {
      OS << "\n";
      continue;
    }
    // Two spaces at least between the usage and its help.
    if (Used + 2 > HelpColumn)
      OS << "\n" << std::string(HelpColumn, ' ');
    else
      OS << std::string(HelpColumn - Used, ' ');
    auto [First, Rest] = Help.split('\n');
    OS << First << "\n";
    while (!Rest.empty()) {
      auto [Line, Next] = Rest.split('\n');
      OS << std::string(HelpColumn, ' ') << Line << "\n";
      Rest = Next;
    }
  }
  if (!Spec.Epilogue.empty())
    OS << "\n" << Spec.Epilogue;
  return Out;
}

int commandUsageError(StringRef Command, const Twine &Msg) {
  errs() << "hipwright " << Command << ": " << Msg << "\n"
         << "Run `hipwright " << Command << " --help` for usage.\n";
  return ExitUsage;
}

std::optional<int> parseCommandLine(const CommandOptions &Spec,
                                    const std::vector<std::string> &Args) {
  Expected<ParseOutcome> R = parseOptions(Spec, Args);
  if (!R)
    return commandUsageError(Spec.Command, toString(R.takeError()));
  if (*R == ParseOutcome::Help) {
    outs() << renderHelp(Spec);
    return ExitOk;
  }
  return std::nullopt;
}

} // namespace hipwright
