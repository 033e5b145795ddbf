//===- CMakeMigrator.cpp - a CMake file of a CUDA build, for HIP ----------===//
#include "buildfiles/CMakeMigrator.h"
#include "buildfiles/CMakeNvccCommands.h"
#include "buildfiles/CMakeSyntax.h"
#include "buildfiles/NvccFlags.h"
#include "support/LineIndex.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <map>

using namespace llvm;

namespace hipwright {

namespace {

bool isIdentChar(char C) { return isAlnum(C) || C == '_'; }

/// A name inside an argument: [A-Za-z0-9_]+ joined by "::" (CUDA::cublas).
struct Ident {
  size_t Begin, End; ///< file offsets
  StringRef Text;
};

std::vector<Ident> identifiers(const CMakeArg &A) {
  std::vector<Ident> Out;
  if (A.Kind != CMakeArgKind::Unquoted && A.Kind != CMakeArgKind::Quoted)
    return Out;
  StringRef C = A.Content;
  size_t I = 0;
  while (I < C.size()) {
    if (C[I] == '\\') { // an escape is not the start of a name
      I += 2;
      continue;
    }
    if (!isIdentChar(C[I])) {
      ++I;
      continue;
    }
    size_t B = I;
    while (true) {
      while (I < C.size() && isIdentChar(C[I]))
        ++I;
      if (I + 2 < C.size() && C[I] == ':' && C[I + 1] == ':' &&
          isIdentChar(C[I + 2]))
        I += 2;
      else
        break;
    }
    Out.push_back({A.ContentBegin + B, A.ContentBegin + I, C.slice(B, I)});
  }
  return Out;
}

bool isValueArg(const CMakeArg &A) {
  return A.Kind == CMakeArgKind::Unquoted || A.Kind == CMakeArgKind::Quoted;
}

/// The rule of a link item as written (an unquoted argument of
/// target_link_libraries/link_libraries): a CUDA:: target, a plain library
/// name by its CUDA:: twin (`cublas` links -lcublas), or a plain name ROCm
/// needs nothing in place of (`culibos`); null for anything else.
const BuildRule *linkItemRule(const BuildRuleTable &Rules, const CMakeArg &A) {
  StringRef Item = A.Content;
  if (A.Kind != CMakeArgKind::Unquoted || Item.contains('$'))
    return nullptr;
  if (Item.contains("::"))
    return Rules.lookup(BuildRuleKind::Target, Item);
  if (const BuildRule *R =
          Rules.lookup(BuildRuleKind::Target, ("CUDA::" + Item).str()))
    return R;
  const BuildRule *L = Rules.lookup(BuildRuleKind::Library, Item);
  return L && L->Remove ? L : nullptr;
}

/// V, when the argument is exactly one variable reference `${V}`; "" else.
StringRef variableRef(const CMakeArg &A) {
  StringRef C = A.Content;
  if (!A.isValue() || !C.starts_with("${") || !C.ends_with("}") ||
      C.count("${") != 1)
    return {};
  return C.drop_front(2).drop_back();
}

bool isTruthy(StringRef V) {
  std::string U = V.upper();
  return U == "ON" || U == "TRUE" || U == "YES" || U == "Y" ||
         (!U.empty() && U != "0" && all_of(U, isDigit));
}

bool isFlagVariable(StringRef V) {
  return V.starts_with("CMAKE_CUDA_FLAGS") || V == "CUDA_NVCC_FLAGS";
}

/// A word of a flag list inside one argument.
struct Word {
  size_t Begin, End; ///< file offsets
  StringRef Text;
  size_t Arg;    ///< index into the command's arguments
  bool InGenex;  ///< inside $<...:here>
  bool WholeArg; ///< the word is the argument's whole content
  bool Opaque;   ///< holds ${...} or $<...>: never translated
};

/// Splits the value arguments \p Args of a command into words at
/// whitespace and ';' (and at a generator expression's ':' and '>').
std::vector<Word> words(const std::vector<CMakeArg> &Args, size_t First) {
  std::vector<Word> Out;
  for (size_t AI = First; AI < Args.size(); ++AI) {
    const CMakeArg &A = Args[AI];
    if (!isValueArg(A))
      continue;
    StringRef C = A.Content;
    unsigned Depth = 0;
    size_t I = 0;
    auto IsSep = [&](char Ch) {
      return Ch == ' ' || Ch == '\t' || Ch == '\n' || Ch == '\r' || Ch == ';';
    };
    while (I < C.size()) {
      char Ch = C[I];
      if (Ch == '$' && I + 1 < C.size() && C[I + 1] == '<') {
        ++Depth;
        I += 2;
        continue;
      }
      if (Ch == '>' && Depth > 0) {
        --Depth;
        ++I;
        continue;
      }
      bool Starts = I == 0 || IsSep(C[I - 1]) ||
                    (Depth > 0 && C[I - 1] == ':' && I >= 2 && C[I - 2] == '>');
      if (IsSep(Ch) || !Starts) {
        ++I;
        continue;
      }
      size_t B = I;
      bool Opaque = false;
      unsigned Inner = 0;
      while (I < C.size() && !IsSep(C[I])) {
        if (C[I] == '$' && I + 1 < C.size() &&
            (C[I + 1] == '<' || C[I + 1] == '{')) {
          Opaque = true;
          ++Inner;
          I += 2;
          continue;
        }
        if ((C[I] == '>' || C[I] == '}') && Inner > 0) {
          --Inner;
          ++I;
          continue;
        }
        if (C[I] == '>' && Depth > 0)
          break;
        ++I;
      }
      Out.push_back({A.ContentBegin + B, A.ContentBegin + I, C.slice(B, I), AI,
                     Depth > 0, B == 0 && I == C.size(), Opaque});
    }
  }
  return Out;
}

class Migrator {
public:
  Migrator(StringRef Path, StringRef Text, const CMakeMigrationContext &Ctx,
           std::vector<CMakeCommand> Cmds)
      : Path(Path), T(Text), Ctx(Ctx), Rules(*Ctx.Rules), Cmds(std::move(Cmds)),
        Lines(Text) {}

  CMakeMigration run() {
    collectCoveredSources();
    collectNvccVariables();
    for (size_t I = 0; I < Cmds.size(); ++I)
      command(I);
    minimumVersion();
    for (size_t I = 0; I < Cmds.size(); ++I)
      residue(Cmds[I]);
    for (auto &[Index, Text] : InsertAfter)
      insertAfter(Cmds[Index], Text);
    CMakeMigration Out;
    llvm::sort(Edits, [](const Replacement &A, const Replacement &B) {
      return std::tie(A.Offset, A.Length) < std::tie(B.Offset, B.Length);
    });
    Out.Edits = std::move(Edits);
    llvm::sort(Notes, [](const BuildNote &A, const BuildNote &B) {
      return std::tie(A.Line, A.Message) < std::tie(B.Line, B.Message);
    });
    Notes.erase(std::unique(Notes.begin(), Notes.end(),
                            [](const BuildNote &A, const BuildNote &B) {
                              return A.Line == B.Line && A.Message == B.Message;
                            }),
                Notes.end());
    Out.Notes = std::move(Notes);
    return Out;
  }

private:
  StringRef Path;
  StringRef T;
  const CMakeMigrationContext &Ctx;
  const BuildRuleTable &Rules;
  std::vector<CMakeCommand> Cmds;
  LineIndex Lines;
  std::vector<Replacement> Edits;
  std::vector<BuildNote> Notes;
  std::set<size_t> Noted;         ///< offsets of names already reported
  std::set<size_t> WholeReplaced; ///< commands rewritten as a whole
  std::map<size_t, std::string> InsertAfter; ///< command -> new commands
  std::set<std::string> CoveredSources;      ///< already LANGUAGE HIP here
  /// find_library() variables of CUDA libraries ROCm lacks.
  std::set<std::string> Unfound;
  bool LanguageChanged = false;
  /// Variables holding nvcc architecture flags only (GENCODE_FLAGS).
  std::set<std::string> ArchVariables;
  /// Variables a custom command that runs nvcc reads: their nvcc flags are
  /// translated where they are set.
  std::set<std::string> NvccReadVariables;

  unsigned lineOf(size_t Offset) const {
    return Lines.lineAndColumn(unsigned(Offset)).first;
  }

  void note(size_t Offset, const Twine &Msg,
            BuildNoteKind Kind = BuildNoteKind::Info) {
    Notes.push_back({lineOf(Offset), Msg.str(), Kind});
    Noted.insert(Offset);
  }

  bool overlaps(size_t B, size_t E) const {
    for (const Replacement &R : Edits) {
      size_t RB = R.Offset, RE = R.Offset + R.Length;
      if (B == E ? (RB < B && B < RE)
                 : (RB == RE ? (B < RB && RB < E) : (B < RE && RB < E)))
        return true;
    }
    return false;
  }

  bool edit(size_t B, size_t E, std::string Text) {
    if (overlaps(B, E))
      return false;
    Edits.push_back(
        {Path.str(), unsigned(B), unsigned(E - B), std::move(Text)});
    return true;
  }

  /// The indentation of the line \p Offset is on.
  std::string indentAt(size_t Offset) const {
    size_t LS = T.rfind('\n', Offset);
    LS = LS == StringRef::npos ? 0 : LS + 1;
    size_t I = LS;
    while (I < T.size() && (T[I] == ' ' || T[I] == '\t'))
      ++I;
    return T.slice(LS, I).str();
  }

  void insertAfter(const CMakeCommand &C, const std::string &Text) {
    // After a trailing comment, so the comment stays with its command.
    size_t P = C.CloseParen + 1;
    size_t I = P;
    while (I < T.size() && (T[I] == ' ' || T[I] == '\t' || T[I] == '\r'))
      ++I;
    if (I < T.size() && T[I] == '#' && !T.substr(I).starts_with("#["))
      I = std::min(T.find('\n', I), T.size());
    if (I >= T.size() || T[I] == '\n') {
      P = I;
      if (P > 0 && P <= T.size() && T[P - 1] == '\r')
        --P;
    }
    std::string Indent = indentAt(C.Begin);
    std::string Out;
    for (StringRef L : split(StringRef(Text).rtrim('\n'), '\n'))
      Out += "\n" + Indent + L.str();
    edit(P, P, Out);
  }

  /// Removes arguments [First, Last] of \p C with the space before them
  /// (or their whole line when they are alone on it).
  void removeArgs(const CMakeCommand &C, size_t First, size_t Last) {
    size_t B = C.Args[First].Begin, E = C.Args[Last].End;
    size_t LS = T.rfind('\n', B ? B - 1 : 0);
    LS = LS == StringRef::npos ? 0 : LS + 1;
    size_t NL = T.find('\n', E);
    bool AloneBefore = LS > C.OpenParen && T.slice(LS, B).find_first_not_of(
                                               " \t") == StringRef::npos;
    bool AloneAfter =
        NL != StringRef::npos &&
        T.slice(E, NL).rtrim('\r').find_first_not_of(" \t") == StringRef::npos;
    if (AloneBefore && AloneAfter) {
      edit(LS, NL + 1, "");
      return;
    }
    if (AloneBefore) {
      // A comment follows on the line: it keeps the arguments' indentation.
      while (E < T.size() && (T[E] == ' ' || T[E] == '\t'))
        ++E;
      edit(B, E, "");
      return;
    }
    while (B > C.OpenParen + 1 && (T[B - 1] == ' ' || T[B - 1] == '\t'))
      --B;
    edit(B, E, "");
  }

  std::string archList() const { return join(Ctx.Architectures, ";"); }

  /// Replaces the values Args[First..Last] with the AMD targets.
  void setArchitectures(const CMakeCommand &C, size_t First, size_t Last) {
    if (First > Last || Last >= C.Args.size())
      return;
    for (size_t I = First; I <= Last; ++I)
      if (C.Args[I].Content.contains("${"))
        note(C.Args[I].Begin, "CUDA architectures from " + C.Args[I].Content +
                                  " replaced by the AMD targets " + archList());
    bool Quoted = C.Args[First].Kind == CMakeArgKind::Quoted;
    std::string V = Quoted ? "\"" + archList() + "\"" : archList();
    if (C.HasComment && First != Last) {
      note(C.Args[First].Begin, "CUDA architectures left as written (a comment "
                                "lies between them): set " +
                                    archList() + " by hand");
      return;
    }
    edit(C.Args[First].Begin, C.Args[Last].End, V);
  }

  std::string rdcCommands(const std::vector<std::string> &Targets) const {
    std::string Out;
    for (const std::string &Tg : Targets)
      Out += "target_compile_options(" + Tg +
             " PRIVATE $<$<COMPILE_LANGUAGE:HIP>:-fgpu-rdc>)\n"
             "target_link_options(" +
             Tg + " PUBLIC \"$<$<LINK_LANGUAGE:HIP>:-fgpu-rdc;--hip-link>\")\n";
    return Out;
  }

  /// Rewrites the whole command \p C as \p Text (lines indented like it).
  void replaceCommand(size_t Index, StringRef Text) {
    const CMakeCommand &C = Cmds[Index];
    std::string Indent = indentAt(C.Begin), Out;
    bool First = true;
    for (StringRef L : split(Text.rtrim('\n'), '\n')) {
      Out += (First ? "" : "\n" + Indent) + L.str();
      First = false;
    }
    if (edit(C.Begin, C.CloseParen + 1, Out))
      WholeReplaced.insert(Index);
  }

  void command(size_t Index) {
    const CMakeCommand &C = Cmds[Index];
    const std::vector<CMakeArg> &A = C.Args;
    StringRef N = C.LowerName;
    auto ArgIs = [&](size_t I, StringRef S) {
      return I < A.size() && isValueArg(A[I]) && A[I].Content == S;
    };

    if (N == "project" || N == "enable_language" || N == "check_language") {
      for (size_t I = N == "project" ? 1 : 0; I < A.size(); ++I)
        if (A[I].Kind == CMakeArgKind::Unquoted && A[I].Content == "CUDA" &&
            edit(A[I].Begin, A[I].End, "HIP"))
          LanguageChanged = true;
    }
    for (size_t I = 1; I < A.size(); ++I)
      if (ArgIs(I, "CUDA") &&
          (ArgIs(I - 1, "LANGUAGE") || ArgIs(I - 1, "LINKER_LANGUAGE")))
        edit(A[I].ContentBegin, A[I].ContentBegin + 4, "HIP");

    if (N == "add_subdirectory" && !A.empty() && isValueArg(A[0]))
      subdirectory(C);
    else if (N == "find_library" && !A.empty())
      findLibrary(C);
    else if (N == "find_package" &&
             (ArgIs(0, "CUDAToolkit") || ArgIs(0, "CUDA")))
      findPackage(Index);
    else if (N == "set" && !A.empty())
      setCommand(Index);
    else if ((N == "string" || N == "list") &&
             (ArgIs(0, "APPEND") || ArgIs(0, "PREPEND")) && A.size() > 1 &&
             (isFlagVariable(A[1].Content) ||
              NvccReadVariables.count(A[1].Content.str())))
      flags(C, 2, /*FlagString=*/N == "string");
    else if (N == "target_compile_options" || N == "add_compile_options" ||
             N == "target_link_options" || N == "add_link_options")
      flags(C, 0, /*FlagString=*/false);
    else if (N == "set_target_properties")
      targetProperties(Index);
    else if (N == "set_property")
      setProperty(Index);
    else if (N == "add_custom_command" || N == "add_custom_target") {
      bool Rewritten = false;
      for (const NvccCommandSpan &S : nvccCommands(C))
        Rewritten |= nvccCommand(Index, S);
      if (Rewritten) // once however many of its COMMANDs ran nvcc
        insertBefore(C, nvccCommandPrologue());
    }

    if (WholeReplaced.count(Index))
      return;
    sources(Index);
    commandName(C);
    bool Links = N == "target_link_libraries" || N == "link_libraries";
    if (Links) {
      guardUnfound(C);
      linkItems(C);
    }
    for (const CMakeArg &Arg : A)
      for (const Ident &Id : identifiers(Arg))
        name(Arg, Id, Links);
  }

  void findPackage(size_t Index) {
    const CMakeCommand &C = Cmds[Index];
    const std::vector<CMakeArg> &A = C.Args;
    edit(A[0].ContentBegin, A[0].ContentBegin + A[0].Content.size(), "hip");
    std::string Keywords;
    for (size_t I = 1; I < A.size(); ++I) {
      StringRef V = A[I].Content;
      bool Version = I == 1 && !V.empty() && isDigit(V[0]);
      if (Version || V == "EXACT" || V == "MODULE")
        removeArgs(C, I, I); // CUDA's version; hip is found in config mode
      else if (V == "REQUIRED" || V == "QUIET")
        Keywords += " " + V.str();
    }
    std::string Extra;
    for (const std::string &P : knownRocmPackages())
      if (P != "hip" && Ctx.Packages.count(P))
        Extra += "find_package(" + P + Keywords + ")\n";
    if (!Extra.empty())
      InsertAfter[Index] += Extra;
  }

  void setCommand(size_t Index) {
    const CMakeCommand &C = Cmds[Index];
    const std::vector<CMakeArg> &A = C.Args;
    StringRef Var = A[0].Content;
    size_t Last = 0; // the last value argument
    for (size_t I = 1; I < A.size(); ++I) {
      if (A[I].Content == "CACHE" || A[I].Content == "PARENT_SCOPE")
        break;
      Last = I;
    }
    if (Var == "CMAKE_CUDA_ARCHITECTURES") {
      setArchitectures(C, 1, Last);
    } else if (Var == "CMAKE_CUDA_SEPARABLE_COMPILATION") {
      if (Last >= 1 && isTruthy(A[1].Content) && !C.HasComment)
        replaceCommand(
            Index, "add_compile_options($<$<COMPILE_LANGUAGE:HIP>:-fgpu-rdc>)\n"
                   "add_link_options(\"$<$<LINK_LANGUAGE:HIP>:-fgpu-rdc;--hip-"
                   "link>\")");
      else
        note(A[0].Begin, "CMAKE_CUDA_SEPARABLE_COMPILATION left as written: "
                         "HIP's relocatable device code is -fgpu-rdc on "
                         "compiles and links");
    } else if (isFlagVariable(Var)) {
      flags(C, 1, /*FlagString=*/Var != "CUDA_NVCC_FLAGS");
    } else if (NvccReadVariables.count(Var.str())) {
      flags(C, 1, /*FlagString=*/false);
    }
  }

  /// The targets before \p Keyword (set_target_properties(a b PROPERTIES)).
  static std::vector<std::string>
  targetsBefore(const CMakeCommand &C, size_t Keyword, size_t From = 0) {
    std::vector<std::string> Out;
    for (size_t I = From; I < Keyword; ++I)
      Out.push_back(C.Args[I].Content.str());
    return Out;
  }

  void targetProperties(size_t Index) {
    const CMakeCommand &C = Cmds[Index];
    const std::vector<CMakeArg> &A = C.Args;
    size_t P = 0;
    while (P < A.size() && A[P].Content != "PROPERTIES")
      ++P;
    if (P >= A.size())
      return;
    unsigned Pairs = (A.size() - P - 1) / 2;
    for (size_t K = P + 1; K + 1 < A.size(); K += 2) {
      if (A[K].Content == "CUDA_ARCHITECTURES") {
        edit(A[K].Begin, A[K].End, "HIP_ARCHITECTURES");
        setArchitectures(C, K + 1, K + 1);
      } else if (A[K].Content == "CUDA_SEPARABLE_COMPILATION") {
        if (!isTruthy(A[K + 1].Content)) {
          note(A[K].Begin, "CUDA_SEPARABLE_COMPILATION " + A[K + 1].Content +
                               " left as written: no effect on HIP targets");
          continue;
        }
        std::string New = rdcCommands(targetsBefore(C, P));
        if (Pairs == 1 && !C.HasComment) {
          replaceCommand(Index, New);
          return;
        }
        removeArgs(C, K, K + 1);
        InsertAfter[Index] += New;
      }
    }
  }

  void setProperty(size_t Index) {
    const CMakeCommand &C = Cmds[Index];
    const std::vector<CMakeArg> &A = C.Args;
    if (A.empty() || A[0].Content != "TARGET")
      return;
    size_t P = 0;
    while (P < A.size() && A[P].Content != "PROPERTY")
      ++P;
    if (P + 1 >= A.size())
      return;
    std::vector<std::string> Targets;
    for (size_t I = 1; I < P; ++I)
      if (A[I].Content != "APPEND" && A[I].Content != "APPEND_STRING")
        Targets.push_back(A[I].Content.str());
    if (A[P + 1].Content == "CUDA_ARCHITECTURES") {
      edit(A[P + 1].Begin, A[P + 1].End, "HIP_ARCHITECTURES");
      setArchitectures(C, P + 2, A.size() - 1);
    } else if (A[P + 1].Content == "CUDA_SEPARABLE_COMPILATION") {
      if (P + 2 < A.size() && isTruthy(A[P + 2].Content) && !C.HasComment)
        replaceCommand(Index, rdcCommands(Targets));
      else
        note(A[P + 1].Begin, "CUDA_SEPARABLE_COMPILATION left as written: "
                             "relocatable device code on HIP is -fgpu-rdc");
    }
  }

  /// nvcc flags in the value arguments from \p First on. \p FlagString: the
  /// values are a command line (CMAKE_CUDA_FLAGS) rather than a list of
  /// options, so replacements are joined by spaces.
  /// \p End: one past the last argument to read.
  void flags(const CMakeCommand &C, size_t First, bool FlagString,
             size_t End = SIZE_MAX) {
    std::vector<Word> Ws = words(C.Args, First);
    while (!Ws.empty() && Ws.back().Arg >= End)
      Ws.pop_back();
    for (size_t I = 0; I < Ws.size(); ++I) {
      const Word &W = Ws[I];
      if (W.Opaque || !W.Text.starts_with("-"))
        continue;
      StringRef Next =
          I + 1 < Ws.size() && !Ws[I + 1].Opaque ? Ws[I + 1].Text : StringRef();
      std::optional<NvccFlagTranslation> Tr =
          translateNvccFlag(W.Text, Next, nullptr);
      if (!Tr)
        continue;
      if (Tr->Words == 2 && Next.empty()) {
        note(W.Begin, "nvcc flag '" + W.Text +
                          "' left as written: its value is not a plain word");
        continue;
      }
      const Word &L = Ws[I + Tr->Words - 1];
      if (L.Arg != W.Arg && C.HasComment) {
        note(W.Begin, "nvcc flag '" + W.Text +
                          "' left as written: a comment lies inside it");
        continue;
      }
      std::string Shown = W.Text.str();
      if (Tr->Words == 2)
        Shown += " " + L.Text.str();
      if (Tr->Hip.empty()) {
        dropWords(C, W, L);
        note(W.Begin, "nvcc flag '" + Shown + "' dropped: " + Tr->Note);
      } else {
        const char *Sep = W.InGenex || (!FlagString && C.Args[W.Arg].Kind ==
                                                           CMakeArgKind::Quoted)
                              ? ";"
                              : " ";
        std::string New = join(Tr->Hip, Sep);
        // Across two quoted arguments the quotes outside the range stay:
        // "-Xcompiler" "-fPIC" becomes "-fPIC".
        edit(W.Begin, L.End, New);
        if (!Tr->Note.empty())
          note(W.Begin,
               "nvcc flag '" + Shown + "' became '" + New + "': " + Tr->Note);
      }
      I += Tr->Words - 1;
    }
  }

  /// The variables nvcc custom commands of this file read (${V} among
  /// their arguments) and those that hold architecture flags only.
  void collectNvccVariables() {
    ArchVariables = nvccArchitectureVariables(Cmds);
    for (const CMakeCommand &C : Cmds)
      for (const NvccCommandSpan &S : nvccCommands(C))
        for (size_t I = S.Program + 1; I < S.End; ++I)
          if (StringRef V = variableRef(C.Args[I]); !V.empty())
            NvccReadVariables.insert(V.str());
  }

  /// A custom command that runs nvcc: the HIP compiler with what CMake's
  /// HIP language would give it (flags, ROCm root, AMD targets), its nvcc
  /// flags translated, a variable of nvcc architectures left out. False
  /// when it was left as written.
  bool nvccCommand(size_t Index, const NvccCommandSpan &S) {
    const CMakeCommand &C = Cmds[Index];
    const CMakeArg &Prog = C.Args[S.Program];
    if (C.HasComment) {
      note(Prog.Begin,
           "a custom command runs nvcc (" + Prog.Content +
               ") and a comment lies inside it: left as written; "
               "compile its sources with the HIP compiler and " +
               hipDeviceCompileWords(),
           BuildNoteKind::NvccLeft);
      return false;
    }
    if (!edit(Prog.Begin, Prog.End,
              "${CMAKE_HIP_COMPILER} " + hipDeviceCompileWords()))
      return false;
    Noted.insert(Prog.Begin);
    note(Prog.Begin, "a custom command ran nvcc (" + Prog.Content +
                         "): it runs the HIP compiler with CMAKE_HIP_FLAGS "
                         "and one --offload-arch per CMAKE_HIP_ARCHITECTURES "
                         "entry");
    for (size_t I = S.Program + 1; I < S.End; ++I) {
      StringRef Var = variableRef(C.Args[I]);
      if (Var.empty() || !ArchVariables.count(Var.str()))
        continue;
      removeArgs(C, I, I);
      note(C.Args[I].Begin, Var + " holds nvcc architecture flags only: left "
                                  "out of the command (the AMD targets "
                                  "replace them)");
    }
    flags(C, S.Program + 1, /*FlagString=*/false, S.End);
    return true;
  }

  void insertBefore(const CMakeCommand &C, const std::string &Text) {
    std::string Indent = indentAt(C.Begin), Out;
    for (StringRef L : split(StringRef(Text).rtrim('\n'), '\n'))
      Out += L.str() + "\n" + Indent;
    edit(C.Begin, C.Begin, Out);
  }

  void dropWords(const CMakeCommand &C, const Word &W, const Word &L) {
    if (W.WholeArg && L.WholeArg && !W.InGenex) {
      removeArgs(C, W.Arg, L.Arg);
      return;
    }
    auto IsSep = [](char Ch) { return Ch == ' ' || Ch == ';' || Ch == '\t'; };
    const CMakeArg &A = C.Args[W.Arg];
    if (W.Begin > A.ContentBegin && IsSep(T[W.Begin - 1]))
      edit(W.Begin - 1, L.End, "");
    else if (L.End <
                 C.Args[L.Arg].ContentBegin + C.Args[L.Arg].Content.size() &&
             IsSep(T[L.End]))
      edit(W.Begin, L.End + 1, "");
    else
      edit(W.Begin, L.End, "");
  }

  /// Sources that a set_source_files_properties(... LANGUAGE HIP|CUDA) or
  /// set_property(SOURCE ... LANGUAGE ...) of this file already covers.
  void collectCoveredSources() {
    for (const CMakeCommand &C : Cmds) {
      const std::vector<CMakeArg> &A = C.Args;
      bool Sfp = C.LowerName == "set_source_files_properties";
      bool Sp = C.LowerName == "set_property" && !A.empty() &&
                A[0].Content == "SOURCE";
      if (!Sfp && !Sp)
        continue;
      bool Language = false;
      for (size_t I = 0; I + 1 < A.size(); ++I)
        if (A[I].Content == "LANGUAGE" &&
            (A[I + 1].Content == "HIP" || A[I + 1].Content == "CUDA"))
          Language = true;
      if (!Language)
        continue;
      for (size_t I = Sp ? 1 : 0; I < A.size(); ++I) {
        if (A[I].Content == "PROPERTIES" || A[I].Content == "PROPERTY" ||
            A[I].Content == "DIRECTORY" || A[I].Content == "TARGET_DIRECTORY")
          break;
        CoveredSources.insert(A[I].Content.str());
      }
    }
  }

  /// .cu files named by a target, a source list or a glob: CMake's HIP
  /// language compiles .hip files only unless told otherwise.
  void sources(size_t Index) {
    const CMakeCommand &C = Cmds[Index];
    const std::vector<CMakeArg> &A = C.Args;
    StringRef N = C.LowerName;
    std::vector<std::string> Found;
    auto Take = [&](const CMakeArg &Arg) {
      std::string Key = Arg.Content.str();
      if (CoveredSources.insert(Key).second)
        Found.push_back(T.slice(Arg.Begin, Arg.End).str());
    };
    auto IsCu = [](StringRef S) {
      return S.ends_with(".cu") && !S.contains("$<") && !S.contains('*');
    };
    if (N == "add_executable" || N == "add_library" || N == "target_sources" ||
        N == "cuda_add_executable" || N == "cuda_add_library" || N == "set" ||
        (N == "list" && !A.empty() &&
         (A[0].Content == "APPEND" || A[0].Content == "PREPEND" ||
          A[0].Content == "INSERT"))) {
      for (const CMakeArg &Arg : A)
        if (isValueArg(Arg) && IsCu(Arg.Content))
          Take(Arg);
    } else if (N == "file" && A.size() > 2 &&
               (A[0].Content == "GLOB" || A[0].Content == "GLOB_RECURSE")) {
      unsigned Cu = 0, Other = 0;
      for (size_t I = 2; I < A.size(); ++I) {
        StringRef V = A[I].Content;
        if (V == "LIST_DIRECTORIES" || V == "RELATIVE") {
          ++I;
          continue;
        }
        if (V == "CONFIGURE_DEPENDS" || V == "FOLLOW_SYMLINKS")
          continue;
        (V.ends_with(".cu") ? Cu : Other)++;
      }
      if (Cu && !Other) {
        std::string Ref = "${" + A[1].Content.str() + "}";
        if (CoveredSources.insert(Ref).second)
          Found.push_back(Ref);
      } else if (Cu) {
        note(A[0].Begin, "the glob " + A[1].Content +
                             " mixes .cu files with other sources: mark its "
                             ".cu files LANGUAGE HIP by hand");
      }
    }
    if ((N == "add_executable" || N == "add_library") && !A.empty())
      hostSources(C);
    if (Found.empty())
      return;
    InsertAfter[Index] += "set_source_files_properties(" + join(Found, " ") +
                          " PROPERTIES LANGUAGE HIP)\n";
  }

  /// A target of .cu and C++ sources: its C++ sources include the runtime's
  /// headers too (cuda_runtime.h, now hip/hip_runtime.h). The CUDA language
  /// gave them CUDA's include directories; HIP's headers, compiled by the C++
  /// compiler, also need __HIP_PLATFORM_AMD__: hip::host carries both.
  void hostSources(const CMakeCommand &C) {
    const std::vector<CMakeArg> &A = C.Args;
    StringRef Name = A[0].Content;
    if (A.size() > 1 &&
        (A[1].Content == "IMPORTED" || A[1].Content == "ALIAS" ||
         A[1].Content == "INTERFACE"))
      return;
    bool Cu = false, Host = false;
    for (size_t I = 1; I < A.size(); ++I) {
      StringRef S = A[I].Content;
      Cu |= S.ends_with(".cu");
      Host |= S.ends_with(".cpp") || S.ends_with(".cc") ||
              S.ends_with(".cxx") || S.ends_with(".c");
    }
    if (!Cu || !Host)
      return;
    for (const CMakeCommand &L : Cmds)
      if (L.LowerName == "target_link_libraries" && !L.Args.empty() &&
          L.Args[0].Content == Name)
        for (const CMakeArg &X : L.Args)
          if (X.Content == "CUDA::cudart" ||
              X.Content == "CUDA::cudart_static" ||
              X.Content == "CUDA::toolkit" || X.Content == "hip::host")
            return;
    // The property, not target_link_libraries(): a target's calls must all
    // use one signature, keyword or plain, and this adds to either.
    InsertAfter[&C - Cmds.data()] +=
        "set_property(TARGET " + Name.str() +
        " APPEND PROPERTY LINK_LIBRARIES $<TARGET_NAME_IF_EXISTS:hip::host>)\n";
    note(C.Begin, Name + " compiles C++ sources beside its .cu files: they "
                         "include HIP's headers, which outside a HIP compile "
                         "need hip::host (__HIP_PLATFORM_AMD__, ROCm's include "
                         "directory); linked to it");
  }

  void commandName(const CMakeCommand &C) {
    const BuildRule *R = Rules.lookup(BuildRuleKind::Command, C.LowerName);
    if (!R)
      return;
    bool Options = any_of(
        C.Args, [](const CMakeArg &A) { return A.Content == "OPTIONS"; });
    if (!R->hasHip() || Options) {
      note(C.Begin, C.Name + " left as written: " +
                        (Options ? "move its OPTIONS (nvcc flags) to "
                                   "target_compile_options, then use " +
                                       (R->hasHip() ? R->Hip[0] : "") + "()"
                                 : R->Notes));
      return;
    }
    edit(C.Begin, C.Begin + C.Name.size(), R->Hip[0]);
  }

  /// The generator expression \p Id sits in: "COMPILE_LANGUAGE" for
  /// $<COMPILE_LANGUAGE:CXX,CUDA>, empty outside one.
  StringRef genexHead(const CMakeArg &A, const Ident &Id) const {
    size_t Rel = Id.Begin - A.ContentBegin;
    StringRef Before = A.Content.substr(0, Rel);
    size_t Open = Before.rfind("$<");
    if (Open == StringRef::npos)
      return {};
    StringRef Inside = Before.substr(Open + 2);
    if (Inside.contains('>') || Inside.contains('$'))
      return {};
    size_t Colon = Inside.find(':');
    return Colon == StringRef::npos ? StringRef() : Inside.substr(0, Colon);
  }

  /// \p Linked: the argument is an item of target_link_libraries().
  void name(const CMakeArg &A, const Ident &Id, bool Linked = false) {
    StringRef S = Id.Text;
    if (S == "CUDA") {
      StringRef Head = genexHead(A, Id);
      if (Head == "COMPILE_LANGUAGE" || Head == "LINK_LANGUAGE" ||
          Head == "COMPILE_LANG_AND_ID")
        edit(Id.Begin, Id.End, "HIP");
      return;
    }
    // $<COMPILE_LANG_AND_ID:CUDA,NVIDIA>: HIP's compiler id is Clang.
    if (S == "NVIDIA") {
      if (genexHead(A, Id) == "COMPILE_LANG_AND_ID" &&
          T.slice(A.ContentBegin, Id.Begin).ends_with("CUDA,"))
        edit(Id.Begin, Id.End, "Clang");
      return;
    }
    if (S.contains("::")) {
      if (!S.starts_with("CUDA::") && !Rules.lookup(BuildRuleKind::Target, S))
        return;
      const BuildRule *R = Rules.lookup(BuildRuleKind::Target, S);
      if (R && R->Remove && Linked && A.Content == S &&
          A.Kind == CMakeArgKind::Unquoted)
        return; // taken out by linkItems()
      // A linked CUDA target with no ROCm counterpart would stop CMake's
      // generate step for the whole tree (no such target): it stays, in a
      // generator expression that is empty when the target does not exist,
      // so only the program that needs it fails to build.
      bool Guard = Linked && (!R || !R->hasHip()) && A.Content == S &&
                   A.Kind == CMakeArgKind::Unquoted;
      if (Guard)
        edit(Id.Begin, Id.End, "$<TARGET_NAME_IF_EXISTS:" + S.str() + ">");
      std::string Kept =
          Guard ? " left out of the link when CMake has no such target "
                  "($<TARGET_NAME_IF_EXISTS:...>): "
                : " left as written: ";
      if (!R)
        note(Id.Begin, S + Kept + "no HIP target known for it");
      else if (!R->hasHip())
        note(Id.Begin, S + Kept + R->Notes);
      else
        edit(Id.Begin, Id.End, join(R->Hip, ";"));
      return;
    }
    if (const BuildRule *R = Rules.lookup(BuildRuleKind::LibVar, S)) {
      bool Ref = Id.Begin >= 2 && T.substr(Id.Begin - 2, 2) == "${" &&
                 Id.End < T.size() && T[Id.End] == '}';
      if (Ref)
        edit(Id.Begin - 2, Id.End + 1, join(R->Hip, ";"));
      else
        note(Id.Begin,
             S + " left as written: link " + join(R->Hip, " ") + " instead");
      return;
    }
    for (BuildRuleKind K : {BuildRuleKind::Variable, BuildRuleKind::Property}) {
      const BuildRule *R = Rules.lookup(K, S);
      if (!R)
        continue;
      if (R->hasHip() && isIdentChar(R->Hip[0][0])) {
        edit(Id.Begin, Id.End, R->Hip[0]);
      } else if (!Noted.count(Id.Begin) && !overlaps(Id.Begin, Id.End)) {
        note(Id.Begin, S + " left as written: " + R->Notes);
      }
      return;
    }
  }

  /// Link items that are a CUDA library by its plain name (`cublas`,
  /// `culibos`: -lcublas): the ROCm targets of its CUDA:: twin; and items
  /// ROCm needs nothing in place of (CUDA::culibos), taken out.
  void linkItems(const CMakeCommand &C) {
    for (size_t I = firstLinkItem(C); I < C.Args.size(); ++I) {
      const CMakeArg &A = C.Args[I];
      const BuildRule *R = linkItemRule(Rules, A);
      if (!R)
        continue;
      if (R->Remove) {
        removeArgs(C, I, I);
        note(A.Begin, A.Content + " taken out of the link: " + R->Notes);
      } else if (!A.Content.contains("::") && R->hasHip()) {
        edit(A.Begin, A.End, join(R->Hip, " "));
      }
    }
  }

  /// The first argument that can be a link item (after the target).
  static size_t firstLinkItem(const CMakeCommand &C) {
    return C.LowerName == "target_link_libraries" ? 1 : 0;
  }

  /// find_library(VAR [NAME|NAMES] name...) of a CUDA library: its ROCm
  /// library instead, or, when ROCm has none, VAR is remembered: it will be
  /// NOTFOUND, and a NOTFOUND link item stops CMake's generate step.
  void findLibrary(const CMakeCommand &C) {
    const std::vector<CMakeArg> &A = C.Args;
    size_t I = 1;
    if (I < A.size() && (A[I].Content == "NAME" || A[I].Content == "NAMES"))
      ++I;
    bool Cuda = false, Rocm = false;
    for (; I < A.size() && isValueArg(A[I]); ++I) {
      StringRef Name = A[I].Content;
      if (Name == "HINTS" || Name == "PATHS" || Name == "PATH_SUFFIXES" ||
          Name == "DOC" || Name == "NAMES_PER_DIR" || Name == "REQUIRED")
        break;
      const BuildRule *R = Rules.lookup(BuildRuleKind::Library, Name);
      if (!R)
        continue;
      Cuda = true;
      if (R->hasHip()) {
        Rocm = true;
        edit(A[I].ContentBegin, A[I].ContentBegin + Name.size(), R->Hip[0]);
      } else {
        note(A[I].Begin, Name + " has no ROCm library: " + R->Notes);
      }
    }
    if (Cuda && !Rocm && isValueArg(A[0]))
      Unfound.insert(A[0].Content.str());
  }

  /// ${VAR} of such a find_library() in a link: linked only when found.
  void guardUnfound(const CMakeCommand &C) {
    for (const CMakeArg &Arg : C.Args) {
      StringRef Var = variableRef(Arg);
      if (Arg.Kind != CMakeArgKind::Unquoted || !Unfound.count(Var.str()))
        continue;
      if (edit(Arg.Begin, Arg.End,
               "$<$<BOOL:" + Arg.Content.str() + ">:" + Arg.Content.str() +
                   ">"))
        note(Arg.Begin, Arg.Content + " is linked only when found: the "
                                      "library it finds has no ROCm "
                                      "counterpart");
    }
  }

  /// add_subdirectory() of a subtree that is NVIDIA's alone: it is left
  /// out of the HIP build, as a comment, with the reason.
  void subdirectory(const CMakeCommand &C) {
    StringRef Sub = C.Args[0].Content;
    if (Sub.contains("${") || Sub.contains("$<"))
      return;
    SmallString<256> Lists(sys::path::parent_path(Path));
    sys::path::append(Lists, Sub, "CMakeLists.txt");
    std::optional<std::string> Why = nvidiaOnlySubtree(Lists);
    if (!Why)
      return;
    // Each line of the command becomes a comment line.
    size_t End = C.CloseParen + 1;
    std::string Commented = "# " + T.slice(C.Begin, End).str();
    for (size_t P = Commented.find('\n'); P != std::string::npos;
         P = Commented.find('\n', P + 1))
      Commented.insert(P + 1, "# ");
    if (edit(C.Begin, End, Commented)) {
      note(C.Begin, Sub + " is not added to the HIP build: " + Sub +
                        "/CMakeLists.txt " + *Why);
      WholeReplaced.insert(&C - Cmds.data());
    }
  }

  static bool cudaLike(StringRef S) {
    return S.starts_with("CUDA::") || S.starts_with("CMAKE_CUDA_") ||
           S.starts_with("CUDAToolkit") || S == "CUDA" || S == "nvcc";
  }

  /// Reports CUDA names nothing above rewrote or explained.
  void residue(const CMakeCommand &C) {
    size_t Index = &C - Cmds.data();
    if (WholeReplaced.count(Index))
      return;
    if (StringRef(C.LowerName).starts_with("cuda_") && !Noted.count(C.Begin) &&
        !overlaps(C.Begin, C.Begin + C.Name.size()) &&
        !any_of(Edits,
                [&](const Replacement &R) { return R.Offset == C.Begin; }))
      note(C.Begin, C.Name + "() left as written: a FindCUDA command with no "
                             "HIP rule");
    if (C.LowerName == "message")
      return;
    bool Custom = C.LowerName == "add_custom_command" ||
                  C.LowerName == "add_custom_target";
    for (size_t I = 0; I < C.Args.size(); ++I) {
      const CMakeArg &A = C.Args[I];
      // A custom command's COMMENT is text for the person building.
      if (Custom && I > 0 && C.Args[I - 1].Content == "COMMENT")
        continue;
      for (const Ident &Id : identifiers(A)) {
        if (!cudaLike(Id.Text) || Noted.count(Id.Begin))
          continue;
        bool Edited = any_of(Edits, [&](const Replacement &R) {
          return R.Offset <= Id.Begin && Id.End <= R.Offset + R.Length;
        });
        if (!Edited)
          note(Id.Begin, Id.Text + " left as written: no HIP rule for it");
      }
    }
  }

  /// CMake learned the HIP language in 3.21.
  void minimumVersion() {
    if (!LanguageChanged)
      return;
    for (const CMakeCommand &C : Cmds) {
      if (C.LowerName != "cmake_minimum_required")
        continue;
      for (size_t I = 0; I + 1 < C.Args.size(); ++I) {
        if (C.Args[I].Content != "VERSION")
          continue;
        const CMakeArg &V = C.Args[I + 1];
        StringRef Min = V.Content.split("...").first;
        unsigned Major = 0, Minor = 0;
        StringRef Rest = Min;
        if (Rest.consumeInteger(10, Major) || !Rest.consume_front(".") ||
            Rest.consumeInteger(10, Minor))
          continue;
        if (Major > 3 || (Major == 3 && Minor >= 21))
          return;
        edit(V.ContentBegin, V.ContentBegin + Min.size(), "3.21");
        note(V.Begin, "minimum CMake raised from " + Min.str() +
                          " to 3.21, the first release with the HIP language");
      }
    }
  }
};

} // namespace

std::optional<std::string> nvidiaOnlySubtree(StringRef CMakeLists) {
  auto Buf = MemoryBuffer::getFile(CMakeLists);
  if (!Buf)
    return std::nullopt;
  Expected<std::vector<CMakeCommand>> Cmds =
      parseCMake((*Buf)->getBuffer(), CMakeLists);
  if (!Cmds) {
    consumeError(Cmds.takeError());
    return std::nullopt;
  }
  for (const CMakeCommand &C : *Cmds) {
    if (C.LowerName != "find_library" && C.LowerName != "find_file" &&
        C.LowerName != "find_path" && C.LowerName != "find_program")
      continue;
    for (const CMakeArg &A : C.Args)
      if (A.isValue() && StringRef(A.Content.lower()).contains("nvvm"))
        return "line " + std::to_string(C.Line) +
               " finds libNVVM, NVIDIA's compiler of NVVM IR to PTX, which "
               "ROCm has no equivalent of";
  }
  return std::nullopt;
}

void collectCMakePackages(StringRef Text, const BuildRuleTable &Rules,
                          std::set<std::string> &Needed,
                          std::set<std::string> &AlreadyFound) {
  Expected<std::vector<CMakeCommand>> Cmds = parseCMake(Text, "");
  if (!Cmds) {
    consumeError(Cmds.takeError());
    return;
  }
  for (const CMakeCommand &C : *Cmds) {
    if (C.LowerName == "find_package" && !C.Args.empty())
      AlreadyFound.insert(C.Args[0].Content.lower());
    // A plain link item (`cublas`) links its CUDA:: twin's ROCm targets.
    if (C.LowerName == "target_link_libraries" ||
        C.LowerName == "link_libraries")
      for (const CMakeArg &A : C.Args)
        if (const BuildRule *R = linkItemRule(Rules, A))
          Needed.insert(R->Packages.begin(), R->Packages.end());
    for (const CMakeArg &A : C.Args)
      for (const Ident &Id : identifiers(A)) {
        const BuildRule *R = Rules.lookup(BuildRuleKind::Target, Id.Text);
        if (!R)
          R = Rules.lookup(BuildRuleKind::LibVar, Id.Text);
        if (R && R->hasHip())
          Needed.insert(R->Packages.begin(), R->Packages.end());
      }
  }
}

CMakeMigration migrateCMake(StringRef Path, StringRef Text,
                            const CMakeMigrationContext &Ctx) {
  Expected<std::vector<CMakeCommand>> Cmds = parseCMake(Text, Path);
  if (!Cmds) {
    CMakeMigration Out;
    Out.Error = toString(Cmds.takeError());
    return Out;
  }
  return Migrator(Path, Text, Ctx, std::move(*Cmds)).run();
}

} // namespace hipwright
