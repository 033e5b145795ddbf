#!/usr/bin/env bash
# Scaffolds a new analyzer family in one command: the analyzer source and
# header, its registration in analyzers/AnalyzerList.cpp, a doc page and a
# test file with inline expectations. Fill in the matcher, the doc's
# examples and the expectations; the new test fails until you do.
#
#   scripts/new-analyzer.sh FAMILY ClassName    e.g.  lds-limit LdsLimit
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 FAMILY ClassName" >&2; exit 2; }
family=$1 class=$2
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
dir="$here/analyzers/$family"
fn=$(echo "$class" | sed -E 's/^(.)/\L\1/')
[[ "$family" =~ ^[a-z][a-z0-9-]*$ ]] || { echo "family must be lower-case-dashed" >&2; exit 2; }
[ ! -e "$dir/${class}Analyzer.cpp" ] || { echo "$dir/${class}Analyzer.cpp exists" >&2; exit 2; }
mkdir -p "$dir/test" "$here/docs/rules"

cat >"$dir/${class}Analyzer.h" <<CPP
//===- ${class}Analyzer.h - the ${family} rules ----------------*- C++ -*-===//
#pragma once

#include "analysis/Analyzer.h"

namespace hipwright {

std::vector<RuleInfo> ${fn}Rules();
std::unique_ptr<Analyzer> create${class}Analyzer(AnalysisContext &Ctx);

} // namespace hipwright
CPP

cat >"$dir/${class}Analyzer.cpp" <<CPP
//===- ${class}Analyzer.cpp - the ${family} rules --------------------------===//
//
// TODO: say what this family catches and why it breaks on a 64-wide wave.
//
//===----------------------------------------------------------------------===//
#include "${class}Analyzer.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace hipwright {
namespace {

class ${class}Analyzer : public Analyzer {
public:
  using Analyzer::Analyzer;

  void registerMatchers(MatchFinder &Finder) override {
    // TODO: Finder.addMatcher(<matcher>.bind("x"), this);
  }

  void run(const MatchFinder::MatchResult &R) override {
    // TODO: if (auto *F = Ctx.report(Loc, "${family}", Severity::Warning,
    //                                "message")) F->Suggestion = "...";
  }
};

} // namespace

std::vector<RuleInfo> ${fn}Rules() {
  return {{"${family}", Severity::Warning, "TODO: one line",
           "TODO: why it breaks on AMD"}};
}

std::unique_ptr<Analyzer> create${class}Analyzer(AnalysisContext &Ctx) {
  return std::make_unique<${class}Analyzer>(Ctx);
}

} // namespace hipwright
CPP

cat >"$dir/test/${family}.cu" <<CU
// Expectations for the ${family} rules; see tests/analyzers/check_analyzer.sh.
// TODO: code that must be flagged, each followed by
// // CHECK-MESSAGES: :[[@LINE-1]]:<col>: warning: <message> [${family}]
CU

cat >"$here/docs/rules/${family}.md" <<MD
# ${family}

TODO: what it flags, and why it breaks on AMD (64-wide wavefronts).

## Bad

\`\`\`cuda
TODO
\`\`\`

## Good

\`\`\`cuda
TODO
\`\`\`

## Fix-it

TODO: what \`hipwright port --fix\` does, or "none: a suggestion only".
MD

list="$here/analyzers/AnalyzerList.cpp"
sed -i "s|^// END analyzer includes|#include \"${family}/${class}Analyzer.h\"\n// END analyzer includes|" "$list"
sed -i "s|^      // END analyzer entries|      {\"${family}\", ${fn}Rules, create${class}Analyzer},\n      // END analyzer entries|" "$list"
echo "created analyzers/$family/${class}Analyzer.{h,cpp}, analyzers/$family/test/${family}.cu, docs/rules/${family}.md"
echo "registered in analyzers/AnalyzerList.cpp; re-run cmake to pick up the new files"
