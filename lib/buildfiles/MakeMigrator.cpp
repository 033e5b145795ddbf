//===- MakeMigrator.cpp - a GNU Makefile of a CUDA build, for HIP ---------===//
#include "buildfiles/MakeMigrator.h"
#include "buildfiles/MakeSyntax.h"
#include "buildfiles/NvccFlags.h"
#include "support/LineIndex.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <set>

using namespace llvm;

namespace hipwright {

namespace {

bool isNvccProgram(StringRef W) { return W == "nvcc" || W.ends_with("/nvcc"); }

/// $(NAME) or ${NAME}: NAME; empty otherwise.
StringRef reference(StringRef W) {
  if (W.size() > 3 && W[0] == '$' &&
      ((W[1] == '(' && W.back() == ')') || (W[1] == '{' && W.back() == '}')))
    return W.slice(2, W.size() - 1);
  return {};
}

bool isCudaRootVariable(StringRef N) {
  return N == "CUDA_PATH" || N == "CUDA_HOME" || N == "CUDA_ROOT" ||
         N == "CUDA_DIR" || N == "CUDA_INSTALL_PATH" ||
         N == "CUDA_TOOLKIT_ROOT";
}

class MakeMigrator {
public:
  MakeMigrator(StringRef Path, StringRef Text, const MakeMigrationContext &Ctx)
      : Path(Path), T(Text), Ctx(Ctx), Lines(Text) {}

  CMakeMigration run() {
    std::vector<LogicalLine> LLs = logicalLines(T);
    // Pass 1: which variables name the compiler (NVCC = nvcc, or already
    // $(HIPCXX) in a migrated file), and whether HIPCXX is defined.
    for (const LogicalLine &L : LLs) {
      if (L.Recipe)
        continue;
      StringRef Name, Op;
      size_t ValueBegin;
      if (!assignment(L, Name, Op, ValueBegin))
        continue;
      if (Name == "HIPCXX")
        HasHipcxx = true;
      std::vector<MakeWord> Ws = wordsOf(T, ValueBegin, L.End, false);
      if (!Ws.empty() &&
          (isNvccProgram(Ws[0].Text) || Ws[0].Text == "$(HIPCXX)"))
        CompilerVars.insert(Name.str());
    }
    for (const LogicalLine &L : LLs)
      line(L);
    if (NeedHipcxx && !HasHipcxx) {
      // Before the first line that is not a comment, so every use (a :=
      // assignment too) sees the definitions; the header comment stays
      // first.
      size_t At = T.size();
      for (const LogicalLine &L : LLs) {
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
    Out.Notes = std::move(Notes);
    return Out;
  }

private:
  StringRef Path;
  StringRef T;
  const MakeMigrationContext &Ctx;
  LineIndex Lines;
  std::vector<Replacement> Edits;
  std::vector<BuildNote> Notes;
  std::set<std::string> CompilerVars;
  bool HasHipcxx = false, NeedHipcxx = false;

  void note(size_t Offset, const Twine &Msg) {
    Notes.push_back({Lines.lineAndColumn(unsigned(Offset)).first, Msg.str()});
  }
  void edit(size_t B, size_t E, std::string Text) {
    Edits.push_back(
        {Path.str(), unsigned(B), unsigned(E - B), std::move(Text)});
  }
  void useHipcxx() { NeedHipcxx = true; }

  /// NAME op value: sets the parts; false for other lines.
  bool assignment(const LogicalLine &L, StringRef &Name, StringRef &Op,
                  size_t &ValueBegin) const {
    StringRef S = T.slice(L.Begin, L.End);
    size_t I = 0;
    auto SkipBlank = [&] {
      while (I < S.size() && (S[I] == ' ' || S[I] == '\t'))
        ++I;
    };
    SkipBlank();
    for (StringRef Kw : {"export ", "override "})
      if (S.substr(I).starts_with(Kw)) {
        I += Kw.size();
        SkipBlank();
      }
    size_t NB = I;
    while (I < S.size() &&
           (isAlnum(S[I]) || S[I] == '_' || S[I] == '.' || S[I] == '-'))
      ++I;
    if (I == NB)
      return false;
    Name = S.slice(NB, I);
    SkipBlank();
    for (StringRef O : {":::=", "::=", ":=", "?=", "+=", "!=", "="})
      if (S.substr(I).starts_with(O)) {
        Op = O;
        ValueBegin = L.Begin + I + O.size();
        return true;
      }
    return false;
  }

  void line(const LogicalLine &L) {
    StringRef Name, Op;
    size_t ValueBegin = L.Begin;
    bool Assign = !L.Recipe && assignment(L, Name, Op, ValueBegin);
    if (!L.Recipe && !Assign) {
      // Rule lines, directives, comments: only library and path words.
      plainWords(wordsOf(T, L.Begin, L.End, false));
      return;
    }
    std::vector<MakeWord> Ws = wordsOf(T, ValueBegin, L.End, L.Recipe);
    if (Assign && isCudaRootVariable(Name)) {
      note(L.Begin, Name + " is no longer used by the migrated commands "
                           "(they use $(ROCM_PATH)); remove it when done");
      return;
    }
    bool Flags = Assign &&
                 (StringRef(Name).contains("NVCC") ||
                  StringRef(Name).contains("CUDA")) &&
                 StringRef(Name).contains("FLAGS");
    size_t First = 0;
    if (Assign && CompilerVars.count(Name.str()) && !Ws.empty() &&
        isNvccProgram(Ws[0].Text)) {
      edit(Ws[0].Begin, Ws[0].End, "$(HIPCXX)");
      useHipcxx();
      First = 1;
      Flags = true;
    }
    if (L.Recipe)
      First = recipe(L, Ws);
    if (First == SIZE_MAX)
      return;
    if (Flags || L.Recipe)
      flags(Ws, First);
    else
      plainWords(Ws);
  }

  /// A recipe line: finds the compiler word (nvcc or a compiler variable),
  /// adds -x hip (compiles) or --hip-link (links) after it. Returns the
  /// index of the first flag word, or SIZE_MAX when nvcc is not called.
  size_t recipe(const LogicalLine &L, const std::vector<MakeWord> &Ws) {
    size_t C = SIZE_MAX;
    for (size_t I = 0; I < Ws.size(); ++I) {
      StringRef W = Ws[I].Text;
      StringRef Ref = reference(W);
      if (isNvccProgram(W) || (!Ref.empty() && CompilerVars.count(Ref.str()))) {
        C = I;
        break;
      }
    }
    if (C == SIZE_MAX) {
      plainWords(Ws);
      return SIZE_MAX;
    }
    if (isNvccProgram(Ws[C].Text)) {
      edit(Ws[C].Begin, Ws[C].End, "$(HIPCXX)");
      useHipcxx();
    }
    bool Compile = false, Dlink = false, HasMode = false, CuInput = false;
    for (size_t I = C + 1; I < Ws.size(); ++I) {
      StringRef W = Ws[I].Text;
      if (W == "-c" || W == "-dc" || W == "--device-c" || W == "--compile")
        Compile = true;
      if (W == "-dlink" || W == "--device-link")
        Dlink = true;
      if (W.ends_with(".cu"))
        CuInput = true;
      if (W == "--hip-link" ||
          (W == "-x" && I + 1 < Ws.size() && Ws[I + 1].Text == "hip"))
        HasMode = true;
      if (W == "&&" || W == ";" || W == "|")
        break;
    }
    if (Dlink) {
      note(Ws[C].Begin, "an nvcc device-link step (-dlink): clang links "
                        "device code at the final link (-fgpu-rdc "
                        "--hip-link); remove this step and its output");
      return C + 1;
    }
    // clang compiles .cu as CUDA unless told; a link of objects needs
    // --hip-link for the HIP runtime and the device link of -fgpu-rdc code.
    if (!HasMode)
      edit(Ws[C].End, Ws[C].End,
           Compile || CuInput ? " -x hip" : " --hip-link");
    return C + 1;
  }

  void flags(const std::vector<MakeWord> &Ws, size_t First) {
    std::vector<std::string> Archs;
    for (const std::string &A : Ctx.Architectures)
      Archs.push_back("--offload-arch=" + A);
    bool ArchDone = false;
    for (size_t I = First; I < Ws.size(); ++I) {
      const MakeWord &W = Ws[I];
      if (W.Text == "&&" || W.Text == ";" || W.Text == "|")
        ArchDone = false;
      StringRef Next = I + 1 < Ws.size() ? Ws[I + 1].Text : StringRef();
      std::optional<NvccFlagTranslation> Tr =
          W.Text.starts_with("-") ? translateNvccFlag(W.Text, Next, &Archs)
                                  : std::nullopt;
      if (!Tr) {
        plainWord(W);
        continue;
      }
      if (Tr->Words == 2 && Next.empty()) {
        note(W.Begin, "nvcc flag '" + W.Text + "' left as written: no value");
        continue;
      }
      const MakeWord &L = Ws[I + Tr->Words - 1];
      std::string Shown = T.slice(W.Begin, L.End).str();
      bool IsArch = Tr->Note.find("NVIDIA architecture") != std::string::npos;
      if (IsArch && ArchDone) // one set of AMD targets per command
        Tr->Hip.clear();
      ArchDone |= IsArch;
      if (Tr->Hip.empty()) {
        size_t B = W.Begin, E = L.End;
        while (B > 0 && (T[B - 1] == ' ' || T[B - 1] == '\t'))
          --B;
        if (B == 0 || T[B - 1] == '\n') {
          // First on its line: keep the indentation, drop the blanks after.
          size_t LS = B;
          B = W.Begin;
          while (E < T.size() && (T[E] == ' ' || T[E] == '\t'))
            ++E;
          // Alone on the last line of a continued line: drop the line and
          // the previous line's " \" too, so no blank line is left.
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
  }

  void plainWords(const std::vector<MakeWord> &Ws) {
    for (const MakeWord &W : Ws)
      plainWord(W);
  }

  /// -l<CUDA library>, and $(CUDA_PATH)... paths.
  void plainWord(const MakeWord &W) {
    StringRef S = W.Text;
    if (S.starts_with("-l")) {
      if (const BuildRule *R =
              Ctx.Rules->lookup(BuildRuleKind::Library, S.drop_front(2))) {
        if (R->hasHip())
          edit(W.Begin, W.End, "-l" + R->Hip[0]);
        else
          note(W.Begin, S + " left as written: " + R->Notes);
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
      useHipcxx(); // ROCM_PATH needs its definition
    }
  }
};

} // namespace

CMakeMigration migrateMake(StringRef Path, StringRef Text,
                           const MakeMigrationContext &Ctx) {
  return MakeMigrator(Path, Text, Ctx).run();
}

} // namespace hipwright
