// The report's build_files section: every CMake file and Makefile of a
// hand-made PortResult over a real directory (the section migrates the
// build files in memory, as `hipwright report` does), priced, and printed
// by every format with user text escaped.
#include "report/BuildFilesSection.h"
#include "report/BuildReport.h"
#include "report/ReportPrinters.h"

#include "ReportTree.h"

#include <catch2/catch.hpp>

using namespace hipwright;
using namespace llvm;

namespace {

using Tree = hipwright::testing::ReportTree;

const json::Object &item(const json::Object &R, StringRef Path) {
  for (const json::Value &V : *R.getObject("build_files")->getArray("items"))
    if (V.getAsObject()->getString("path") == Path)
      return *V.getAsObject();
  FAIL("no build file " << Path.str());
  static json::Object None;
  return None;
}

/// "LINE: MESSAGE" per note (or error), one a line.
std::string messages(const json::Object &Item, StringRef Kind) {
  std::string S;
  for (const json::Value &V : *Item.getArray(Kind)) {
    const json::Object &M = *V.getAsObject();
    auto L = M.getInteger("line");
    S += (L ? std::to_string(*L) : std::string("-")) + ": " +
         M.getString("message")->str() + "\n";
  }
  return S;
}

// A directory name that is markup, a CSV cell breaker and a Markdown table
// breaker at once.
const std::string OddDir = "mk<b>&|\"x,y";

void writeTree(Tree &T) {
  T.source("app/k.cu", "__global__ void k(float *x) { x[0] = 1; }\n");
  T.buildFile("CMakeLists.txt",
              "cmake_minimum_required(VERSION 3.21)\n"
              "project(demo LANGUAGES CXX CUDA)\n"
              "find_package(CUDAToolkit REQUIRED)\n"
              "add_executable(app app/k.cu)\n"
              "target_link_libraries(app PRIVATE CUDA::cudart CUDA::nvjpeg)\n");
  T.buildFile(OddDir + "/Makefile", "NVCC := nvcc\n"
                                    "NVCCFLAGS := -O2 -maxrregcount=32\n"
                                    "app: k.cu\n"
                                    "\t$(NVCC) $(NVCCFLAGS) -o $@ $<\n");
  // Nothing CUDA in it: counted, unchanged, nothing left.
  T.buildFile("cmake/plain.cmake", "set(PLAIN_OPTION ON)\n");
  // CMake itself would reject it: not migrated, one hand migration.
  T.buildFile("cmake/broken.cmake", "set(X 1)\nfoo(\n");
}

} // namespace

TEST_CASE("a build-file message splits into its line and text",
          "[report][build-files]") {
  BuildMessage N = splitBuildMessage(
      "/t/CMakeLists.txt", "/t/CMakeLists.txt:12: note: CUDA::nvjpeg left");
  CHECK(N.Line == 12);
  CHECK(N.Text == "CUDA::nvjpeg left");
  BuildMessage E = splitBuildMessage(
      "/t/Makefile", "/t/Makefile: error: No such file or directory");
  CHECK(E.Line == 0);
  CHECK(E.Text == "No such file or directory");
  // Another file's message stays whole rather than losing its location.
  BuildMessage O = splitBuildMessage("/t/a.cmake", "/u/b.cmake:3: note: x");
  CHECK(O.Line == 0);
  CHECK(O.Text == "/u/b.cmake:3: note: x");
}

TEST_CASE("the report counts build files and prices what migration left",
          "[report][build-files]") {
  Tree T;
  writeTree(T);
  json::Object R = T.build();
  CHECK(*R.getString("schema") == "hipwright-report/4");
  const json::Object &B = *R.getObject("build_files");
  CHECK(*B.getInteger("files") == 4);
  CHECK(*B.getInteger("cmake") == 3);
  CHECK(*B.getInteger("make") == 1);
  CHECK(*B.getInteger("migrated") == 2);
  CHECK(*B.getInteger("unchanged") == 1);
  CHECK(*B.getInteger("not_migrated") == 1);
  CHECK(*B.getInteger("notes") == 2);
  CHECK(*B.getInteger("errors") == 1);

  const json::Object &Cm = item(R, "CMakeLists.txt");
  CHECK(*Cm.getString("kind") == "cmake");
  CHECK(*Cm.getString("status") == "migrated");
  CHECK(*Cm.getBoolean("changed"));
  CHECK(*Cm.getInteger("lines") == 5);
  CHECK(messages(Cm, "notes") ==
        "5: CUDA::nvjpeg left out of the link when CMake has no such target "
        "($<TARGET_NAME_IF_EXISTS:...>): rocJPEG has its own API\n");
  const json::Object &Mk = item(R, OddDir + "/Makefile");
  CHECK(*Mk.getString("kind") == "make");
  CHECK(*Mk.getBoolean("changed"));
  CHECK(messages(Mk, "notes")
            .find("2: nvcc flag '-maxrregcount=32' "
                  "dropped: ") == 0);
  const json::Object &Plain = item(R, "cmake/plain.cmake");
  CHECK(*Plain.getString("status") == "unchanged");
  CHECK(!*Plain.getBoolean("changed"));
  CHECK(*Plain.getNumber("max_hours") == 0);
  const json::Object &Broken = item(R, "cmake/broken.cmake");
  CHECK(*Broken.getString("status") == "not-migrated");
  CHECK(messages(Broken, "errors") == "2: missing ')' for foo(\n");

  // A note is one `low` decision (0.25-1 h); a file migration could not
  // read is one `medium` hand migration (1-4 h), however many errors.
  CHECK(*Cm.getNumber("min_hours") == 0.25);
  CHECK(*Cm.getNumber("max_hours") == 1);
  CHECK(*Broken.getNumber("min_hours") == 1);
  CHECK(*Broken.getNumber("max_hours") == 4);
  CHECK(*B.getNumber("min_hours") == 1.5);
  CHECK(*B.getNumber("max_hours") == 6);
  const json::Object &Overall = *R.getObject("effort")->getObject("overall");
  CHECK(*Overall.getNumber("min_hours") == 1.5);
  CHECK(*Overall.getNumber("max_hours") == 6);
  CHECK(*Overall.getNumber("findings_max_hours") == 0);

  // The same tree gives the same report (no order from the file system).
  Tree Again;
  writeTree(Again);
  json::Object R2 = Again.build();
  std::string A, B2;
  raw_string_ostream(A) << json::Value(
      json::Object(*R.getObject("build_files")));
  raw_string_ostream(B2) << json::Value(
      json::Object(*R2.getObject("build_files")));
  CHECK(A == B2);
}

TEST_CASE("build-file rows escape user text in every format",
          "[report][build-files][escape]") {
  Tree T;
  writeTree(T);
  json::Object R = T.build();
  std::string Md, Html, Csv;
  raw_string_ostream MO(Md), HO(Html), CO(Csv);
  printReportMarkdown(R, MO);
  printReportHtml(R, HO);
  printReportCsv(R, CO, CsvTable::BuildFiles);

  CHECK(Md.find("| Build files | 4 (3 CMake, 1 Make): 2 migrated, 1 "
                "unchanged, 1 not migrated; 2 notes, 1 error for a person, "
                "1.5-6 h |") != std::string::npos);
  CHECK(Md.find("| Overall (findings + build files) | **1.5-6 h** |") !=
        std::string::npos);
  CHECK(Md.find("| mk&lt;b&gt;&amp;\\|\"x,y/Makefile | make | migrated | 1 | "
                "0 | 0.25-1 h |") != std::string::npos);
  CHECK(Md.find("- CMakeLists.txt:5: CUDA::nvjpeg left out of the link") !=
        std::string::npos);
  CHECK(Md.find("- cmake/broken.cmake:2 (error): missing ')' for foo(") !=
        std::string::npos);
  CHECK(Md.find("<b>&") == std::string::npos);

  CHECK(Html.find("id=\"build-files\"") != std::string::npos);
  CHECK(Html.find("<td class=\"mono\">mk&lt;b&gt;&amp;|&quot;x,y/Makefile"
                  "</td>") != std::string::npos);
  CHECK(Html.find("<li>error: line 2: missing &#39;)&#39; for foo(</li>") !=
        std::string::npos);
  CHECK(Html.find("mk<b>") == std::string::npos);

  CHECK(Csv.find("file,kind,status,changed,severity,line,message,"
                 "file_hours_min,file_hours_max\r\n") == 0);
  CHECK(Csv.find("CMakeLists.txt,cmake,migrated,true,note,5,CUDA::nvjpeg "
                 "left out of the link when CMake has no such target "
                 "($<TARGET_NAME_IF_EXISTS:...>): rocJPEG has its own "
                 "API,0.25,1\r\n") != std::string::npos);
  CHECK(Csv.find("\"mk<b>&|\"\"x,y/Makefile\",make,migrated,true,note,2,") !=
        std::string::npos);
  CHECK(Csv.find("cmake/broken.cmake,cmake,not-migrated,false,error,2,"
                 "missing ')' for foo(,1,4\r\n") != std::string::npos);
  // A file with nothing left still has its row.
  CHECK(Csv.find("cmake/plain.cmake,cmake,unchanged,false,,,,0,0\r\n") !=
        std::string::npos);
}

TEST_CASE("build-file notes follow the configuration's bucket ranges",
          "[report][build-files][config]") {
  Tree T;
  writeTree(T);
  T.Dir.write(".hipwright.yaml", "effort:\n  buckets: {low: [0.5, 2]}\n");
  json::Object R = T.build();
  const json::Object &Cm = item(R, "CMakeLists.txt");
  CHECK(*Cm.getNumber("min_hours") == 0.5);
  CHECK(*Cm.getNumber("max_hours") == 2);
}

TEST_CASE("the port's own build-file outcomes are reported as they are",
          "[report][build-files]") {
  Tree T;
  T.source("k.cu", "__global__ void k(int *p) { *p = 1; }\n");
  // port --out-root already migrated it: the report takes its outcome and
  // does not migrate the file again (it is not even on disk here).
  FileOutcome O;
  O.Path = T.Dir.path("Makefile");
  O.BuildFile = true;
  O.Parsed = false;
  O.Original = "NVCC := nvcc\n";
  O.Translated = "HIPCXX := clang++\n";
  O.Status = FileStatus::Translated;
  O.Notes = {O.Path + ":1: note: NVCC is no longer used"};
  T.R.Files.push_back(O);
  T.R.Inputs.BuildFiles = {O.Path};
  json::Object R = T.build();
  const json::Object &Mk = item(R, "Makefile");
  CHECK(*Mk.getString("status") == "migrated");
  CHECK(messages(Mk, "notes") == "1: NVCC is no longer used\n");
  CHECK(*R.getObject("build_files")->getInteger("files") == 1);
}
