//===- Manifest.cpp - hipwright-verify.yaml: programs and verdicts --------===//
#include "verify/Manifest.h"
#include "support/Paths.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"

using namespace llvm;

namespace hipwright::verify {

StringRef toString(Verdict V) {
  switch (V) {
  case Verdict::Exit:
    return "exit";
  case Verdict::Match:
    return "match";
  case Verdict::SameOutput:
    return "same-output";
  }
  return "exit";
}

ProgramSpec defaultSpec(StringRef Main) {
  ProgramSpec S;
  S.Main = Main.str();
  return S;
}

namespace {

class ManifestReader {
public:
  ManifestReader(StringRef Path, StringRef Text)
      : Path(Path), Dir(sys::path::parent_path(Path)), Stream(Text, SM) {
    // The YAML parser's own errors carry the line; keep the first.
    SM.setDiagHandler(
        [](const SMDiagnostic &D, void *Ctx) {
          auto *Self = static_cast<ManifestReader *>(Ctx);
          if (Self->Failure.empty())
            Self->Failure = Self->Path.str() + ":" +
                            std::to_string(D.getLineNo()) +
                            ": malformed YAML: " + D.getMessage().str();
        },
        this);
  }

  Expected<std::vector<ProgramSpec>> read() {
    std::vector<ProgramSpec> Out;
    auto Doc = Stream.begin();
    yaml::Node *Root = Doc == Stream.end() ? nullptr : Doc->getRoot();
    auto *Map = dyn_cast_or_null<yaml::MappingNode>(Root);
    if (Map) {
      for (yaml::KeyValueNode &KV : *Map) {
        std::string Key = scalar(KV.getKey());
        if (Key == "programs")
          programs(KV.getValue(), Out);
        else if (Failure.empty())
          fail(KV.getKey(), "unknown key '" + Key + "' (expected programs)");
      }
    } else if (Failure.empty()) {
      fail(Root, "the top level must be a mapping with a 'programs' list");
    }
    if (!Failure.empty())
      return createStringError(inconvertibleErrorCode(), Failure);
    if (Out.empty())
      return createStringError(inconvertibleErrorCode(),
                               Path + ": no programs listed");
    return Out;
  }

private:
  StringRef Path;
  StringRef Dir;
  SourceMgr SM;
  yaml::Stream Stream;
  std::string Failure;

  unsigned lineOf(yaml::Node *N) {
    if (!N)
      return 1;
    return SM.getLineAndColumn(N->getSourceRange().Start).first;
  }
  void fail(yaml::Node *N, const Twine &Why) {
    if (Failure.empty())
      Failure = (Path + ":" + Twine(lineOf(N)) + ": " + Why).str();
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
  std::vector<std::string> list(yaml::Node *N) {
    std::vector<std::string> Out;
    auto *Seq = dyn_cast_or_null<yaml::SequenceNode>(N);
    if (!Seq) {
      fail(N, "expected a list ([a, b] or one '- item' per line)");
      return Out;
    }
    for (yaml::Node &Item : *Seq)
      Out.push_back(scalar(&Item));
    return Out;
  }
  double number(yaml::Node *N) {
    std::string S = scalar(N);
    double D = 0;
    if (Failure.empty() && (!to_float(S, D) || D < 0))
      fail(N, "expected a number >= 0, not '" + S + "'");
    return D;
  }
  void regex(yaml::Node *N, const std::string &R) {
    std::string Why;
    if (!Regex(R).isValid(Why))
      fail(N, "'" + R + "' is not a valid regular expression: " + Why);
  }

  void programs(yaml::Node *N, std::vector<ProgramSpec> &Out) {
    auto *Seq = dyn_cast_or_null<yaml::SequenceNode>(N);
    if (!Seq) {
      fail(N, "'programs' must be a list of programs");
      return;
    }
    for (yaml::Node &Item : *Seq) {
      auto *M = dyn_cast<yaml::MappingNode>(&Item);
      if (!M) {
        fail(&Item, "a program is a mapping with at least 'main'");
        return;
      }
      ProgramSpec P;
      // A program listed here prints results: compare them by default.
      P.Judge = Verdict::SameOutput;
      P.Where = (Path + ":" + Twine(lineOf(&Item))).str();
      bool HasGpuArgs = false, HasMain = false;
      yaml::Node *VerdictNode = &Item;
      for (yaml::KeyValueNode &KV : *M) {
        std::string Key = scalar(KV.getKey());
        yaml::Node *V = KV.getValue();
        if (Key == "main") {
          HasMain = true;
          std::string Main = scalar(V);
          P.Main = resolvePath(Dir, Main);
          if (Failure.empty() && !sys::fs::is_regular_file(P.Main))
            fail(V, "main '" + Main + "': no such file");
        } else if (Key == "args") {
          P.Args = list(V);
        } else if (Key == "gpu-args") {
          P.GpuArgs = list(V);
          HasGpuArgs = true;
        } else if (Key == "env") {
          auto *EM = dyn_cast_or_null<yaml::MappingNode>(V);
          if (!EM) {
            fail(V, "'env' must be a mapping of NAME: value");
            continue;
          }
          for (yaml::KeyValueNode &E : *EM)
            P.Env.push_back({scalar(E.getKey()), scalar(E.getValue())});
        } else if (Key == "timeout") {
          std::string S = scalar(V);
          unsigned T = 0;
          if (Failure.empty() && (!to_integer(S, T, 10) || T == 0))
            fail(V, "'timeout' must be a whole number of seconds > 0");
          P.TimeoutSeconds = T;
        } else if (Key == "verdict") {
          VerdictNode = V;
          std::string S = scalar(V);
          if (S == "exit")
            P.Judge = Verdict::Exit;
          else if (S == "match")
            P.Judge = Verdict::Match;
          else if (S == "same-output")
            P.Judge = Verdict::SameOutput;
          else
            fail(V, "'verdict' must be exit, match or same-output, not '" + S +
                        "'");
        } else if (Key == "match") {
          P.Match = scalar(V);
          regex(V, P.Match);
        } else if (Key == "tolerance") {
          auto *TM = dyn_cast_or_null<yaml::MappingNode>(V);
          if (!TM) {
            fail(V, "'tolerance' must be a mapping {relative: R, absolute: A}");
            continue;
          }
          for (yaml::KeyValueNode &T : *TM) {
            std::string K = scalar(T.getKey());
            if (K == "relative")
              P.Relative = number(T.getValue());
            else if (K == "absolute")
              P.Absolute = number(T.getValue());
            else
              fail(T.getKey(), "unknown tolerance '" + K +
                                   "' (expected relative or absolute)");
          }
        } else if (Key == "ignore") {
          P.Ignore = list(V);
          for (const std::string &R : P.Ignore)
            regex(V, R);
        } else {
          fail(KV.getKey(), "unknown key '" + Key +
                                "' (expected main, args, gpu-args, env, "
                                "timeout, verdict, match, tolerance or "
                                "ignore)");
        }
      }
      if (!HasMain)
        fail(&Item, "a program needs 'main' (its .cu file with main)");
      if (P.Judge == Verdict::Match && P.Match.empty())
        fail(VerdictNode, "verdict 'match' needs 'match: REGEX'");
      if (!HasGpuArgs)
        P.GpuArgs = P.Args;
      if (!Failure.empty())
        return;
      Out.push_back(std::move(P));
    }
  }
};

} // namespace

Expected<std::vector<ProgramSpec>> readManifest(StringRef Path) {
  auto Buf = MemoryBuffer::getFile(Path);
  if (!Buf)
    return createStringError(Buf.getError(),
                             Path + ": " + Buf.getError().message());
  return ManifestReader(Path, (*Buf)->getBuffer()).read();
}

} // namespace hipwright::verify
