//===- MakeMigrator.cpp - a GNU Makefile of a CUDA build, for HIP ---------===//
#include "buildfiles/MakeMigrator.h"
#include "buildfiles/MakeModel.h"
#include "buildfiles/NvccFlags.h"
#include "support/LineIndex.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <set>

using namespace llvm;

namespace hipwright {

namespace {

bool isCudaRootVariable(StringRef N) {
  return N == "CUDA_PATH" || N == "CUDA_HOME" || N == "CUDA_ROOT" ||
         N == "CUDA_DIR" || N == "CUDA_INSTALL_PATH" ||
         N == "CUDA_TOOLKIT_ROOT";
}

/// Variables the data flow cannot place (no command of this file reads
/// them: an including Makefile may) are taken as nvcc flags by name.
bool namedLikeNvccFlags(StringRef N) {
  return (N.contains("NVCC") || N.contains("CUDA")) && N.contains("FLAGS");
}

/// "nvcc" as a command word anywhere in \p S: the start or after a blank,
/// '/', '(' or '`', and then the end or a blank, ')' or ';'.
bool mentionsNvccCommand(StringRef S) {
  for (size_t P = S.find("nvcc"); P != StringRef::npos;
       P = S.find("nvcc", P + 1)) {
    bool Before = P == 0 || StringRef(" \t/(`").contains(S[P - 1]);
    bool After = P + 4 == S.size() || StringRef(" \t);`").contains(S[P + 4]);
    if (Before && After)
      return true;
  }
  return false;
}

bool isRdcFlag(StringRef W) {
  return W == "-dc" || W == "--device-c" || W == "-rdc=true" ||
         W == "--relocatable-device-code=true" || W == "-fgpu-rdc";
}

class MakeMigrator {
public:
  MakeMigrator(StringRef Path, StringRef Text, const MakeMigrationContext &Ctx)
      : Path(Path), T(Text), Ctx(Ctx), Lines(Text), M(Text) {
    for (const std::string &A : Ctx.Architectures)
      Archs.push_back("--offload-arch=" + A);
  }

  CMakeMigration run() {
    HasHipcxx = !M.assignmentsOf("HIPCXX").empty();
    // A variable both nvcc and a host compiler read keeps what the host
    // compiler needs; its nvcc flags move to where nvcc reads it. Done
    // first, so those uses know what to add.
    for (const MakeAssignment &A : M.Assignments)
      if (!A.Define && !M.CompilerVars.count(A.Name) &&
          M.reach(A.Name) == MakeReach::Both && !isCudaRootVariable(A.Name))
        flags(wordsOf(T, A.ValueBegin, A.ValueEnd, false), 0, &A, A.Name);
    // nvcc links -dc objects' device code by itself; clang does when the
    // link says -fgpu-rdc too.
    for (const MakeCommand &C : M.Commands)
      if (M.isNvccCommand(C))
        for (size_t I = C.Program + 1; I < C.Words.size(); ++I)
          Rdc |= M.mayHoldWord(C.Words[I].Text, isRdcFlag);
    for (const MakeCommand &C : M.Commands)
      command(C);
    for (const MakeAssignment &A : M.Assignments)
      assignment(A);
    for (size_t I = 0; I < M.Lines.size(); ++I)
      if (!M.Lines[I].Recipe && M.LineAssignment[I] < 0 &&
          !DefineFlags.count(I))
        otherLine(M.Lines[I]);
    archNotes();
    nvccLeft();
    if (NeedHipcxx && !HasHipcxx) {
      // Before the first line that is not a comment, so every use (a :=
      // assignment too) sees the definitions; the header comment stays
      // first.
      size_t At = T.size();
      for (const LogicalLine &L : M.Lines) {
        StringRef S = T.slice(L.Begin, L.End).trim();
        if (!S.empty() && !S.starts_with("#")) {
          At = L.Begin;
          break;
        }
      }
      std::string Defs = "ROCM_PATH ?= /opt/rocm\n"
                         "HIPCXX ?= $(ROCM_PATH)/llvm/bin/clang++\n";
      if (At == T.size() && !T.empty() && !T.ends_with("\n"))
        Defs = "\n" + Defs;
      Edits.push_back({Path.str(), unsigned(At), 0, Defs});
    }
    CMakeMigration Out;
    llvm::sort(Edits, [](const Replacement &A, const Replacement &B) {
      return std::tie(A.Offset, A.Length) < std::tie(B.Offset, B.Length);
    });
    Out.Edits = std::move(Edits);
    llvm::stable_sort(Notes, [](const BuildNote &A, const BuildNote &B) {
      return A.Line < B.Line;
    });
    Out.Notes = std::move(Notes);
    return Out;
  }

private:
  StringRef Path;
  StringRef T;
  const MakeMigrationContext &Ctx;
  LineIndex Lines;
  MakeModel M;
  std::vector<std::string> Archs;
  std::vector<Replacement> Edits;
  std::vector<BuildNote> Notes;
  bool HasHipcxx = false, NeedHipcxx = false, Rdc = false;
  /// Shared variables whose nvcc flags, translated, are in NAME_HIP.
  std::set<std::string> Moved;
  /// Variables that only named an NVIDIA architecture (-arch=$(ARCH)).
  std::set<std::string> ArchVars;
  /// Lines of define bodies translated as nvcc flags.
  std::set<size_t> DefineFlags;
  /// Offsets of the nvcc words replaced by $(HIPCXX).
  std::set<size_t> ReplacedNvcc;

  void note(size_t Offset, const Twine &Msg,
            BuildNoteKind Kind = BuildNoteKind::Info) {
    Notes.push_back(
        {Lines.lineAndColumn(unsigned(Offset)).first, Msg.str(), Kind});
  }
  void edit(size_t B, size_t E, std::string Text) {
    Edits.push_back(
        {Path.str(), unsigned(B), unsigned(E - B), std::move(Text)});
  }
  void toHipcxx(const MakeWord &W) {
    edit(W.Begin, W.End, "$(HIPCXX)");
    ReplacedNvcc.insert(W.Begin);
    NeedHipcxx = true;
  }

  void assignment(const MakeAssignment &A) {
    if (isCudaRootVariable(A.Name)) {
      if (!A.Eval)
        note(A.Line, A.Name + " is no longer used by the migrated commands "
                              "(they use $(ROCM_PATH)); remove it when done");
      return;
    }
    if (A.Define) {
      // A define whose body holds nvcc flags (read as $(NAME)); the bodies
      // of recipe templates are lines like any other.
      if (M.reach(A.Name) != MakeReach::Nvcc)
        return;
      for (size_t I = 0; I < M.Lines.size(); ++I) {
        const LogicalLine &L = M.Lines[I];
        if (L.Begin < A.ValueBegin || L.Begin >= A.ValueEnd || L.Recipe ||
            M.LineAssignment[I] >= 0 || T.slice(L.Begin, L.End).contains(':'))
          continue;
        DefineFlags.insert(I);
        flags(wordsOf(T, L.Begin, L.End, false), 0, &A, "");
      }
      return;
    }
    std::vector<MakeWord> Ws = wordsOf(T, A.ValueBegin, A.ValueEnd, false);
    if (M.CompilerVars.count(A.Name)) {
      for (size_t I = 0; I < Ws.size(); ++I)
        if (M.isCompilerWord(Ws[I].Text)) {
          if (isNvccProgram(Ws[I].Text))
            toHipcxx(Ws[I]);
          flags(Ws, I + 1, &A, "");
          return;
        }
      return;
    }
    switch (M.reach(A.Name)) {
    case MakeReach::Nvcc:
      flags(Ws, 0, &A, "");
      return;
    case MakeReach::Both: // done first (run)
      return;
    case MakeReach::Host:
      plainWords(Ws);
      return;
    case MakeReach::None:
      if (namedLikeNvccFlags(A.Name))
        flags(Ws, 0, &A, "");
      else
        plainWords(Ws);
      return;
    }
  }

  /// Rule lines, directives, comments, top-level $(foreach ...): library
  /// and path words; the $(eval ...) assignments in them are assignments.
  void otherLine(const LogicalLine &L) {
    plainWords(wordsOf(T, L.Begin, L.End, false));
  }

  /// A command of a recipe: nvcc becomes $(HIPCXX) with -x hip (compiles)
  /// or --hip-link (links), its flags are translated; other commands keep
  /// theirs but for library and path words.
  void command(const MakeCommand &C) {
    const std::vector<MakeWord> &Ws = C.Words;
    if (!M.isNvccCommand(C)) {
      plainWords(Ws);
      return;
    }
    size_t K = C.Program;
    if (isNvccProgram(Ws[K].Text))
      toHipcxx(Ws[K]);
    bool Compile = false, Dlink = false, HasMode = false, CuInput = false;
    for (size_t I = K + 1; I < Ws.size(); ++I) {
      StringRef W = Ws[I].Text;
      if (W == "-c" || W == "-dc" || W == "--device-c" || W == "--compile")
        Compile = true;
      if (W == "-dlink" || W == "--device-link")
        Dlink = true;
      if (W == "--hip-link" ||
          (W == "-x" && I + 1 < Ws.size() && Ws[I + 1].Text == "hip"))
        HasMode = true;
      bool Output = I > K + 1 && Ws[I - 1].Text == "-o";
      if (!W.starts_with("-") && !Output && M.mayNameCuFile(W, C.Rule))
        CuInput = true;
    }
    if (Dlink) {
      note(Ws[K].Begin, "an nvcc device-link step (-dlink): clang links "
                        "device code at the final link (-fgpu-rdc "
                        "--hip-link); remove this step and its output");
      flags(Ws, K + 1, nullptr, "");
      return;
    }
    // clang compiles .cu as CUDA unless told; a link of objects needs
    // --hip-link for the HIP runtime and the device link of -fgpu-rdc code.
    bool RdcHere = false;
    for (size_t I = K + 1; I < Ws.size(); ++I)
      RdcHere |= M.mayHoldWord(Ws[I].Text, isRdcFlag);
    if (!HasMode)
      edit(Ws[K].End, Ws[K].End,
           Compile || CuInput ? " -x hip"
           : Rdc && !RdcHere  ? " --hip-link -fgpu-rdc"
                              : " --hip-link");
    flags(Ws, K + 1, nullptr, "");
  }

  /// The nvcc flags among Ws[First...]. \p A: the assignment they are the
  /// value of (null in a recipe). \p MoveFrom: the shared variable whose
  /// nvcc flags move to its nvcc uses; empty to translate in place.
  void flags(const std::vector<MakeWord> &Ws, size_t First,
             const MakeAssignment *A, StringRef MoveFrom) {
    // An $(eval) or a define has no line of its own to split into.
    if (A && (A->Eval || A->Define))
      MoveFrom = "";
    bool ArchDone = false;
    std::vector<std::string> Split; // MoveFrom's nvcc flags, translated
    for (size_t I = First; I < Ws.size(); ++I) {
      const MakeWord &W = Ws[I];
      if (W.Text == "&&" || W.Text == ";" || W.Text == "|")
        ArchDone = false;
      if (passThrough(W))
        continue;
      StringRef Next = I + 1 < Ws.size() ? Ws[I + 1].Text : StringRef();
      std::optional<NvccFlagTranslation> Tr =
          W.Text.starts_with("-") ? translateNvccFlag(W.Text, Next, &Archs)
                                  : std::nullopt;
      if (!Tr) {
        plainWord(W);
        if (MoveFrom.empty())
          addMoved(W);
        continue;
      }
      if (Tr->Words == 2 && Next.empty()) {
        note(W.Begin, "nvcc flag '" + W.Text + "' left as written: no value",
             BuildNoteKind::FlagUnplaced);
        continue;
      }
      const MakeWord &L = Ws[I + Tr->Words - 1];
      std::string Shown = T.slice(W.Begin, L.End).str();
      bool IsArch = Tr->Note.find("NVIDIA architecture") != std::string::npos;
      if (IsArch)
        archValue(W.Begin, L.End, A);
      if (IsArch && ArchDone) // one set of AMD targets per command
        Tr->Hip.clear();
      ArchDone |= IsArch;
      if (!MoveFrom.empty() && !Tr->Hip.empty()) {
        for (const std::string &H : Tr->Hip)
          if (!is_contained(Split, H))
            Split.push_back(H);
        note(W.Begin, "nvcc flag '" + Shown + "' in " + MoveFrom +
                          ", which a host compiler also reads: kept out of " +
                          MoveFrom + "; '" + join(Tr->Hip, " ") + "' is in " +
                          splitName(MoveFrom) +
                          ", which the commands that run nvcc read after it");
        Tr->Hip.clear();
        removeWords(W.Begin, L.End);
      } else if (Tr->Hip.empty()) {
        removeWords(W.Begin, L.End);
        if (!IsArch)
          note(W.Begin, "nvcc flag '" + Shown + "' dropped: " + Tr->Note);
      } else {
        edit(W.Begin, L.End, join(Tr->Hip, " "));
        if (!Tr->Note.empty() && !IsArch)
          note(W.Begin, "nvcc flag '" + Shown + "' became '" +
                            join(Tr->Hip, " ") + "': " + Tr->Note);
      }
      I += Tr->Words - 1;
    }
    if (Split.empty() || !A)
      return;
    // The translations go to NAME_HIP on a line of their own right after
    // this assignment: the same branch of the same ifeq, the same target.
    Moved.insert(MoveFrom.str());
    std::string Line = "\n" + T.slice(A->Line, A->NameBegin).str() +
                       splitName(MoveFrom) + " += " + join(Split, " ");
    edit(A->ValueEnd, A->ValueEnd, Line);
  }

  std::string splitName(StringRef Var) const { return Var.str() + "_HIP"; }

  /// $(addprefix -Xcompiler ,$(CCFLAGS)) in an nvcc flag list: clang takes
  /// host-compiler options as they are; NVIDIA tools' options go.
  bool passThrough(const MakeWord &W) {
    if (makeFunctionOf(W.Text) != "addprefix")
      return false;
    std::vector<std::pair<size_t, size_t>> Args =
        makeFunctionArguments(T, W.Begin, W.End);
    if (Args.size() != 2)
      return false;
    StringRef Opt = T.slice(Args[0].first, Args[0].second).trim();
    StringRef List = T.slice(Args[1].first, Args[1].second).trim();
    if (Opt == "-Xcompiler" || Opt == "--compiler-options") {
      edit(W.Begin, W.End, List.str());
      return true;
    }
    if (Opt == "-Xptxas" || Opt == "--ptxas-options" || Opt == "-Xnvlink" ||
        Opt == "--nvlink-options" || Opt == "-Xcudafe") {
      removeWords(W.Begin, W.End);
      note(W.Begin, "'" + W.Text + "' dropped: options of NVIDIA's tools");
      return true;
    }
    return Opt == "-Xlinker" || Opt == "--linker-options";
  }

  /// After $(V) of a shared variable in an nvcc flag list: $(V_HIP), the
  /// translations of the nvcc flags kept out of V.
  void addMoved(const MakeWord &W) {
    for (const MakeReference &R : makeReferences(T, W.Begin, W.End))
      if (Moved.count(R.Name) && R.Begin == W.Begin && R.End == W.End &&
          !R.Substitution)
        edit(W.End, W.End, " $(" + splitName(R.Name) + ")");
  }

  /// An architecture flag's value: the variables it read name NVIDIA
  /// architectures only ($(ARCH), or SMS through $(foreach sm,$(SMS),...)).
  void archValue(size_t B, size_t E, const MakeAssignment *A) {
    for (const MakeReference &R : makeReferences(T, B, E)) {
      if (R.Name.size() == 1 && !isAlpha(R.Name[0]))
        continue;
      if (A && A->Eval && R.Name == A->ForeachVar) {
        for (const MakeReference &L :
             makeReferences(T, A->ForeachListBegin, A->ForeachListEnd))
          ArchVars.insert(L.Name);
        continue;
      }
      ArchVars.insert(R.Name);
    }
  }

  void archNotes() {
    std::string Targets = join(Ctx.Architectures, ", ");
    for (const std::string &Name : ArchVars) {
      std::vector<const MakeAssignment *> As = M.assignmentsOf(Name);
      if (As.empty())
        continue;
      const MakeAssignment *A = As.front();
      std::string Value = T.slice(A->ValueBegin, A->ValueEnd).trim().str();
      note(A->Line, Name + (Value.empty() ? "" : " (" + Value + ")") +
                        " names NVIDIA architectures: the migrated commands "
                        "build for " +
                        Targets +
                        " instead and no longer read it for the GPU target; "
                        "kept, so a command line that sets it still works");
    }
  }

  /// Words that still run nvcc after the migration: $(shell nvcc ...), nvcc
  /// behind a wrapper the data flow does not see. Each is a note the
  /// summary counts.
  void nvccLeft() {
    for (const LogicalLine &L : M.Lines) {
      StringRef Name;
      size_t VB;
      if (!L.Recipe && parseMakeAssignment(T, L.Begin, L.End, Name, VB) &&
          isCudaRootVariable(Name))
        continue;
      for (const MakeWord &W : wordsOf(T, L.Begin, L.End, L.Recipe))
        if (!ReplacedNvcc.count(W.Begin) && mentionsNvccCommand(W.Text)) {
          note(W.Begin, "'" + W.Text + "' still runs nvcc: change it by hand",
               BuildNoteKind::NvccLeft);
          break;
        }
    }
  }

  /// Removes T[B, E) and the blanks around it that would be left over.
  void removeWords(size_t B, size_t E) {
    size_t WB = B;
    while (B > 0 && (T[B - 1] == ' ' || T[B - 1] == '\t'))
      --B;
    if (B == 0 || T[B - 1] == '\n') {
      // First on its line: keep the indentation, drop the blanks after.
      size_t LS = B;
      B = WB;
      while (E < T.size() && (T[E] == ' ' || T[E] == '\t'))
        ++E;
      // Alone on the last line of a continued line: drop the line and the
      // previous line's " \" too, so no blank line is left.
      size_t K = LS ? LS - 1 : 0;
      if (K > 0 && T[K - 1] == '\r')
        --K;
      if ((E >= T.size() || T[E] == '\n' || T[E] == '\r') && K > 0 &&
          T[K - 1] == '\\') {
        B = K - 1;
        while (B > 0 && (T[B - 1] == ' ' || T[B - 1] == '\t'))
          --B;
      }
    }
    edit(B, E, "");
  }

  void plainWords(const std::vector<MakeWord> &Ws) {
    for (const MakeWord &W : Ws)
      plainWord(W);
  }

  /// -l<CUDA library>, and $(CUDA_PATH)... paths.
  void plainWord(const MakeWord &W) {
    StringRef S = W.Text;
    if (S.contains("$(eval "))
      return; // its assignments are assignments (MakeModel)
    if (S.starts_with("-l")) {
      if (const BuildRule *R =
              Ctx.Rules->lookup(BuildRuleKind::Library, S.drop_front(2))) {
        if (R->hasHip()) {
          edit(W.Begin, W.End, "-l" + R->Hip[0]);
        } else if (R->Remove) {
          removeWords(W.Begin, W.End);
          note(W.Begin, S + " taken out: " + R->Notes);
        } else {
          note(W.Begin, S + " left as written: " + R->Notes);
        }
      }
      return;
    }
    // $(CUDA_PATH)/include, -L$(CUDA_PATH)/lib64, ...
    for (size_t I = S.find('$'); I != StringRef::npos; I = S.find('$', I + 1)) {
      if (I + 1 >= S.size() || (S[I + 1] != '(' && S[I + 1] != '{'))
        continue;
      char Close = S[I + 1] == '(' ? ')' : '}';
      size_t E = S.find(Close, I);
      if (E == StringRef::npos)
        return;
      if (!isCudaRootVariable(S.slice(I + 2, E)))
        continue;
      size_t End = E + 1;
      std::string New = "$(ROCM_PATH)";
      if (S.substr(End).starts_with("/lib64")) {
        End += 6;
        New += "/lib";
      }
      edit(W.Begin + I, W.Begin + End, New);
      NeedHipcxx = true; // ROCM_PATH needs its definition
    }
  }
};

} // namespace

CMakeMigration migrateMake(StringRef Path, StringRef Text,
                           const MakeMigrationContext &Ctx) {
  return MakeMigrator(Path, Text, Ctx).run();
}

} // namespace hipwright
