//===- SourceScan.cpp - what a token pass sees in one CUDA file -----------===//
#include "report/SourceScan.h"
#include "support/DirectiveText.h"

#include "frontend/RawLexer.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Regex.h"

#include <algorithm>
#include <optional>

using namespace llvm;

namespace hipwright {

unsigned nvidiaOnlyArchFloor(StringRef Condition) {
  // The arch the port compiles AMD device code as (docs/cli.md).
  constexpr unsigned PortedArch = 800;
  unsigned Floor = 0;
  static const Regex Compare(
      "__CUDA_ARCH(_SPECIFIC|_FAMILY_SPECIFIC)?__[[:space:]]*(>=|>)[[:space:]]*"
      "([0-9]+)");
  static const Regex Feature("__CUDA_ARCH_FEAT_SM([0-9]+)");
  StringRef Rest = Condition;
  SmallVector<StringRef, 4> M;
  while (Compare.match(Rest, &M)) {
    unsigned N = 0;
    if (!M[3].getAsInteger(10, N)) {
      unsigned F = M[2] == ">" ? N + 1 : N;
      Floor = std::max(Floor, F);
    }
    Rest = Rest.substr(M[0].data() - Rest.data() + M[0].size());
  }
  Rest = Condition;
  while (Feature.match(Rest, &M)) {
    unsigned N = 0;
    if (!M[1].getAsInteger(10, N))
      Floor = std::max(Floor, N * 10);
    Rest = Rest.substr(M[0].data() - Rest.data() + M[0].size());
  }
  // A negated or upper-bounded test (`!(__CUDA_ARCH__ >= 900)`,
  // `__CUDA_ARCH__ < 900`) selects the generic side: not a gate.
  if (Condition.contains('!') || Condition.contains("<"))
    return 0;
  return Floor > PortedArch ? Floor : 0;
}

namespace {

/// One past the end of the logical line starting at \p Off (backslash
/// continuations joined).
size_t logicalLineEnd(StringRef Text, size_t Off) {
  while (true) {
    size_t NL = Text.find('\n', Off);
    if (NL == StringRef::npos)
      return Text.size();
    size_t Last = NL;
    while (Last > Off && (Text[Last - 1] == '\r' || Text[Last - 1] == ' ' ||
                          Text[Last - 1] == '\t'))
      --Last;
    if (Last > Off && Text[Last - 1] == '\\') {
      Off = NL + 1;
      continue;
    }
    return NL;
  }
}

bool isIdent(const RawToken &T) { return T.Kind == clang::tok::raw_identifier; }

class Scanner {
public:
  Scanner(StringRef Text, const LibraryTable &Libs)
      : Text(Text), Libs(Libs), Toks(lexRawTokens(Text, rawScanLangOptions())) {
    for (size_t I = 0; I < Text.size(); ++I)
      if (Text[I] == '\n')
        LineStarts.push_back(I + 1);
  }

  SourceScanResult run() {
    for (size_t I = 0; I < Toks.size();) {
      const RawToken &T = Toks[I];
      if (T.Kind == clang::tok::hash && T.StartOfLine) {
        I = directive(I);
        continue;
      }
      use(I);
      if (T.Kind == clang::tok::lesslessless && !R.Launches++)
        R.FirstLaunchLine = lineOf(T.Offset);
      if (isIdent(T) && (T.Text == "__global__" || T.Text == "__device__"))
        R.DeviceCode = true;
      if (isIdent(T) && T.Text == "__device__")
        deviceFunction(I);
      if (isIdent(T))
        typeName(I);
      if (isIdent(T) && T.Text == "__global__") {
        I = kernel(I);
        continue;
      }
      ++I;
    }
    return std::move(R);
  }

private:
  StringRef Text;
  const LibraryTable &Libs;
  std::vector<RawToken> Toks;
  std::vector<size_t> LineStarts{0};
  SourceScanResult R;
  /// Open #if blocks: the gate's index (or -1), where the block starts and
  /// which of its branches the scan is in (0 until its first #elif/#else).
  struct Open {
    int Gate;
    unsigned Line;         ///< of the #if that opened it
    unsigned Branch;       ///< branches seen after the #if
    std::string Directive; ///< the current branch's, collapsed
  };
  std::vector<Open> Stack;

  unsigned lineOf(size_t Off) const {
    return std::upper_bound(LineStarts.begin(), LineStarts.end(), Off) -
           LineStarts.begin();
  }

  void addUse(const LibraryRow *L, size_t Off, std::string How) {
    R.Uses.push_back({L, lineOf(Off), Off, std::move(How)});
  }

  /// A library named by token \p I: a namespace qualifier or an API prefix.
  void use(size_t I) {
    const RawToken &T = Toks[I];
    if (!isIdent(T))
      return;
    bool Qualifier = I + 1 < Toks.size() &&
                     Toks[I + 1].Kind == clang::tok::coloncolon &&
                     !(I > 0 && Toks[I - 1].Kind == clang::tok::coloncolon &&
                       I > 1 && isIdent(Toks[I - 2]));
    bool UsingNamespace =
        I > 1 && Toks[I - 1].Text == "namespace" && Toks[I - 2].Text == "using";
    if (Qualifier || UsingNamespace)
      if (const LibraryRow *L = Libs.byNamespace(T.Text)) {
        addUse(L, T.Offset, T.Text.str() + "::");
        return;
      }
    if (const LibraryRow *L = Libs.byIdentifier(T.Text))
      addUse(L, T.Offset, T.Text.str());
  }

  /// Handles the directive whose '#' is token \p I; returns the index of
  /// the first token after it. Only #include and the #if family matter;
  /// the tokens of other directives (#define bodies) still count as uses.
  size_t directive(size_t I) {
    size_t Begin = Toks[I].Offset;
    size_t End = logicalLineEnd(Text, Begin);
    size_t Next = I + 1;
    auto After = [&] {
      while (Next < Toks.size() && Toks[Next].Offset < End)
        ++Next;
      return Next;
    };
    if (Next >= Toks.size() || Toks[Next].Offset >= End)
      return After();
    StringRef Name = Toks[Next].Text;
    StringRef Rest = Text.slice(Toks[Next].Offset + Name.size(), End).trim();
    unsigned Line = lineOf(Begin);
    if (Name == "include" || Name == "include_next") {
      if (Rest.size() > 2 && (Rest[0] == '<' || Rest[0] == '"')) {
        char Close = Rest[0] == '<' ? '>' : '"';
        size_t E = Rest.find(Close, 1);
        if (E != StringRef::npos) {
          StringRef Path = Rest.slice(1, E);
          if (const LibraryRow *L = Libs.byHeader(Path))
            addUse(L, Begin, "#include " + Rest.substr(0, E + 1).str());
          ScannedInclude Inc{Path.str(), Rest[0] == '"', Line, 0, 0, ""};
          if (!Stack.empty()) {
            Inc.ChainLine = Stack.back().Line;
            Inc.Branch = Stack.back().Branch;
            Inc.BranchDirective = Stack.back().Directive;
          }
          R.Includes.push_back(std::move(Inc));
        }
      }
      return After();
    }
    if (Name == "if" || Name == "ifdef" || Name == "ifndef") {
      int Gate = -1;
      if (Name == "if" && nvidiaOnlyArchFloor(Rest)) {
        Gate = R.Gates.size();
        R.Gates.push_back({Line, collapseDirectiveText(Rest), 0});
      }
      Stack.push_back(
          {Gate, Line, 0,
           collapseDirectiveText("#" + Name.str() + " " + Rest.str())});
      return After();
    }
    if (Name == "elif" || Name == "else" || Name == "elifdef" ||
        Name == "elifndef") {
      if (!Stack.empty()) {
        Open &O = Stack.back();
        if (O.Gate >= 0 && !R.Gates[O.Gate].AlternativeLine)
          R.Gates[O.Gate].AlternativeLine = Line;
        ++O.Branch;
        O.Directive =
            collapseDirectiveText("#" + Name.str() + " " + Rest.str());
      }
      return After();
    }
    if (Name == "endif") {
      if (!Stack.empty())
        Stack.pop_back();
      return After();
    }
    if (Name == "define" && Next + 2 < Toks.size() && isIdent(Toks[Next + 1]) &&
        Toks[Next + 2].Kind == clang::tok::l_paren &&
        !Toks[Next + 2].LeadingSpace && Toks[Next + 2].Offset < End) {
      // A function-like macro: its replacement follows the parameters.
      size_t Close = Text.find(')', Toks[Next + 2].Offset);
      if (Close != StringRef::npos && Close < End)
        R.Macros.push_back({Toks[Next + 1].Text.str(),
                            collapseDirectiveText(Text.slice(Close + 1, End))});
    }
    return Next; // #define and the rest: their tokens are read as code
  }

  /// Whether the current position is in an #elif/#else of an NVIDIA-only
  /// #if (the other path).
  bool inGateAlternative() const {
    for (auto It = Stack.rbegin(); It != Stack.rend(); ++It)
      if (It->Gate >= 0)
        return It->Branch > 0;
    return false;
  }

  /// Whether a body's code is all inside NVIDIA-only branches.
  struct BodyGating {
    int Gate = -1;        ///< the first such branch seen
    bool AllGated = true; ///< no code outside one (but a trivial #else)
    void see(const RawToken &T, int Current, bool Alternative) {
      if (Current >= 0) {
        if (Gate < 0)
          Gate = Current;
        return;
      }
      if (T.Kind == clang::tok::r_brace || T.Kind == clang::tok::semi)
        return; // the body's closing brace, an empty statement
      if (Alternative && isTrivialAlternative(T))
        return;
      AllGated = false;
    }
    /// What an #else that gives up may hold: a trap, an assert, a message.
    static bool isTrivialAlternative(const RawToken &T) {
      if (T.Kind == clang::tok::raw_identifier)
        return T.Text == "__trap" || T.Text == "__builtin_trap" ||
               T.Text == "__builtin_unreachable" || T.Text == "assert" ||
               T.Text == "printf" || T.Text == "return" || T.Text == "asm" ||
               T.Text == "volatile" || T.Text == "__threadfence" ||
               T.Text == "static_assert" || T.Text == "false";
      return T.Kind != clang::tok::raw_identifier;
    }
  };

  /// The innermost NVIDIA-only branch the current position is in, or -1.
  int currentGate() const {
    for (auto It = Stack.rbegin(); It != Stack.rend(); ++It)
      if (It->Gate >= 0 && It->Branch == 0)
        return It->Gate;
    return -1;
  }

  /// What precedes a function definition's body.
  struct Declarator {
    StringRef Name;
    size_t ParamsOpen = 0; ///< token index of the parameter list's '('
    size_t ParamsClose = 0;
    size_t Body = 0; ///< token index of '{'; 0: a declaration, no body
    size_t End = 0;  ///< when Body is 0: the token after the ';'
  };

  /// Reads the declarator after the specifier at token \p I (__global__,
  /// __device__) up to the body's '{'; nullopt when this is no function.
  std::optional<Declarator> declarator(size_t I) {
    Declarator D;
    size_t J = I + 1;
    int Angle = 0;
    // Declarator up to the parameter list: the name is the last identifier
    // outside template arguments; attribute-like macros are skipped whole.
    for (; J < Toks.size(); ++J) {
      const RawToken &T = Toks[J];
      if (T.Kind == clang::tok::hash && T.StartOfLine)
        return std::nullopt;
      if (T.Kind == clang::tok::semi || T.Kind == clang::tok::l_brace ||
          T.Kind == clang::tok::r_brace)
        return std::nullopt;
      if (isIdent(T) && (T.Text == "__launch_bounds__" ||
                         T.Text == "__attribute__" || T.Text == "__declspec" ||
                         T.Text == "alignas" || T.Text == "__cluster_dims__")) {
        J = skipParens(J + 1);
        if (J >= Toks.size())
          return std::nullopt;
        --J; // the loop's ++J lands on the token after the group
        continue;
      }
      if (T.Kind == clang::tok::less && J > 0 && isIdent(Toks[J - 1])) {
        ++Angle;
        continue;
      }
      if (T.Kind == clang::tok::greater && Angle > 0) {
        --Angle;
        continue;
      }
      if (Angle == 0 && isIdent(T))
        D.Name = T.Text;
      if (Angle == 0 && T.Kind == clang::tok::l_paren)
        break;
    }
    if (J >= Toks.size() || D.Name.empty())
      return std::nullopt;
    D.ParamsOpen = J;
    J = skipParens(J);
    D.ParamsClose = J - 1;
    // Trailing parts up to the body or the ';' of a declaration.
    for (; J < Toks.size(); ++J) {
      if (Toks[J].Kind == clang::tok::semi) {
        D.End = J + 1;
        return D;
      }
      if (Toks[J].Kind == clang::tok::l_brace)
        break;
      if (Toks[J].Kind == clang::tok::hash && Toks[J].StartOfLine)
        return std::nullopt;
    }
    if (J >= Toks.size())
      return std::nullopt;
    D.Body = J;
    return D;
  }

  /// The names in the `template <...>` list that ends right before the
  /// specifiers in front of token \p I.
  std::vector<std::string> templateParams(size_t I) const {
    size_t J = I;
    while (J > 0 && isIdent(Toks[J - 1]) &&
           StringRef(Toks[J - 1].Text).starts_with("__"))
      --J; // __host__, __forceinline__
    while (J > 0 && isIdent(Toks[J - 1]) &&
           (Toks[J - 1].Text == "static" || Toks[J - 1].Text == "inline" ||
            Toks[J - 1].Text == "constexpr" || Toks[J - 1].Text == "extern"))
      --J;
    if (J == 0 || Toks[J - 1].Kind != clang::tok::greater)
      return {};
    int Depth = 0;
    size_t K = J - 1;
    for (;; --K) {
      if (Toks[K].Kind == clang::tok::greater)
        ++Depth;
      else if (Toks[K].Kind == clang::tok::less && --Depth == 0)
        break;
      if (K == 0 || Toks[K].Kind == clang::tok::semi)
        return {};
    }
    if (K == 0 || !Toks[K - 1].isIdent("template"))
      return {};
    std::vector<std::string> Names;
    for (size_t P = K + 1; P + 1 < J; ++P)
      if (isIdent(Toks[P]) &&
          (Toks[P + 1].Kind == clang::tok::comma ||
           Toks[P + 1].Kind == clang::tok::equal || P + 2 == J))
        Names.push_back(Toks[P].Text.str());
    return Names;
  }

  ScannedKernel startFunction(size_t I, const Declarator &D) {
    ScannedKernel K;
    K.Name = D.Name.str();
    K.Line = lineOf(Toks[I].Offset);
    K.BodyBegin = Toks[D.Body].Offset;
    K.ParamsBegin = Toks[D.ParamsOpen].Offset;
    K.ParamsEnd = Toks[D.ParamsClose].Offset + 1;
    K.TemplateParams = templateParams(I);
    return K;
  }

  /// Records the __device__ function defined at token \p I, if it is one.
  /// Consumes nothing: the main loop reads its tokens as before.
  void deviceFunction(size_t I) {
    std::optional<Declarator> D = declarator(I);
    if (!D || !D->Body)
      return;
    for (size_t J = I; J < D->Body; ++J)
      if (Toks[J].isIdent("operator"))
        return; // a conversion or operator member: no helper by name
    ScannedKernel F = startFunction(I, *D);
    unsigned Depth = 0;
    for (size_t J = D->Body; J < Toks.size(); ++J) {
      if (Toks[J].Directive >= 0)
        continue;
      if (Toks[J].Kind == clang::tok::l_brace)
        ++Depth;
      else if (Toks[J].Kind == clang::tok::r_brace && --Depth == 0) {
        F.BodyEnd = Toks[J].Offset + 1;
        R.DeviceFunctions.push_back(std::move(F));
        return;
      }
    }
  }

  /// A type the file declares: `struct NAME`, `using NAME =`.
  void typeName(size_t I) {
    const RawToken &T = Toks[I];
    if (I + 1 >= Toks.size() || !isIdent(Toks[I + 1]))
      return;
    bool Decl = T.Text == "struct" || T.Text == "class" || T.Text == "union" ||
                T.Text == "enum";
    bool Alias = T.Text == "using" && I + 2 < Toks.size() &&
                 Toks[I + 2].Kind == clang::tok::equal;
    if (Decl || Alias)
      R.Types.push_back(Toks[I + 1].Text.str());
  }

  /// Reads the __global__ definition at token \p I; returns the index
  /// after what it consumed (the body's end, or the token after
  /// __global__ when this is no definition).
  size_t kernel(size_t I) {
    std::optional<Declarator> D = declarator(I);
    if (!D)
      return I + 1;
    if (!D->Body)
      return D->End;
    size_t J = D->Body;
    ScannedKernel K = startFunction(I, *D);
    K.Gate = currentGate();
    BodyGating Gating;
    // The body: braces counted, directives inside it handled as usual so
    // the #if stack stays right, library uses recorded.
    unsigned Depth = 0;
    for (; J < Toks.size();) {
      const RawToken &T = Toks[J];
      if (T.Kind == clang::tok::hash && T.StartOfLine) {
        J = directive(J);
        continue;
      }
      if (T.Kind == clang::tok::l_brace)
        ++Depth;
      else if (T.Kind == clang::tok::r_brace && --Depth == 0) {
        K.BodyEnd = T.Offset + 1;
        if (K.Gate < 0 && Gating.AllGated && Gating.Gate >= 0)
          K.BodyGate = Gating.Gate;
        R.Kernels.push_back(std::move(K));
        return J + 1;
      }
      if (K.Gate < 0 && !(Depth == 1 && T.Kind == clang::tok::l_brace &&
                          Toks[J].Offset == K.BodyBegin))
        Gating.see(T, currentGate(), inGateAlternative());
      if (isIdent(T))
        typeName(J);
      use(J);
      ++J;
    }
    // Unterminated body (a truncated file): keep what was read.
    K.BodyEnd = Text.size();
    R.Kernels.push_back(std::move(K));
    return J;
  }

  /// Index after the parenthesized group starting at token \p J ('(');
  /// \p J itself when it is no '('.
  size_t skipParens(size_t J) {
    if (J >= Toks.size() || Toks[J].Kind != clang::tok::l_paren)
      return J;
    unsigned Depth = 0;
    for (; J < Toks.size(); ++J) {
      if (Toks[J].Kind == clang::tok::l_paren)
        ++Depth;
      else if (Toks[J].Kind == clang::tok::r_paren && --Depth == 0)
        return J + 1;
    }
    return J;
  }
};

} // namespace

SourceScanResult scanSource(StringRef Text, const LibraryTable &Libraries) {
  // clang's lexer reads up to a NUL after the buffer's end; a StringRef
  // need not have one, a std::string always does.
  std::string Copy = Text.str();
  return Scanner(Copy, Libraries).run();
}

} // namespace hipwright
