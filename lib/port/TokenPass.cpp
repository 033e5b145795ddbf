//===- TokenPass.cpp - translating a file token by token ------------------===//
#include "port/TokenPass.h"
#include "frontend/RawLexer.h"
#include "port/CompatHeader.h"
#include "port/HipHeaderOrder.h"
#include "support/LineIndex.h"

#include "clang/Basic/IdentifierTable.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"

#include <algorithm>
#include <optional>
#include <vector>

using namespace llvm;
using clang::tok::TokenKind;

namespace hipwright {

namespace {

/// CUDA's version macros have no HIP twin with the same meaning. They are
/// renamed to hipwright macros that a prologue at the top of the file
/// defines, so `#if CUDART_VERSION >= 11000` keeps choosing the branch it
/// chose under CUDA 13.0, and `__CUDA_ARCH__ >= 800` keeps working in the
/// device pass (as the sm_80 path; -DHIPWRIGHT_CUDA_ARCH=N chooses another).
struct VersionMacro {
  StringRef Cuda;
  StringRef Hip;
  StringRef Definition; ///< prologue lines defining Hip
};

const VersionMacro kVersionMacros[] = {
    {"__CUDA_ARCH__", "HIPWRIGHT_CUDA_ARCH",
     "#if defined(__HIP_DEVICE_COMPILE__) && !defined(HIPWRIGHT_CUDA_ARCH)\n"
     "#define HIPWRIGHT_CUDA_ARCH 800 // hipwright: AMD device code takes the "
     "__CUDA_ARCH__ paths of this CUDA arch\n"
     "#endif\n"},
    {"CUDART_VERSION", "HIPWRIGHT_CUDART_VERSION",
     "#ifndef HIPWRIGHT_CUDART_VERSION\n"
     "#define HIPWRIGHT_CUDART_VERSION 13000 // hipwright: CUDA runtime "
     "version this port was made from\n"
     "#endif\n"},
    {"CUDA_VERSION", "HIPWRIGHT_CUDA_VERSION",
     "#ifndef HIPWRIGHT_CUDA_VERSION\n"
     "#define HIPWRIGHT_CUDA_VERSION 13000 // hipwright: CUDA driver API "
     "version this port was made from\n"
     "#endif\n"},
};

const VersionMacro *findVersionMacro(StringRef Name) {
  for (const VersionMacro &V : kVersionMacros)
    if (V.Cuda == Name)
      return &V;
  return nullptr;
}

/// Names with CUDA's API prefixes; an AST reference to such a name declared
/// in the toolkit but absent from rules/ is reported as unconverted.
bool looksLikeCudaApi(StringRef Name) {
  for (StringRef P : {"cuda", "CUDA_", "cublas", "curand", "cufft", "cusparse",
                      "cusolver", "nccl", "nvtx", "cudnn", "CUBLAS_", "CURAND_",
                      "CUFFT_", "CUSPARSE_", "CUSOLVER_"})
    if (Name.starts_with(P))
      return true;
  // Driver API: cuFoo and CUfoo.
  return Name.size() > 2 &&
         (Name.starts_with("cu") || Name.starts_with("CU")) && isUpper(Name[2]);
}

/// Include paths that belong to the CUDA toolkit but have no row in rules/.
bool looksLikeCudaHeader(StringRef Path) {
  for (StringRef P :
       {"cuda", "cublas", "curand", "cufft", "cusparse", "cusolver", "nccl",
        "nvToolsExt", "nvtx3/", "cub/", "cudnn", "mma.h", "sm_", "nvrtc", "npp",
        "cooperative_groups"})
    if (Path.starts_with(P))
      return true;
  return false;
}

const StringRef kUtf8Bom = "\xEF\xBB\xBF";

class TokenTranslator {
public:
  TokenTranslator(const TokenPassInput &In, TuResult &Out)
      : In(In), Out(Out), Toks(lexRawTokens(In.Buffer, *In.LangOpts)) {}

  void run() {
    for (size_t I = 0; I < Toks.size();) {
      if (Toks[I].Kind == clang::tok::hash && Toks[I].StartOfLine) {
        I = directive(I);
        continue;
      }
      identifier(I, /*InCondition=*/false);
      ++I;
    }
    finishPrologue();
  }

private:
  const TokenPassInput &In;
  TuResult &Out;
  std::vector<RawToken> Toks;
  clang::IdentifierTable Keywords{*In.LangOpts};
  // Every reference and finding needs its line and column: one index of
  // line starts, rather than a scan from the top of the file each time.
  LineIndex Lines{In.Buffer};
  /// The branches (trackConditional) of the latest include of
  /// hip/hip_runtime.h that was not already in effect; nullopt while the
  /// file has none.
  std::optional<std::vector<unsigned>> RuntimeBlocks;
  std::vector<unsigned> Blocks;
  unsigned NextBlock = 1;
  SmallVector<const VersionMacro *, 3> PrologueMacros;
  /// A `struct cudaX` lost its keyword where HIP's runtime was not included
  /// yet (dropTagKeyword).
  bool TagNeedsRuntime = false;
  /// A CUDA function became hipwright's own equivalent (Rule::emulated):
  /// the prologue includes the header that defines it.
  bool NeedsCompatHeader = false;
  /// `assert(...)` appears; the file includes <cassert>/<assert.h> (or
  /// defines assert itself).
  bool AssertUsed = false, AssertIncluded = false;
  /// cuBLAS became hipBLAS here: its half-precision calls want __half.
  bool HipblasIncluded = false;

  size_t lineEnd(size_t I) const {
    size_t J = I + 1;
    while (J < Toks.size() && !Toks[J].StartOfLine)
      ++J;
    return J;
  }

  bool isIdent(size_t I) const {
    return I < Toks.size() && Toks[I].Kind == clang::tok::raw_identifier;
  }

  /// The raw lexer reports keywords as identifiers too.
  bool isKeyword(StringRef Name) {
    return Keywords.get(Name).isKeyword(*In.LangOpts);
  }

  /// Handles the directive starting at the `#` at \p Hash; returns the index
  /// of the first token after it.
  size_t directive(size_t Hash) {
    size_t End = lineEnd(Hash);
    if (!isIdent(Hash + 1) || Hash + 1 >= End)
      return End;
    StringRef Name = Toks[Hash + 1].Text;
    trackConditional(Name);
    if (Name == "include" || Name == "include_next" || Name == "import") {
      includeDirective(Hash + 1);
      return End;
    }
    if (Name == "define") {
      defineDirective(Hash + 2, End);
      return End;
    }
    // The text of #error and #warning is a message, like a comment, even
    // when it is not quoted.
    if (Name == "error" || Name == "warning")
      return End;
    bool Condition = StringSwitch<bool>(Name)
                         .Cases({"if", "elif", "ifdef", "ifndef", "elifdef",
                                 "elifndef", "undef"},
                                true)
                         .Default(false);
    // `#ifdef X` tests definedness just as `defined(X)` does.
    bool DefinedTest = Name == "ifdef" || Name == "ifndef" ||
                       Name == "elifdef" || Name == "elifndef";
    for (size_t I = Hash + 2; I < End; ++I) {
      bool InDefined = DefinedTest && I == Hash + 2;
      if (I >= 2 && isIdent(I - 1) && Toks[I - 1].Text == "defined")
        InDefined = true;
      if (I >= 3 && Toks[I - 1].Kind == clang::tok::l_paren && isIdent(I - 2) &&
          Toks[I - 2].Text == "defined")
        InDefined = true;
      if (InDefined && isIdent(I) && Toks[I].Text == "__CUDA_ARCH__") {
        // defined(__CUDA_ARCH__) asks "is this the device pass?".
        edit(Toks[I], "__HIP_DEVICE_COMPILE__");
        reference(Toks[I], "__HIP_DEVICE_COMPILE__", "preprocessor", true);
        continue;
      }
      identifier(I, Condition);
    }
    return End;
  }

  void includeDirective(size_t Keyword) {
    const RawToken &K = Toks[Keyword];
    StringRef Rest = In.Buffer.substr(K.Offset + K.Length);
    size_t Open = Rest.find_first_not_of(" \t");
    if (Open == StringRef::npos || (Rest[Open] != '<' && Rest[Open] != '"'))
      return; // computed include: nothing to map
    char Close = Rest[Open] == '<' ? '>' : '"';
    size_t CloseAt = Rest.find_first_of(StringRef(&Close, 1), Open + 1);
    size_t Nl = Rest.find('\n');
    if (CloseAt == StringRef::npos || (Nl != StringRef::npos && CloseAt > Nl))
      return;
    StringRef Path = Rest.slice(Open + 1, CloseAt);
    if (Path == "assert.h" || Path == "cassert")
      AssertIncluded = true;
    unsigned PathOffset = K.Offset + K.Length + Open + 1;
    if (Path == "hip/hip_runtime.h")
      runtimeIncludedHere();
    const Rule *R = In.Rules->lookupHeader(Path);
    RawToken PathTok;
    PathTok.Offset = PathOffset;
    PathTok.Length = Path.size();
    PathTok.Text = Path;
    if (!R) {
      if (looksLikeCudaHeader(Path) && inToolkit(Path)) {
        reference(PathTok, "", "unknown", false);
        finding(PathTok, Severity::Warning,
                "CUDA header <" + Path.str() +
                    "> has no mapping in hipwright's rules; left in place",
                "");
      }
      return;
    }
    if (R->hasHip() && tooNew(*R, PathTok, "<" + Path.str() + ">"))
      return;
    if (R->Hip == "hip/hip_runtime.h")
      runtimeIncludedHere();
    if (!R->hasHip()) {
      reference(PathTok, "", R->Family, false);
      finding(PathTok, Severity::Warning,
              "CUDA header <" + Path.str() +
                  "> has no HIP equivalent; left in place",
              R->Notes);
      return;
    }
    if (R->renames())
      edit(PathTok, R->Hip);
    reference(PathTok, R->Hip, R->Family, true);
    if (R->Hip == "hipblas/hipblas.h")
      HipblasIncluded = true;
    if (!runtimeVisibleHere() && needsHipRuntimeFirst(R->Hip)) {
      // ROCm's twin does not stand alone as CUDA's header does: the
      // runtime goes on a line of its own right before it (inside the
      // same #if, if any), so CUDA's include order keeps working.
      size_t LineStart = In.Buffer.rfind('\n', Toks[Keyword - 1].Offset);
      unsigned At = LineStart == StringRef::npos ? 0 : LineStart + 1;
      if (In.Buffer.starts_with(kUtf8Bom))
        At = std::max<unsigned>(At, kUtf8Bom.size());
      Out.Edits.push_back(
          {In.File.str(), At, 0, "#include <hip/hip_runtime.h>\n"});
      runtimeIncludedHere();
    }
  }

  /// The conditional blocks (#if ... #elif/#else ... #endif) around the
  /// current line, outermost first; each branch has its own number.
  void trackConditional(StringRef Name) {
    if (Name == "if" || Name == "ifdef" || Name == "ifndef") {
      Blocks.push_back(NextBlock++);
    } else if (Name == "elif" || Name == "elifdef" || Name == "elifndef" ||
               Name == "else") {
      if (!Blocks.empty())
        Blocks.back() = NextBlock++;
    } else if (Name == "endif") {
      if (!Blocks.empty())
        Blocks.pop_back();
    }
  }

  /// hip/hip_runtime.h is included at this point of the file.
  void runtimeIncludedHere() {
    if (!runtimeVisibleHere())
      RuntimeBlocks = Blocks;
  }

  /// An include of hip/hip_runtime.h earlier in the file is in effect here:
  /// it was in this branch or one that encloses it.
  bool runtimeVisibleHere() const {
    return RuntimeBlocks && RuntimeBlocks->size() <= Blocks.size() &&
           std::equal(RuntimeBlocks->begin(), RuntimeBlocks->end(),
                      Blocks.begin());
  }

  bool inToolkit(StringRef Path) const {
    if (In.ToolkitRoot.empty())
      return true; // no toolkit to ask: keep reporting
    for (const char *Sub : {"/include/", "/include/cccl/"})
      if (llvm::sys::fs::exists(In.ToolkitRoot.str() + Sub + Path.str()))
        return true;
    return false;
  }

  void defineDirective(size_t NameTok, size_t End) {
    if (!isIdent(NameTok))
      return;
    if (Toks[NameTok].Text == "assert")
      AssertIncluded = true; // the file's own assert: leave it alone
    size_t Body = NameTok + 1;
    SmallVector<StringRef, 8> Params;
    // A function-like macro has its '(' right after the name.
    if (Body < End && Toks[Body].Kind == clang::tok::l_paren &&
        Toks[Body].Offset == Toks[NameTok].Offset + Toks[NameTok].Length) {
      for (++Body; Body < End && Toks[Body].Kind != clang::tok::r_paren; ++Body)
        if (isIdent(Body))
          Params.push_back(Toks[Body].Text);
      ++Body;
    }
    for (size_t I = Body; I < End; ++I)
      if (!(isIdent(I) && llvm::is_contained(Params, Toks[I].Text)))
        identifier(I, /*InCondition=*/false);
  }

  /// Decides whether the identifier at \p I is a CUDA name to translate.
  void identifier(size_t I, bool InCondition) {
    if (!isIdent(I))
      return;
    const RawToken &T = Toks[I];
    if (callRuleDecided(T) || namespaceMemberRenamed(T))
      return;
    if (I > 0 && (Toks[I - 1].Kind == clang::tok::period ||
                  Toks[I - 1].Kind == clang::tok::arrow))
      return; // a member of some object, not a CUDA name
    if (I > 1 && Toks[I - 1].Kind == clang::tok::coloncolon) {
      // `X::name` is CUDA's only when X is a CUDA namespace; `T<..>::name`
      // is a class member. After a keyword (`return ::cudaFree(p)`) or a
      // punctuator, `::` names the global scope.
      if (Toks[I - 2].Kind == clang::tok::greater)
        return;
      if (isIdent(I - 2) && !isKeyword(Toks[I - 2].Text)) {
        const Rule *Q = In.Rules->lookup(Toks[I - 2].Text);
        if (!Q || Q->Kind != RuleKind::Namespace)
          return; // qualified by a namespace that is not CUDA's
      }
    }
    if (T.Text == "assert" && I + 1 < Toks.size() &&
        Toks[I + 1].Kind == clang::tok::l_paren)
      AssertUsed = true;
    if (T.Text == "register" && In.LangOpts->CPlusPlus && !InCondition) {
      // nvcc accepts the storage class in C++17 code; clang's HIP mode
      // rejects it ("ISO C++17 does not allow 'register'"). It is only a
      // hint (C++11 already deprecated it): dropping it changes nothing.
      erase(I);
      return;
    }
    if (In.UserNames && In.UserNames->contains(T.Text) && !refersToCuda(T))
      return;
    if (takesLaneMask(T.Text))
      widenLiteralMask(I);
    if (const VersionMacro *V = findVersionMacro(T.Text)) {
      edit(T, V->Hip);
      if (!llvm::is_contained(PrologueMacros, V))
        PrologueMacros.push_back(V);
      reference(T, V->Hip, "preprocessor", true);
      if (T.Text == "__CUDA_ARCH__")
        finding(T, Severity::Warning,
                "__CUDA_ARCH__ compares NVIDIA architectures; AMD device code "
                "now takes the sm_80 branch (HIPWRIGHT_CUDA_ARCH)",
                "Check the chosen branch suits gfx942/gfx950, or define "
                "HIPWRIGHT_CUDA_ARCH to pick another.",
                "unsupported-api.cuda-arch-check");
      (void)InCondition;
      return;
    }
    // The row for the ROCm release the port is for: a name whose HIP twin
    // changed has one row per span of releases.
    const Rule *R = In.Rules->lookupFor(T.Text, In.TargetRocm);
    if (!R) {
      unknownReference(T);
      return;
    }
    if (R->Kind == RuleKind::Header)
      return;
    if (R->erases()) {
      if (!InCondition) {
        erase(I);
        reference(T, "", R->Family, true);
        return;
      }
      // CUDA always defines it, HIP never does: a test of it flips.
      reference(T, "", R->Family, false);
      finding(T, Severity::Warning,
              T.Text.str() +
                  " is tested in a preprocessor condition: CUDA always "
                  "defines it, HIP does not, so the test changes its answer",
              "The port deletes " + T.Text.str() +
                  " where code uses it; drop the test, or keep the branch "
                  "CUDA takes.");
      return;
    }
    if (!R->hasHip()) {
      bool Dead = R->Kind == RuleKind::Enum && commentOutCaseLabel(I);
      reference(T, "", R->Family, /*Converted=*/Dead);
      if (Dead)
        return;
      finding(T, Severity::Warning,
              T.Text.str() + " has no HIP equivalent; left in place", R->Notes);
      return;
    }
    if (tooNew(*R, T, T.Text.str()))
      return;
    if (R->renames()) {
      dropTagKeyword(I, *R);
      edit(T, R->Hip);
    }
    if (R->emulated())
      NeedsCompatHeader = true;
    reference(T, R->Hip, R->Family, true);
  }

  /// `case CUBLAS_STATUS_LICENSE_ERROR:` in a switch that decodes a status.
  /// The HIP library's enum has no such value, so no HIP call can produce
  /// it: the label can never be taken, and left in place it is the one line
  /// that keeps a status-to-string helper (cuda-samples' helper_cuda.h has
  /// several) from compiling. The label becomes a comment; the statements
  /// after it stay, reached as before by falling through from the label
  /// above (if they ever were). Only the plain `case NAME:` shape, with
  /// nothing but blanks between its tokens, is rewritten: anything else
  /// stays as it is and is reported like any other name without a twin.
  bool commentOutCaseLabel(size_t I) {
    if (I == 0 || !isIdent(I - 1) || Toks[I - 1].Text != "case" ||
        I + 1 >= Toks.size() || Toks[I + 1].Kind != clang::tok::colon)
      return false;
    unsigned Begin = Toks[I - 1].Offset;
    unsigned End = Toks[I + 1].Offset + Toks[I + 1].Length;
    StringRef Label = In.Buffer.slice(Begin, End);
    auto Blank = [](char C) { return C == ' ' || C == '\t'; };
    if (!llvm::all_of(
            In.Buffer.slice(Begin + Toks[I - 1].Length, Toks[I].Offset),
            Blank) ||
        !llvm::all_of(In.Buffer.slice(Toks[I].Offset + Toks[I].Length,
                                      Toks[I + 1].Offset),
                      Blank))
      return false;
    Out.Edits.push_back({In.File.str(), Begin, End - Begin,
                         "/* " + Label.str() + " (no HIP twin) */"});
    finding(Toks[I], Severity::Note,
            Toks[I].Text.str() +
                " has no HIP equivalent, so no HIP call returns it: its case "
                "label can never be taken and is commented out",
            "Nothing to do; drop the commented-out label when convenient.",
            "unsupported-api.case-label");
    return true;
  }

  /// `struct cudaGraphicsResource *r` -> `hipGraphicsResource *r`. CUDA
  /// declares some of its types as struct tags, and C code names them with
  /// the keyword; HIP may declare the twin as a typedef of a differently
  /// named tag (`typedef struct _hipGraphicsResource hipGraphicsResource`),
  /// where `struct hipGraphicsResource` does not compile. HIP is C++, where
  /// every type name works without the keyword, so it goes. A declaration
  /// of the tag itself (`struct cudaX;`, `struct cudaX {`, `struct cudaX :`)
  /// keeps it: that is the user's own type, not a use of CUDA's.
  void dropTagKeyword(size_t I, const Rule &R) {
    if (R.Kind != RuleKind::Type || I == 0 || !isIdent(I - 1))
      return;
    StringRef Key = Toks[I - 1].Text;
    if (Key != "struct" && Key != "union" && Key != "class" && Key != "enum")
      return;
    if (I + 1 < Toks.size() && (Toks[I + 1].Kind == clang::tok::semi ||
                                Toks[I + 1].Kind == clang::tok::l_brace ||
                                Toks[I + 1].Kind == clang::tok::colon))
      return;
    Out.Edits.push_back({In.File.str(), Toks[I - 1].Offset,
                         Toks[I].Offset - Toks[I - 1].Offset, ""});
    // With the keyword, `struct cudaGraphicsResource *p;` declared the tag
    // itself and needed no CUDA header (cuda-samples' particleSystem.h
    // includes none); the bare HIP name needs HIP's declaration. Where no
    // include of the runtime is in effect yet, the prologue adds one.
    if (!runtimeVisibleHere())
      TagNeedsRuntime = true;
  }

  /// A row whose HIP twin first shipped after the target ROCm release: the
  /// CUDA spelling stays (a port that does not build is better than one that
  /// silently needs a newer ROCm) and a finding names the release it needs.
  bool tooNew(const Rule &R, const RawToken &T, const std::string &Shown) {
    if (!In.TargetRocm || R.availableIn(*In.TargetRocm))
      return false;
    reference(T, "", R.Family, false);
    if (R.Until && *R.Until < *In.TargetRocm) {
      finding(T, Severity::Warning,
              Shown + " maps to " + R.Hip + ", which ROCm " + R.Until->str() +
                  " was the last to have (target: ROCm " +
                  In.TargetRocm->str() + "); left in place",
              "Port for ROCm " + R.Until->str() + " (--rocm-version " +
                  R.Until->str() + "), or replace it by hand.",
              "unsupported-api.rocm-version");
      return true;
    }
    finding(T, Severity::Warning,
            Shown + " maps to " + R.Hip + ", which needs ROCm " +
                R.Since->str() + " (target: ROCm " + In.TargetRocm->str() +
                "); left in place",
            "Port for ROCm " + R.Since->str() + " or later (--rocm-version " +
                R.Since->str() + "), or replace it by hand.",
            "unsupported-api.rocm-version");
    return true;
  }

  /// Tokens a call rule took care of: the callee it renamed and the
  /// arguments it dropped.
  bool callRuleDecided(const RawToken &T) {
    if (!In.Calls)
      return false;
    for (auto [Offset, Length] : In.Calls->Claimed)
      if (T.Offset >= Offset && T.Offset < Offset + Length)
        return true;
    auto It = In.Calls->CalleeNames.find(T.Offset);
    if (It == In.Calls->CalleeNames.end())
      return false;
    const Rule *R = In.Rules->lookup(T.Text);
    StringRef Family = R ? StringRef(R->Family) : StringRef("unknown");
    if (It->second == T.Text) {
      reference(T, "", Family, false);
      return true;
    }
    edit(T, It->second);
    reference(T, It->second, Family, true);
    return true;
  }

  /// A name the parse resolved into a CUDA namespace whose `member` row
  /// renames it (`cg::reduce` -> `cg::hipwright_reduce`); the qualifier
  /// stays, as HIP's namespace has the same name.
  bool namespaceMemberRenamed(const RawToken &T) {
    if (!In.AstRefs)
      return false;
    auto It = In.AstRefs->find(T.Offset);
    if (It == In.AstRefs->end() || !It->second.NamespaceMember)
      return false;
    const Rule &R = *It->second.NamespaceMember;
    if (!StringRef(R.Cuda).ends_with("::" + T.Text.str()))
      return false; // not the name itself (a macro spelled around it)
    edit(T, R.Hip);
    if (R.emulated())
      NeedsCompatHeader = true;
    reference(T, R.Hip, R.Family, true);
    return true;
  }

  /// Whether the parse resolved this very token to a CUDA declaration. A name
  /// the user declares somewhere (`mylib::cudaMalloc`, a member `cudaFree`)
  /// is still CUDA's where a use resolves into the toolkit (`cudaMalloc(&p,
  /// n)`, `::cudaFree(p)`); where nothing was resolved (the declaration
  /// itself, skipped branches) the user's name wins.
  bool refersToCuda(const RawToken &T) const {
    if (!In.AstRefs)
      return false;
    auto It = In.AstRefs->find(T.Offset);
    return It != In.AstRefs->end() && It->second.DeclaredInCuda;
  }

  /// `__shfl_sync(0xffffffff, ...)` spelled with the literal right there.
  /// The AST pass widens masks it sees, including those spelled in macros;
  /// this catches what no parse sees: code in skipped #if branches (often
  /// `#if __CUDA_ARCH__ >= 700`) and #define bodies never expanded. Both
  /// passes make the identical edit where they overlap, so it is applied once.
  void widenLiteralMask(size_t Callee) {
    size_t Lit = Callee + 2;
    if (Lit + 1 >= Toks.size() ||
        Toks[Callee + 1].Kind != clang::tok::l_paren ||
        Toks[Lit].Kind != clang::tok::numeric_constant ||
        (Toks[Lit + 1].Kind != clang::tok::comma &&
         Toks[Lit + 1].Kind != clang::tok::r_paren))
      return;
    uint64_t Value;
    if (Toks[Lit].Text.rtrim("uUlL").getAsInteger(0, Value) ||
        Value != 0xffffffffULL)
      return;
    edit(Toks[Lit], kFullLaneMask64);
  }

  void unknownReference(const RawToken &T) {
    if (!In.AstRefs)
      return;
    auto It = In.AstRefs->find(T.Offset);
    if (It == In.AstRefs->end() || !It->second.DeclaredInCuda ||
        !looksLikeCudaApi(T.Text))
      return;
    reference(T, "", "unknown", false);
    finding(T, Severity::Warning,
            T.Text.str() +
                " is a CUDA API hipwright has no rule for; left in place",
            "");
  }

  /// Deletes the token at \p I and the blanks after it on its line, so
  /// `void CUDART_CB f()` becomes `void f()`.
  void erase(size_t I) {
    const RawToken &T = Toks[I];
    unsigned End = T.Offset + T.Length;
    while (End < In.Buffer.size() &&
           (In.Buffer[End] == ' ' || In.Buffer[End] == '\t'))
      ++End;
    Out.Edits.push_back({In.File.str(), T.Offset, End - T.Offset, ""});
  }

  void edit(const RawToken &T, StringRef Text) {
    Out.Edits.push_back({In.File.str(), T.Offset, T.Length, Text.str()});
  }

  void reference(const RawToken &T, StringRef Hip, StringRef Family,
                 bool Converted) {
    auto [Line, Col] = Lines.lineAndColumn(T.Offset);
    Out.References.push_back({T.Text.str(), Hip.str(), Family.str(),
                              In.File.str(), T.Offset, Line, Col, Converted});
  }

  void finding(const RawToken &T, Severity Level, std::string Message,
               std::string Suggestion, StringRef RuleId = "unsupported-api") {
    auto [Line, Col] = Lines.lineAndColumn(T.Offset);
    Finding F;
    F.RuleId = RuleId.str();
    F.Level = Level;
    F.File = In.File.str();
    F.Line = Line;
    F.Column = Col;
    F.Message = std::move(Message);
    F.Suggestion = std::move(Suggestion);
    Out.Findings.push_back(std::move(F));
  }

  /// Whether tokens [I, End) read `# Word`.
  bool directiveIs(size_t I, StringRef Word) const {
    return I + 1 < Toks.size() && Toks[I].Kind == clang::tok::hash &&
           Toks[I].StartOfLine && isIdent(I + 1) && Toks[I + 1].Text == Word;
  }

  /// The token index after a leading `#pragma once` or include guard
  /// (`#ifndef X` / `#if !defined(X)` followed by `#define X`); 0 when the
  /// file starts with neither.
  size_t afterLeadingGuard() const {
    if (directiveIs(0, "pragma") && isIdent(2) && Toks[2].Text == "once")
      return lineEnd(0);
    size_t Define = lineEnd(0);
    std::optional<StringRef> Guard;
    if (directiveIs(0, "ifndef") && isIdent(2) && Define == 3)
      Guard = Toks[2].Text;
    else if (directiveIs(0, "if") && Define == 7 &&
             Toks[2].Kind == clang::tok::exclaim && isIdent(3) &&
             Toks[3].Text == "defined" && Toks[4].Kind == clang::tok::l_paren &&
             isIdent(5) && Toks[6].Kind == clang::tok::r_paren)
      Guard = Toks[5].Text;
    if (!Guard || !directiveIs(Define, "define") || !isIdent(Define + 2) ||
        Toks[Define + 2].Text != *Guard)
      return 0;
    return lineEnd(Define);
  }

  /// The implicit runtime include and the version-macro prologue go before
  /// the first line of code: after a leading comment block, and inside the
  /// file's `#pragma once` or include guard, so that the include is not read
  /// again (or, above `#pragma once`, outside what the pragma covers).
  void finishPrologue() {
    std::string Text;
    if ((In.NeedsImplicitRuntimeInclude && !RuntimeBlocks) || TagNeedsRuntime)
      Text += "#include <hip/hip_runtime.h>\n";
    // CUDA's runtime header brings assert for host and device code alike;
    // ROCm 7.2's brings it for the host pass only, so a kernel's assert is
    // undeclared in the device pass unless the file includes <cassert>.
    bool GetsRuntime =
        In.NeedsImplicitRuntimeInclude || RuntimeBlocks || TagNeedsRuntime;
    if (AssertUsed && !AssertIncluded && GetsRuntime)
      Text += "#include <cassert>\n";
    if (NeedsCompatHeader)
      Text += "#include \"" + kCompatHeaderName.str() + "\"\n";
    // cuBLAS takes __half for Hgemm and friends; hipBLAS takes hipblasHalf,
    // which is uint16_t unless this is defined before hipblas.h is read
    // (then it is __half; the same 16 bits, and the C API's symbols do not
    // change). Defining it keeps every such call as written, arguments
    // spelled in macro bodies included.
    if (HipblasIncluded)
      Text += "#ifndef HIPBLAS_USE_HIP_HALF\n#define HIPBLAS_USE_HIP_HALF "
              "// hipwright: hipBLAS takes __half, as cuBLAS does\n#endif\n";
    for (const VersionMacro *V : PrologueMacros)
      Text += V->Definition.str();
    // A file without a single token (empty, blank or only comments) has no
    // code that could rely on the implicit include: it stays as it is.
    if (Text.empty() || Toks.empty())
      return;
    unsigned At = 0;
    if (size_t After = afterLeadingGuard()) {
      // Right after the newline that ends the guard's last line (a trailing
      // comment on that line stays with it).
      const RawToken &Last = Toks[After - 1];
      size_t Nl = In.Buffer.find('\n', Last.Offset + Last.Length);
      if (Nl == StringRef::npos) {
        At = In.Buffer.size();
        Text.insert(0, "\n");
      } else {
        At = Nl + 1;
      }
    } else {
      size_t LineStart = In.Buffer.rfind('\n', Toks.front().Offset);
      At = LineStart == StringRef::npos ? 0 : LineStart + 1;
      // A byte order mark must stay the file's first bytes.
      if (In.Buffer.starts_with(kUtf8Bom))
        At = std::max<unsigned>(At, kUtf8Bom.size());
    }
    Out.Edits.push_back({In.File.str(), At, 0, Text});
  }
};

} // namespace

void runTokenPass(const TokenPassInput &In, TuResult &Out) {
  TokenTranslator(In, Out).run();
}

} // namespace hipwright
