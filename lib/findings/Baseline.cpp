//===- Baseline.cpp - adopting the lint gate on existing code -------------===//
#include "findings/Baseline.h"
#include "support/AtomicFile.h"
#include "support/JsonNesting.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace hipwright {

/// The baseline format written and read; bump it when matching changes.
static constexpr int kBaselineVersion = 1;

Error writeBaseline(StringRef Path, const std::vector<Finding> &Findings,
                    const std::function<std::string(StringRef)> &RelativePath) {
  json::Array List;
  for (const Finding &F : Findings)
    // File and line are for people reading the baseline; matching uses
    // rule and fingerprint only.
    List.push_back(json::Object{{"rule", F.RuleId},
                                {"fingerprint", F.Fingerprint},
                                {"file", RelativePath(F.File)},
                                {"line", F.Line},
                                {"message", F.Message}});
  // Atomically: a full disk or Ctrl-C must not replace a good baseline
  // with a truncated one the next gate run rejects.
  std::string Text;
  raw_string_ostream OS(Text);
  OS << formatv("{0:2}",
                json::Value(json::Object{{"version", kBaselineVersion},
                                         {"findings", std::move(List)}}))
     << "\n";
  return writeFileAtomically(Path, Text, namedOutputFile());
}

Expected<Baseline> readBaseline(StringRef Path) {
  auto Buf = MemoryBuffer::getFile(Path);
  if (!Buf)
    return createStringError(Buf.getError(), "%s: %s", Path.str().c_str(),
                             Buf.getError().message().c_str());
  Expected<json::Value> V = parseJsonBounded((*Buf)->getBuffer());
  if (!V)
    return createStringError(
        inconvertibleErrorCode(), "%s: not a hipwright baseline: %s",
        Path.str().c_str(), toString(V.takeError()).c_str());
  const json::Object *Root = V->getAsObject();
  // Only the format this build writes is understood: a newer file may
  // match findings differently, and reading it as version 1 would let new
  // findings through the gate unnoticed.
  std::optional<int64_t> Version =
      Root ? Root->getInteger("version") : std::nullopt;
  if (!Version)
    return createStringError(
        inconvertibleErrorCode(),
        "%s: not a hipwright baseline: no \"version\" number",
        Path.str().c_str());
  if (*Version != kBaselineVersion)
    return createStringError(
        inconvertibleErrorCode(),
        "%s: baseline version %lld; this hipwright reads version %d "
        "(write a new one with --write-baseline)",
        Path.str().c_str(), static_cast<long long>(*Version), kBaselineVersion);
  const json::Array *List = Root->getArray("findings");
  if (!List)
    return createStringError(inconvertibleErrorCode(),
                             "%s: not a hipwright baseline: no \"findings\" "
                             "array",
                             Path.str().c_str());
  Baseline B;
  for (const json::Value &E : *List) {
    const json::Object *O = E.getAsObject();
    auto Rule = O ? O->getString("rule") : std::nullopt;
    auto Print = O ? O->getString("fingerprint") : std::nullopt;
    if (!Rule || !Print)
      return createStringError(inconvertibleErrorCode(),
                               "%s: a baseline entry lacks \"rule\" or "
                               "\"fingerprint\"",
                               Path.str().c_str());
    B.Known.insert({Rule->str(), Print->str()});
  }
  return B;
}

} // namespace hipwright
