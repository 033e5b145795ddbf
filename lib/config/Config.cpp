//===- Config.cpp - .hipwright.yaml ---------------------------------------===//
#include "config/Config.h"

#include "analysis/GpuTarget.h"
#include "findings/RulePattern.h"

#include "llvm/ADT/StringExtras.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/GlobPattern.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"

#include <algorithm>

using namespace llvm;

namespace hipwright {

ArrayRef<StringRef> defaultEffortBucketNames() {
  static const StringRef Names[] = {"none", "automatic", "site",
                                    "low",  "medium",    "high"};
  return Names;
}

bool isDefaultEffortBucket(StringRef Name) {
  return llvm::is_contained(defaultEffortBucketNames(), Name);
}

bool Config::ruleEnabled(StringRef RuleId) const {
  bool On = false;
  for (const std::string &P : Enable)
    On |= P == "*" || ruleMatches(P, RuleId);
  for (const std::string &P : Disable)
    if (P == "*" || ruleMatches(P, RuleId))
      On = false;
  return On;
}

Severity Config::severityFor(const Finding &F) const {
  Severity S = F.Level;
  for (auto &[Pattern, Level] : SeverityOverrides)
    if (Pattern == "*" || ruleMatches(Pattern, F.RuleId))
      S = Level;
  if (!F.InactiveBranch.empty() && InactiveBranchCap)
    S = std::min(S, *InactiveBranchCap);
  return S;
}

bool Config::excludes(StringRef RelativePath) const {
  for (const std::string &P : Exclude) {
    Expected<GlobPattern> G = GlobPattern::create(P);
    if (!G) { // parseConfig rejects these; a Config built in code may not
      consumeError(G.takeError());
      continue;
    }
    // A pattern without '/' matches the file name anywhere, as .gitignore.
    if (G->match(RelativePath) || (StringRef(P).find('/') == StringRef::npos &&
                                   G->match(sys::path::filename(RelativePath))))
      return true;
  }
  return false;
}

ArrayRef<StringRef> checklistClassNames() {
  static const StringRef Names[] = {"replace-with-library", "drop", "port"};
  return Names;
}

/// A pattern without '/' matches the file name anywhere, as .gitignore.
static bool pathGlobMatches(StringRef Pattern, StringRef RelativePath) {
  Expected<GlobPattern> G = GlobPattern::create(Pattern);
  if (!G) { // parseConfig rejects these; a Config built in code may not
    consumeError(G.takeError());
    return false;
  }
  return G->match(RelativePath) ||
         (Pattern.find('/') == StringRef::npos &&
          G->match(sys::path::filename(RelativePath)));
}

const ClassOverride *Config::classOverrideFor(StringRef RelativePath) const {
  const ClassOverride *Found = nullptr;
  for (const ClassOverride &O : ClassOverrides)
    if (pathGlobMatches(O.Pattern, RelativePath))
      Found = &O;
  return Found;
}

namespace {

/// Walks the YAML tree, remembering the first error with its line.
class ConfigParser {
public:
  ConfigParser(StringRef FileName, StringRef Text)
      : FileName(FileName), Stream(Text, SM) {
    // The YAML parser's own errors (unterminated lists, bad indentation)
    // carry the exact line; keep the first one.
    SM.setDiagHandler(
        [](const SMDiagnostic &D, void *Ctx) {
          auto *Self = static_cast<ConfigParser *>(Ctx);
          if (!Self->SyntaxError)
            Self->SyntaxError = {unsigned(D.getLineNo()), D.getMessage().str()};
        },
        this);
  }

  Expected<Config> parse() {
    Config C;
    C.Source = FileName.str();
    auto Doc = Stream.begin();
    if (Doc == Stream.end() || !Doc->getRoot())
      return C;
    yaml::Node *Root = Doc->getRoot();
    if (isa<yaml::NullNode>(Root))
      return C;
    auto *Map = dyn_cast<yaml::MappingNode>(Root);
    if (!Map && !SyntaxError)
      return makeError(Root, "the top level must be a mapping");
    if (!Map)
      return createStringError(inconvertibleErrorCode(),
                               FileName + ":" + Twine(SyntaxError->first) +
                                   ": malformed YAML: " + SyntaxError->second);
    for (yaml::KeyValueNode &KV : *Map) {
      std::string Key = scalar(KV.getKey());
      yaml::Node *V = KV.getValue();
      if (Error)
        break;
      if (Key == "rules")
        rules(V, C);
      else if (Key == "severity")
        severity(V, C);
      else if (Key == "targets")
        targets(V, C);
      else if (Key == "rocm-version")
        rocmVersion(V, C);
      else if (Key == "exclude")
        exclude(V, C);
      else if (Key == "effort")
        effort(V, C);
      else if (Key == "classify")
        classify(V, C);
      else if (Key == "inactive-branches")
        inactiveBranches(V, C);
      else
        fail(KV.getKey(), "unknown key '" + Key +
                              "' (expected rules, severity, targets, "
                              "rocm-version, exclude, inactive-branches, "
                              "effort or classify)");
    }
    if (SyntaxError) {
      if (Error)
        consumeError(std::move(*Error));
      return createStringError(inconvertibleErrorCode(),
                               FileName + ":" + Twine(SyntaxError->first) +
                                   ": malformed YAML: " + SyntaxError->second);
    }
    if (Stream.failed() && !Error)
      return makeError(Doc->getRoot(), "malformed YAML");
    if (Error)
      return std::move(*Error);
    return C;
  }

private:
  StringRef FileName;
  SourceMgr SM;
  yaml::Stream Stream;
  std::optional<llvm::Error> Error;
  std::optional<std::pair<unsigned, std::string>> SyntaxError;

  llvm::Error makeError(yaml::Node *N, const Twine &Why) {
    unsigned Line = lineOf(N);
    return createStringError(inconvertibleErrorCode(),
                             FileName + ":" + Twine(Line) + ": " + Why);
  }

  void fail(yaml::Node *N, const Twine &Why) {
    if (!Error)
      Error.emplace(makeError(N, Why));
  }

  std::string scalar(yaml::Node *N) {
    auto *S = dyn_cast_or_null<yaml::ScalarNode>(N);
    if (!S) {
      fail(N, "expected a plain value");
      return "";
    }
    SmallString<64> Storage;
    return S->getValue(Storage).str();
  }

  std::vector<std::string> list(yaml::Node *N,
                                std::vector<yaml::Node *> *Nodes = nullptr) {
    std::vector<std::string> Out;
    if (auto *Seq = dyn_cast_or_null<yaml::SequenceNode>(N)) {
      for (yaml::Node &Item : *Seq) {
        Out.push_back(scalar(&Item));
        if (Nodes)
          Nodes->push_back(&Item);
      }
    } else if (isa_and_nonnull<yaml::ScalarNode>(N)) {
      Out.push_back(scalar(N)); // `targets: gfx942` as a one-item list
      if (Nodes)
        Nodes->push_back(N);
    } else {
      fail(N, "expected a list");
    }
    return Out;
  }

  unsigned lineOf(yaml::Node *N) {
    return N ? SM.FindLineNumber(N->getSourceRange().Start) : 0;
  }

  /// Remembers where a rule pattern was written (Config::RulePatterns).
  void rulePattern(Config &C, const std::string &Pattern, StringRef Key,
                   yaml::Node *N) {
    C.RulePatterns.push_back({Pattern, Key.str(), lineOf(N)});
  }

  std::vector<std::string> ruleList(yaml::Node *N, StringRef Key, Config &C) {
    std::vector<yaml::Node *> Nodes;
    std::vector<std::string> Out = list(N, &Nodes);
    for (size_t I = 0; I < Out.size() && I < Nodes.size(); ++I)
      rulePattern(C, Out[I], Key, Nodes[I]);
    return Out;
  }

  template <typename Fn> void mapping(yaml::Node *N, Fn Each) {
    auto *Map = dyn_cast_or_null<yaml::MappingNode>(N);
    if (!Map) {
      fail(N, "expected a mapping");
      return;
    }
    for (yaml::KeyValueNode &KV : *Map)
      Each(scalar(KV.getKey()), KV.getKey(), KV.getValue());
  }

  /// A malformed path glob is an error at its line: ignored, it would let
  /// through the files it was written to exclude.
  void exclude(yaml::Node *N, Config &C) {
    std::vector<yaml::Node *> Nodes;
    C.Exclude = list(N, &Nodes);
    for (size_t I = 0; I < C.Exclude.size() && I < Nodes.size(); ++I)
      if (Expected<GlobPattern> G = GlobPattern::create(C.Exclude[I]); !G)
        fail(Nodes[I], "exclude: '" + C.Exclude[I] +
                           "' is not a valid glob: " + toString(G.takeError()));
  }

  void inactiveBranches(yaml::Node *N, Config &C) {
    std::string L = scalar(N);
    if (Error)
      return;
    if (L == "off")
      C.InactiveBranchCap = std::nullopt;
    else if (L == "note")
      C.InactiveBranchCap = Severity::Note;
    else if (L == "warning")
      C.InactiveBranchCap = Severity::Warning;
    else if (L == "error")
      C.InactiveBranchCap = Severity::Error;
    else
      fail(N, "inactive-branches must be off, note, warning or error, not '" +
                  L + "'");
  }

  void rocmVersion(yaml::Node *N, Config &C) {
    std::string Text = scalar(N);
    if (Error)
      return;
    C.TargetRocm = RocmVersion::parse(Text);
    if (!C.TargetRocm)
      fail(N, "rocm-version must be a ROCm release such as 6.2, not '" + Text +
                  "'");
  }

  void rules(yaml::Node *N, Config &C) {
    mapping(N, [&](const std::string &K, yaml::Node *KN, yaml::Node *V) {
      if (K == "enable")
        C.Enable = ruleList(V, "rules.enable", C);
      else if (K == "disable")
        C.Disable = ruleList(V, "rules.disable", C);
      else
        fail(KN, "unknown key 'rules." + K + "' (expected enable, disable)");
    });
  }

  void severity(yaml::Node *N, Config &C) {
    mapping(N, [&](const std::string &K, yaml::Node *KN, yaml::Node *V) {
      rulePattern(C, K, "severity", KN);
      std::string L = scalar(V);
      if (L == "note")
        C.SeverityOverrides.push_back({K, Severity::Note});
      else if (L == "warning")
        C.SeverityOverrides.push_back({K, Severity::Warning});
      else if (L == "error")
        C.SeverityOverrides.push_back({K, Severity::Error});
      else
        fail(V, "severity of '" + K +
                    "' must be note, warning or error, "
                    "not '" +
                    L + "'");
    });
  }

  /// Each target is checked where it is written, so a typo gets its line.
  void targets(yaml::Node *N, Config &C) {
    std::vector<yaml::Node *> Items;
    if (auto *Seq = dyn_cast_or_null<yaml::SequenceNode>(N)) {
      for (yaml::Node &Item : *Seq)
        Items.push_back(&Item);
    } else if (isa_and_nonnull<yaml::ScalarNode>(N)) {
      Items.push_back(N); // `targets: gfx942` as a one-item list
    } else {
      fail(N, "expected a list");
      return;
    }
    for (yaml::Node *Item : Items) {
      std::string Name = scalar(Item);
      if (Expected<std::vector<GpuTarget>> T = parseTargets(Name))
        C.Targets.push_back(Name);
      else
        fail(Item, "targets: " + toString(T.takeError()));
    }
  }

  /// `classify: {GLOB: {class: CLASS, reason: TEXT}}`: a class without a
  /// reason would leave the report's reader guessing, so both are needed.
  void classify(yaml::Node *N, Config &C) {
    mapping(N, [&](const std::string &Pattern, yaml::Node *KN, yaml::Node *V) {
      if (Expected<GlobPattern> G = GlobPattern::create(Pattern); !G) {
        fail(KN, "classify: '" + Pattern +
                     "' is not a valid glob: " + toString(G.takeError()));
        return;
      }
      ClassOverride O;
      O.Pattern = Pattern;
      O.Line = lineOf(KN);
      yaml::Node *ClassNode = nullptr;
      mapping(V, [&](const std::string &K, yaml::Node *EK, yaml::Node *EV) {
        if (K == "class") {
          O.Class = scalar(EV);
          ClassNode = EV;
        } else if (K == "reason") {
          O.Reason = scalar(EV);
        } else {
          fail(EK, "unknown key '" + K + "' in classify entry '" + Pattern +
                       "' (expected class, reason)");
        }
      });
      if (Error)
        return;
      ArrayRef<StringRef> Names = checklistClassNames();
      if (std::find(Names.begin(), Names.end(), O.Class) == Names.end()) {
        fail(ClassNode ? ClassNode : V,
             "classify entry '" + Pattern + "': class must be " +
                 "replace-with-library, drop or port, not '" + O.Class + "'");
        return;
      }
      if (StringRef(O.Reason).trim().empty()) {
        fail(V, "classify entry '" + Pattern + "' needs a reason");
        return;
      }
      C.ClassOverrides.push_back(std::move(O));
    });
  }

  void effort(yaml::Node *N, Config &C) {
    // Rules may name a bucket this same section defines further down, so
    // they are checked once the whole section is read.
    std::vector<std::pair<yaml::Node *, std::string>> RuleBuckets;
    effortEntries(N, C, RuleBuckets);
    for (auto &[Node, Bucket] : RuleBuckets) {
      if (isDefaultEffortBucket(Bucket) || C.EffortBuckets.count(Bucket))
        continue;
      std::string Known;
      for (StringRef D : defaultEffortBucketNames())
        Known += (Known.empty() ? "" : ", ") + D.str();
      for (auto &[B, _] : C.EffortBuckets)
        if (!isDefaultEffortBucket(B))
          Known += ", " + B;
      fail(Node, "effort rule names unknown bucket '" + Bucket +
                     "' (known: " + Known + ")");
    }
  }

  void effortEntries(
      yaml::Node *N, Config &C,
      std::vector<std::pair<yaml::Node *, std::string>> &RuleBuckets) {
    mapping(N, [&](const std::string &K, yaml::Node *KN, yaml::Node *V) {
      if (K == "buckets") {
        mapping(V, [&](const std::string &B, yaml::Node *, yaml::Node *R) {
          std::vector<std::string> Range = list(R);
          double Lo, Hi;
          if (Range.size() != 2 || StringRef(Range[0]).getAsDouble(Lo) ||
              StringRef(Range[1]).getAsDouble(Hi) || Lo < 0 || Hi < Lo) {
            fail(R, "effort bucket '" + B +
                        "' must be [min_hours, max_hours] with min <= max");
            return;
          }
          C.EffortBuckets[B] = {Lo, Hi};
        });
      } else if (K == "rules") {
        mapping(V, [&](const std::string &Rule, yaml::Node *RN, yaml::Node *B) {
          rulePattern(C, Rule, "effort.rules", RN);
          C.EffortRules.push_back({Rule, scalar(B)});
          RuleBuckets.push_back({B, C.EffortRules.back().second});
        });
      } else {
        fail(KN, "unknown key 'effort." + K + "' (expected buckets, rules)");
      }
    });
  }
};

void printList(raw_ostream &OS, const std::vector<std::string> &L) {
  OS << "[";
  for (size_t I = 0; I < L.size(); ++I)
    OS << (I ? ", " : "") << "\"" << L[I] << "\"";
  OS << "]";
}

} // namespace

Expected<Config> parseConfig(StringRef FileName, StringRef Text) {
  return ConfigParser(FileName, Text).parse();
}

Expected<Config> loadConfigFile(StringRef Path) {
  auto Buf = MemoryBuffer::getFile(Path);
  if (!Buf)
    return createStringError(Buf.getError(), "%s: %s", Path.str().c_str(),
                             Buf.getError().message().c_str());
  return parseConfig(Path, (*Buf)->getBuffer());
}

std::optional<std::string> findConfigFile(StringRef Dir) {
  SmallString<256> D(Dir);
  sys::fs::make_absolute(D);
  while (!D.empty()) {
    SmallString<256> Candidate(D);
    sys::path::append(Candidate, ".hipwright.yaml");
    if (sys::fs::is_regular_file(Candidate))
      return std::string(Candidate);
    StringRef Parent = sys::path::parent_path(D);
    if (Parent == D)
      break;
    D = Parent;
  }
  return std::nullopt;
}

void dumpConfig(const Config &C, raw_ostream &OS) {
  OS << "# effective hipwright configuration"
     << (C.Source.empty() ? " (defaults)" : " from " + C.Source) << "\n";
  OS << "rules:\n  enable: ";
  printList(OS, C.Enable);
  OS << "\n  disable: ";
  printList(OS, C.Disable);
  OS << "\n";
  if (!C.SeverityOverrides.empty()) {
    OS << "severity:\n";
    for (auto &[P, L] : C.SeverityOverrides)
      OS << "  \"" << P << "\": " << toString(L) << "\n";
  }
  // The targets the run uses, even when they are the built-in default: an
  // empty list would read as "none".
  OS << "targets: ";
  if (C.Targets.empty()) {
    SmallVector<StringRef, 4> Defaults;
    StringRef(kDefaultTargets).split(Defaults, ',');
    printList(OS, std::vector<std::string>(Defaults.begin(), Defaults.end()));
    OS << "  # the default";
  } else {
    printList(OS, C.Targets);
  }
  if (C.TargetRocm)
    OS << "\nrocm-version: \"" << C.TargetRocm->str() << "\"";
  OS << "\nexclude: ";
  printList(OS, C.Exclude);
  OS << "\ninactive-branches: "
     << (C.InactiveBranchCap ? toString(*C.InactiveBranchCap) : "off") << "\n";
  if (!C.EffortBuckets.empty() || !C.EffortRules.empty()) {
    OS << "effort:\n";
    if (!C.EffortBuckets.empty()) {
      OS << "  buckets:\n";
      for (auto &[B, R] : C.EffortBuckets)
        OS << "    " << B << ": [" << R.first << ", " << R.second << "]\n";
    }
    if (!C.EffortRules.empty()) {
      OS << "  rules:\n";
      for (auto &[P, B] : C.EffortRules)
        OS << "    \"" << P << "\": " << B << "\n";
    }
  }
  if (!C.ClassOverrides.empty()) {
    // Double-quoted YAML scalars: a reason may hold ':' or '#'.
    auto Quote = [](StringRef S) {
      std::string Q = "\"";
      for (char Ch : S) {
        if (Ch == '"' || Ch == '\\')
          Q += '\\';
        Q += Ch;
      }
      return Q + "\"";
    };
    OS << "classify:\n";
    for (const ClassOverride &O : C.ClassOverrides)
      OS << "  " << Quote(O.Pattern) << ": {class: " << O.Class
         << ", reason: " << Quote(O.Reason) << "}\n";
  }
}

ConfigResolver::ConfigResolver(std::optional<std::string> Explicit)
    : ExplicitPath(std::move(Explicit)) {}

Expected<const Config *> ConfigResolver::forFile(StringRef Path) {
  if (ExplicitPath) {
    if (!ExplicitConfig) {
      Expected<Config> C = loadConfigFile(*ExplicitPath);
      if (!C)
        return C.takeError();
      ExplicitConfig = std::move(*C);
    }
    return &*ExplicitConfig;
  }
  std::string Dir = sys::path::parent_path(Path).str();
  auto [It, New] = DirToFile.try_emplace(Dir);
  if (New)
    It->second = findConfigFile(Dir);
  if (!It->second)
    return &Defaults;
  auto Found = ByFile.find(*It->second);
  if (Found == ByFile.end()) {
    Expected<Config> C = loadConfigFile(*It->second);
    if (!C)
      return C.takeError();
    Found = ByFile.emplace(*It->second, std::move(*C)).first;
  }
  return &Found->second;
}

Expected<const Config *> runConfig(ConfigResolver &Configs,
                                   StringRef FirstInput) {
  SmallString<256> Probe(FirstInput);
  sys::fs::make_absolute(Probe);
  // For a directory, the config of the files directly in it.
  if (sys::fs::is_directory(Probe))
    sys::path::append(Probe, "x");
  return Configs.forFile(Probe);
}

std::string effectiveTargets(const std::optional<std::string> &CommandLine,
                             const Config &RunConfig) {
  if (CommandLine)
    return *CommandLine;
  if (!RunConfig.Targets.empty())
    return join(RunConfig.Targets, ",");
  return kDefaultTargets;
}

} // namespace hipwright
