//===- MarkdownReport.cpp - the report as a pull-request comment ----------===//
//
// Summary table first; everything else in <details> blocks so the comment
// stays short. GitHub caps a comment at 65536 characters, so long lists are
// cut with a pointer to the full (HTML/JSON) report.
//
//===----------------------------------------------------------------------===//
#include "report/BuildReport.h"
#include "report/Escape.h"
#include "report/ReportJsonView.h"
#include "report/ReportPrinters.h"
#include "report/ReportText.h"

#include "llvm/Support/Format.h"

using namespace llvm;
using namespace hipwright::report;

namespace hipwright {

static constexpr size_t MaxFindings = 200;
static constexpr size_t MaxListed = 50;
static constexpr size_t MaxRows = 25;
/// A checklist row's reasons are cut here: the table sits above the long
/// lists, where the comment's size budget does not reach.
static constexpr size_t MaxReasons = 300;
/// Long lists stop once the comment is this long (GitHub's limit is 65536).
static constexpr size_t Budget = 56000;

static std::string md(StringRef S) { return markdownEscape(S); }

/// \p S cut to at most \p Max bytes on a UTF-8 character boundary, with
/// "..." when anything was cut.
static std::string cutRight(StringRef S, size_t Max) {
  if (S.size() <= Max)
    return S.str();
  size_t N = Max;
  while (N > 0 && (static_cast<unsigned char>(S[N]) & 0xC0) == 0x80)
    --N;
  return S.take_front(N).str() + "...";
}

static std::string at(const json::Object &F) {
  return md(str(F, "file")) + ":" + std::to_string(intOf(F, "line"));
}

static void openDetails(raw_ostream &OS, const Twine &Summary) {
  // GitHub needs the blank line after </summary> to render Markdown inside.
  OS << "<details><summary>" << Summary << "</summary>\n\n";
}
static void closeDetails(raw_ostream &OS) { OS << "\n</details>\n\n"; }

static void sumTable(raw_ostream &OS, StringRef Heading,
                     const json::Array &Sums) {
  OS << "| " << Heading << " | findings | arithmetic | hours |\n"
     << "|---|---:|---|---:|\n";
  size_t Rows = 0;
  eachObj(Sums, [&](const json::Object &S) {
    // Sums come most hours first: the rows left out are the small ones.
    if (++Rows > 2 * MaxRows) {
      if (Rows == 2 * MaxRows + 1)
        OS << "| ... " << Sums.size() - 2 * MaxRows
           << " more (see the HTML or JSON report) | | | |\n";
      return;
    }
    OS << "| " << md(str(S, "name")) << " | " << intOf(S, "findings");
    if (intOf(S, "suppressed"))
      OS << " (+" << intOf(S, "suppressed") << " suppressed)";
    OS << " | " << md(effortArithmetic(S)) << " | " << md(sumHours(S))
       << " |\n";
  });
}

/// The planning checklist: hours per class in view, the file table and the
/// dependency inventory collapsed (same rows as HTML and CSV, cut at
/// MaxListed files).
static void checklistMarkdown(const json::Object &R, raw_ostream &OS) {
  const json::Object &C = obj(R, "checklist");
  OS << "### Porting checklist\n\n"
     << "| class | files | kernels | findings | hours |\n"
     << "|---|---:|---:|---:|---:|\n";
  eachObj(arr(C, "classes"), [&](const json::Object &X) {
    OS << "| " << md(str(X, "class")) << " | " << intOf(X, "files") << " | "
       << intOf(X, "kernels") << " | " << intOf(X, "findings") << " | "
       << md(sumHours(X)) << " |\n";
  });
  OS << "\n";
  const json::Array &Files = arr(C, "files");
  openDetails(OS, "Files by class (" + Twine(Files.size()) + ")");
  OS << "| file | class | why | ROCm | hours |\n|---|---|---|---|---:|\n";
  size_t N = 0;
  eachObj(Files, [&](const json::Object &F) {
    if (++N > MaxListed) {
      if (N == MaxListed + 1)
        OS << "| ... " << Files.size() - MaxListed
           << " more (see the HTML, JSON or CSV report) | | | | |\n";
      return;
    }
    OS << "| " << md(str(F, "path")) << " | " << md(str(F, "class")) << " | "
       << md(cutRight(checklistReasons(F), MaxReasons)) << " | ";
    bool First = true;
    for (const json::Value &V : arr(F, "rocm")) {
      OS << (First ? "" : "<br>") << md(V.getAsString().value_or(""));
      First = false;
    }
    OS << " | " << md(sumHours(F)) << " |\n";
  });
  closeDetails(OS);
  const json::Array &Kernels = arr(C, "kernels");
  if (!Kernels.empty()) {
    openDetails(OS, "Kernels by class (" + Twine(Kernels.size()) + ")");
    OS << "| kernel | file | class | why |\n|---|---|---|---|\n";
    size_t K = 0;
    eachObj(Kernels, [&](const json::Object &X) {
      if (++K > MaxListed) {
        if (K == MaxListed + 1)
          OS << "| ... " << Kernels.size() - MaxListed
             << " more (see the HTML, JSON or CSV report) | | | |\n";
        return;
      }
      OS << "| " << md(str(X, "name")) << " | " << at(X) << " | "
         << md(str(X, "class")) << " | "
         << md(cutRight(checklistReasons(X), MaxReasons)) << " |\n";
    });
    closeDetails(OS);
  }
  const json::Array &Deps = arr(R, "dependencies");
  if (!Deps.empty()) {
    openDetails(OS, "Dependencies (" + Twine(Deps.size()) + ")");
    OS << "| library | kind | ROCm counterpart | uses | files |\n"
       << "|---|---|---|---:|---:|\n";
    eachObj(Deps, [&](const json::Object &L) {
      OS << "| " << md(str(L, "library")) << " | " << md(str(L, "kind"))
         << " | "
         << (str(L, "rocm").empty() ? std::string("none") : md(str(L, "rocm")))
         << " | " << intOf(L, "uses") << " | " << arr(L, "files").size()
         << " |\n";
    });
    closeDetails(OS);
  }
}

/// Each build file with its status and hours in view; what the migration
/// left for a person collapsed, cut at MaxListed messages.
static void buildFilesMarkdown(const json::Object &R, raw_ostream &OS) {
  const json::Object &B = obj(R, "build_files");
  const json::Array &Items = arr(B, "items");
  if (Items.empty())
    return;
  OS << "### Build files\n\n"
     << "| file | kind | status | notes | errors | hours |\n"
     << "|---|---|---|---:|---:|---:|\n";
  size_t N = 0, Messages = 0;
  eachObj(Items, [&](const json::Object &F) {
    Messages += arr(F, "notes").size() + arr(F, "errors").size();
    if (++N > MaxListed) {
      if (N == MaxListed + 1)
        OS << "| ... " << Items.size() - MaxListed
           << " more (see the HTML, JSON or CSV report) | | | | | |\n";
      return;
    }
    OS << "| " << md(str(F, "path")) << " | " << md(str(F, "kind")) << " | "
       << md(str(F, "status")) << " | " << arr(F, "notes").size() << " | "
       << arr(F, "errors").size() << " | " << md(sumHours(F)) << " |\n";
  });
  OS << "\nBuild-file hours: " << md(effortArithmetic(B)) << " = **"
     << md(sumHours(B)) << "**\n\n";
  if (!Messages)
    return;
  openDetails(OS, "Left for a person by the build-file migration (" +
                      Twine(Messages) + ")");
  size_t Listed = 0;
  eachObj(Items, [&](const json::Object &F) {
    for (StringRef Kind : {"errors", "notes"})
      eachObj(arr(F, Kind), [&](const json::Object &M) {
        if (++Listed > MaxListed) {
          if (Listed == MaxListed + 1)
            OS << "- ... " << Messages - MaxListed
               << " more (see the HTML, JSON or CSV report)\n";
          return;
        }
        OS << "- " << md(str(F, "path"));
        if (auto L = M.getInteger("line"))
          OS << ":" << *L;
        OS << (Kind == "errors" ? " (error)" : "") << ": "
           << md(str(M, "message")) << "\n";
      });
  });
  closeDetails(OS);
}

void printReportMarkdown(const json::Object &R, raw_ostream &Sink) {
  // Rendered to a string first so the long lists can watch its size.
  std::string Out;
  raw_string_ostream OS(Out);
  const json::Object &Tree = obj(R, "tree");
  const json::Object &Tr = obj(R, "translation");
  const json::Object &Effort = obj(R, "effort");
  const json::Object &Total = obj(Effort, "total");
  std::string Targets;
  for (const json::Value &T : arr(R, "targets"))
    if (auto S = T.getAsString())
      Targets += (Targets.empty() ? "" : ", ") + S->str();

  OS << "## hipwright migration report\n\n";
  OS << "| | |\n|---|---|\n";
  OS << "| Tree | " << groupedCountOf(intOf(Tree, "files"), "file") << " ("
     << groupedCountOf(intOf(Tree, "sources"), "source") << ", "
     << groupedCountOf(intOf(Tree, "headers"), "header") << "), "
     << groupedCountOf(intOf(Tree, "lines"), "line") << ", "
     << groupedCountOf(intOf(Tree, "kernels"), "kernel") << " |\n";
  OS << "| Converted automatically | " << groupedCount(intOf(Tr, "converted"))
     << " of "
     << groupedCount(intOf(Tr, "converted") + intOf(Tr, "unconverted"))
     << " CUDA API references (" << format("%.1f", num(Tr, "percent_converted"))
     << "%) |\n";
  if (int64_t Own = intOf(Tr, "own_equivalents"))
    OS << "| hipwright's own equivalents | " << groupedCount(Own)
       << " of those call CUDA functions no ROCm header declares "
          "(`hipwright_cuda_compat.h`, written next to the files) |\n";
  OS << "| Findings | " << intOf(Total, "findings") << " to work on";
  if (!pricingBreakdown(Total).empty())
    OS << " (" << md(pricingBreakdown(Total)) << ")";
  OS << ", " << intOf(Total, "suppressed") << " suppressed";
  if (int64_t Inactive = intOf(Total, "inactive_branches"))
    OS << "; " << Inactive
       << " of them in `#if` branches this build does not compile";
  OS << " |\n";
  OS << "| Estimated manual effort | **" << md(sumHours(Total)) << "**";
  if (flag(Total, "floor"))
    OS << " (a floor: some files were not fully parsed, see Confidence)";
  OS << " |\n";
  const json::Object &Build = obj(R, "build_files");
  if (intOf(Build, "files")) {
    OS << "| Build files | " << md(buildFilesLine(Build)) << ", "
       << md(sumHours(Build)) << " |\n";
    OS << "| Overall (findings + build files) | **"
       << md(sumHours(obj(Effort, "overall"))) << "** |\n";
  }
  OS << "| Tensor-core functions | " << arr(R, "tensor_core_kernels").size()
     << " |\n";
  OS << "| Hopper-only / unsupported API | " << arr(R, "hopper_only").size()
     << " / " << arr(R, "unsupported_api").size() << " |\n";
  OS << "| Targets | " << md(Targets) << " |\n\n";

  checklistMarkdown(R, OS);
  buildFilesMarkdown(R, OS);

  OS << "### Effort by category\n\n";
  sumTable(OS, "category", arr(Effort, "by_category"));
  OS << "\nTotal: " << md(effortArithmetic(Total)) << " = **"
     << md(sumHours(Total)) << "**\n\n";

  const json::Object &Conf = obj(Effort, "confidence");
  OS << "### Confidence\n\n";
  OS << "- Range: " << md(str(Conf, "range")) << ".\n";
  OS << "- Calibration: " << md(str(Conf, "calibration")) << ".\n";
  const json::Array &Unparsed = arr(Conf, "unparsed_files");
  if (Unparsed.empty()) {
    OS << "- Every file was parsed: the range is an estimate, not a floor.\n";
  } else {
    OS << "- Not fully parsed (compile errors), so their hours are a floor, "
          "not an estimate:";
    size_t N = 0;
    eachObj(Unparsed, [&](const json::Object &F) {
      if (++N > MaxRows)
        return;
      OS << (N > 1 ? "," : "") << " " << md(str(F, "path")) << " ("
         << md(str(F, "status")) << ", "
         << groupedCountOf(intOf(F, "errors"), "error") << ", at least "
         << hoursRange(num(F, "min_hours"), num(F, "max_hours")) << ")";
    });
    if (Unparsed.size() > MaxRows)
      OS << " and " << Unparsed.size() - MaxRows << " more";
    OS << ".\n";
  }
  OS << "\n";

  const json::Array &Patterns = arr(Effort, "patterns");
  if (!Patterns.empty()) {
    openDetails(OS, "Patterns: findings that share one edit (" +
                        Twine(Patterns.size()) + ")");
    OS << "| rule | sites | first | arithmetic | hours | edit |\n"
       << "|---|---:|---|---|---:|---|\n";
    size_t N = 0;
    eachObj(Patterns, [&](const json::Object &P) {
      if (++N > MaxRows) {
        if (N == MaxRows + 1)
          OS << "| ... " << Patterns.size() - MaxRows
             << " more (see the HTML or JSON report) | | | | | |\n";
        return;
      }
      const json::Object &First = obj(P, "first");
      OS << "| " << md(str(P, "rule")) << " | " << intOf(P, "sites") << " | "
         << md(str(First, "file")) << ":" << intOf(First, "line") << " | "
         << md(patternArithmetic(P)) << " | "
         << hoursRange(num(P, "min_hours"), num(P, "max_hours")) << " | "
         << md(str(P, "edit")) << " |\n";
    });
    closeDetails(OS);
  }

  openDetails(OS, "Effort by directory");
  sumTable(OS, "directory", arr(Effort, "by_directory"));
  closeDetails(OS);

  const json::Array &Files = arr(R, "files");
  openDetails(OS, "Files with the most manual work");
  OS << "| file | findings | hours | lines | kernels |\n"
     << "|---|---:|---:|---:|---:|\n";
  size_t Shown = 0;
  eachObj(Files, [&](const json::Object &F) {
    if (Shown >= MaxRows || intOf(F, "findings") == 0)
      return;
    ++Shown;
    OS << "| " << md(str(F, "path")) << " | " << intOf(F, "findings") << " | "
       << md(sumHours(F)) << " | " << intOf(F, "lines") << " | "
       << intOf(F, "kernels") << " |\n";
  });
  if (Shown == 0)
    OS << "| (no findings) | | | | |\n";
  closeDetails(OS);

  const json::Array &Tc = arr(R, "tensor_core_kernels");
  if (!Tc.empty()) {
    openDetails(OS, "Tensor-core functions (" + Twine(Tc.size()) + ")");
    OS << "| function | file | tiles | MFMA per target | rocWMMA |\n"
       << "|---|---|---|---|---|\n";
    eachObj(Tc, [&](const json::Object &K) {
      std::string Name = str(K, "function");
      OS << "| " << md(str(K, "kind")) << (Name.empty() ? "" : " ") << md(Name)
         << " | " << at(K) << " | ";
      for (const json::Value &S : arr(K, "shapes"))
        OS << md(S.getAsString().value_or("")) << "<br>";
      OS << " | ";
      eachObj(arr(K, "mfma"), [&](const json::Object &M) {
        for (const json::Value &B : arr(M, "builtins"))
          OS << md(str(M, "target")) << ": " << md(B.getAsString().value_or(""))
             << "<br>";
      });
      OS << " | ";
      for (const json::Value &S : arr(K, "rocwmma"))
        OS << md(S.getAsString().value_or("")) << "<br>";
      OS << " |\n";
    });
    closeDetails(OS);
  }

  openDetails(OS, "API references by family");
  OS << "| family | converted | unconverted |\n|---|---:|---:|\n";
  eachObj(arr(Tr, "families"), [&](const json::Object &F) {
    OS << "| " << md(str(F, "family")) << " | " << intOf(F, "converted")
       << " | " << intOf(F, "unconverted") << " |\n";
  });
  closeDetails(OS);

  if (const json::Object *V = R.getObject("verify")) {
    const json::Array &Cols = arr(*V, "columns");
    openDetails(OS, "Verification matrix");
    OS << "| program |";
    for (const json::Value &C : Cols)
      OS << " " << md(C.getAsString().value_or("")) << " |";
    OS << "\n|---|";
    for (size_t I = 0; I < Cols.size(); ++I)
      OS << "---|";
    OS << "\n";
    eachObj(arr(*V, "programs"), [&](const json::Object &P) {
      OS << "| " << md(str(P, "name")) << " |";
      const json::Object &Cells = obj(P, "cells");
      for (const json::Value &C : Cols) {
        const json::Object &Cell = obj(Cells, C.getAsString().value_or(""));
        OS << " " << md(str(Cell, "status")) << " |";
      }
      OS << "\n";
    });
    closeDetails(OS);
  }

  openDetails(OS, "Effort model");
  OS << "| bucket | hours per finding |\n|---|---:|\n";
  eachObj(arr(Effort, "buckets"), [&](const json::Object &B) {
    OS << "| " << md(str(B, "name")) << " | "
       << hoursRange(num(B, "min_hours"), num(B, "max_hours")) << " |\n";
  });
  OS << "\n| rule | with fix-it | without | why |\n|---|---|---|---|\n";
  eachObj(arr(Effort, "default_rules"), [&](const json::Object &D) {
    OS << "| " << md(str(D, "pattern")) << " | " << md(str(D, "with_fix"))
       << " | " << md(str(D, "without_fix")) << " | " << md(str(D, "reason"))
       << " |\n";
  });
  if (!arr(Effort, "overrides").empty()) {
    OS << "\nOverrides from .hipwright.yaml:\n\n";
    eachObj(arr(Effort, "overrides"), [&](const json::Object &O) {
      OS << "- " << md(str(O, "source")) << ": ";
      if (!str(O, "pattern").empty())
        OS << md(str(O, "pattern")) << " -> " << md(str(O, "bucket"));
      else
        OS << "bucket " << md(str(O, "bucket")) << " = "
           << hoursRange(num(O, "min_hours"), num(O, "max_hours"));
      OS << "\n";
    });
  }
  OS << "\nA finding whose fix `hipwright port --fix` applies is automatic "
        "work. Findings that share a rule and a suggested edit are one "
        "pattern: its first site costs its bucket, each further site the "
        "`site` bucket. Suppressed findings are listed but cost nothing. See "
        "docs/effort-model.md.\n";
  closeDetails(OS);

  // The long lists come last and stop at the budget, so the summary, the
  // matrix and the model always fit.
  auto Cut = [&](size_t Left) {
    OS << "\n... and " << Left << " more: see the HTML, JSON or CSV report.\n";
  };
  auto FindingList = [&](StringRef Title, const json::Array &L) {
    if (L.empty())
      return;
    openDetails(OS, Title + " (" + Twine(L.size()) + ")");
    size_t N = 0;
    for (const json::Value &V : L) {
      const json::Object *F = V.getAsObject();
      if (!F)
        continue;
      if (N >= MaxListed || Out.size() > Budget) {
        Cut(L.size() - N);
        break;
      }
      ++N;
      OS << "- " << at(*F) << " " << md(str(*F, "message")) << " ["
         << md(str(*F, "rule")) << "]";
      if (!str(*F, "suggestion").empty())
        OS << ": " << md(str(*F, "suggestion"));
      OS << "\n";
    }
    closeDetails(OS);
  };
  FindingList("Hopper-only features", arr(R, "hopper_only"));
  FindingList("Unsupported APIs", arr(R, "unsupported_api"));

  const json::Array &All = arr(R, "findings");
  if (!All.empty()) {
    openDetails(OS, "All findings (" + Twine(All.size()) + ")");
    std::string Category, File;
    size_t N = 0;
    for (const json::Value &V : All) {
      const json::Object *F = V.getAsObject();
      if (!F)
        continue;
      if (N >= MaxFindings || Out.size() > Budget) {
        Cut(All.size() - N);
        break;
      }
      ++N;
      if (str(*F, "category") != Category) {
        Category = str(*F, "category");
        File.clear();
        OS << "\n#### " << md(Category) << "\n";
      }
      if (str(*F, "file") != File) {
        File = str(*F, "file");
        OS << "\n**" << md(File) << "**\n\n";
      }
      OS << "- " << intOf(*F, "line") << ":" << intOf(*F, "column") << " "
         << md(str(*F, "level")) << ": " << md(str(*F, "message")) << " ["
         << md(str(*F, "rule")) << "]";
      if (flag(*F, "suppressed"))
        OS << " (suppressed)";
      OS << "\n";
    }
    closeDetails(OS);
  }
  Sink << Out;
}

} // namespace hipwright
