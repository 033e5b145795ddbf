//===- EditEngineFuzzer.cpp - the token pass and edits on arbitrary bytes -===//
//
// libFuzzer target: any byte string is a source file. It goes through the
// token pass (with the real rule tables), the edit merge, continuation
// alignment, edit application and the unified diff, and the results are
// checked against properties that must hold for every input:
//
//   - merged edits are sorted, disjoint and inside the file, before and
//     after continuation alignment;
//   - no edits means the output is the input, byte for byte;
//   - a byte order mark stays the first bytes; a file whose line breaks are
//     all CRLF gets no bare LF;
//   - every reported line and column matches a scan from the top;
//   - the diff, applied like `patch`, turns the input into the output (and
//     the same for two halves of the input, to exercise the diff on
//     unrelated texts).
//
// A violated property aborts, which libFuzzer reports as a crash. Built only
// with -DHIPWRIGHT_FUZZ=ON; see docs/fuzzing.md.
//
//===----------------------------------------------------------------------===//
#include "edit/EditSet.h"
#include "frontend/RawLexer.h"
#include "port/TokenPass.h"
#include "port/UnifiedDiff.h"
#include "rules/RuleTable.h"

#include "../support/ApplyUnifiedDiff.h"

#include "clang/Basic/LangOptions.h"

#include <cstdio>
#include <cstdlib>

using namespace hipwright;

namespace {

void require(bool Ok, const char *What) {
  if (Ok)
    return;
  std::fprintf(stderr, "property violated: %s\n", What);
  std::abort();
}

bool sortedDisjointInside(const std::vector<Replacement> &Edits, size_t Size) {
  size_t End = 0;
  for (size_t I = 0; I < Edits.size(); ++I) {
    const Replacement &R = Edits[I];
    if (size_t(R.Offset) + R.Length > Size || R.Offset < End)
      return false;
    // Two edits at one offset only as insertion then replacement (what
    // alignment may add after an insertion before the spaces).
    if (I > 0 && R.Offset == Edits[I - 1].Offset && Edits[I - 1].Length != 0)
      return false;
    End = R.Offset + R.Length;
  }
  return true;
}

size_t bareLineFeeds(llvm::StringRef Text) {
  size_t N = 0;
  for (size_t I = 0; I < Text.size(); ++I)
    N += Text[I] == '\n' && (I == 0 || Text[I - 1] != '\r');
  return N;
}

void checkDiff(llvm::StringRef A, llvm::StringRef B) {
  std::string D = unifiedDiff(A, B, "a", "b");
  require(D.empty() == (A == B), "diff empty exactly when texts are equal");
  auto Applied = testing::applyUnifiedDiff(A, D);
  require(Applied && *Applied == B, "diff applied to before gives after");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  // clang's lexer reads the byte after the buffer (it must be NUL), as a
  // SourceManager buffer guarantees; std::string does too.
  const std::string Src(reinterpret_cast<const char *>(Data), Size);
  clang::LangOptions LO;
  LO.CPlusPlus = LO.CPlusPlus11 = LO.CPlusPlus14 = LO.CPlusPlus17 = true;
  LO.CUDA = true;
  TokenPassInput In;
  In.File = "fuzz.cu";
  In.Buffer = Src;
  In.LangOpts = &LO;
  In.Rules = &RuleTable::builtin();
  In.NeedsImplicitRuntimeInclude = true;
  TuResult Result;
  runTokenPass(In, Result);

  for (const ApiReference &R : Result.References) {
    require(R.Offset <= Src.size(), "reference inside the file");
    auto [Line, Col] = lineAndColumn(Src, R.Offset);
    require(R.Line == Line && R.Column == Col, "reference line and column");
  }
  for (const Finding &F : Result.Findings)
    require(F.Line >= 1 && F.Column >= 1, "finding has a place");

  EditSet Set;
  Set.addAll(Result.Edits);
  std::vector<Replacement> Edits = Set.editsFor("fuzz.cu");
  require(sortedDisjointInside(Edits, Src.size()), "merged edits well formed");
  alignLineContinuations(Src, Edits);
  require(sortedDisjointInside(Edits, Src.size()), "aligned edits well formed");
  std::string Out = applyEdits(Src, Edits);

  if (Edits.empty())
    require(Out == Src, "no edits, no change");
  if (llvm::StringRef(Src).starts_with("\xEF\xBB\xBF"))
    require(llvm::StringRef(Out).starts_with("\xEF\xBB\xBF"),
            "byte order mark stays first");
  if (llvm::StringRef(Src).contains("\r\n") && bareLineFeeds(Src) == 0)
    require(bareLineFeeds(Out) == 0, "CRLF file stays CRLF");

  checkDiff(Src, Out);
  size_t Half = Src.size() / 2;
  checkDiff(llvm::StringRef(Src).take_front(Half),
            llvm::StringRef(Src).drop_front(Half));
  return 0;
}
