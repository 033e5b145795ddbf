//===- BuildRulesTest.cpp - rules/build/cmake.tsv against CMake and ROCm --===//
//
// The table's names are checked against what defines them: CUDA targets
// against CMake's FindCUDAToolkit module, CMake variables and properties
// against CMake's own documentation pages, HIP targets against the CMake
// packages of the ROCm libraries installed here.
//
//===----------------------------------------------------------------------===//
#include "buildfiles/BuildRules.h"
#include "RequireTool.h"
#include "support/RocmPrefix.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <catch2/catch.hpp>

#include <set>

using namespace hipwright;

namespace {
std::string parseError(llvm::StringRef Text) {
  BuildRuleTable T;
  if (llvm::Error E = T.addTable("t.tsv", Text))
    return llvm::toString(std::move(E));
  return "";
}

/// The newest /usr/share/cmake-X.Y directory (CMake's modules and help).
std::string cmakeShareDir() {
  std::string Best;
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It("/usr/share", EC), End;
       !EC && It != End; It.increment(EC)) {
    llvm::StringRef Name = llvm::sys::path::filename(It->path());
    if (Name.starts_with("cmake-") && It->path() > Best)
      Best = It->path();
  }
  return Best;
}

bool exists(const llvm::Twine &P) { return llvm::sys::fs::exists(P); }

/// CMake documents CMAKE_HIP_FLAGS as CMAKE_<LANG>_FLAGS.
bool documented(const std::string &Dir, llvm::StringRef Name,
                llvm::StringRef Lang) {
  if (exists(Dir + "/" + Name + ".rst"))
    return true;
  std::string Generic = Name.str();
  size_t At = Generic.find(Lang.str());
  if (At == std::string::npos)
    return false;
  Generic.replace(At, Lang.size(), "LANG");
  return exists(Dir + "/" + Generic + ".rst");
}
} // namespace

TEST_CASE("the built-in build table loads", "[build-rules]") {
  const BuildRuleTable &T = BuildRuleTable::builtin();
  REQUIRE(T.rows().size() > 50);
  const BuildRule *Cublas = T.lookup(BuildRuleKind::Target, "CUDA::cublas");
  REQUIRE(Cublas);
  CHECK(Cublas->Hip == std::vector<std::string>{"roc::hipblas"});
  CHECK(Cublas->Packages == std::vector<std::string>{"hipblas"});
  const BuildRule *Cudart = T.lookup(BuildRuleKind::Target, "CUDA::cudart");
  REQUIRE(Cudart);
  CHECK(Cudart->Hip == std::vector<std::string>{"hip::host"});
  const BuildRule *Curand = T.lookup(BuildRuleKind::Target, "CUDA::curand");
  REQUIRE(Curand);
  CHECK(Curand->Hip == std::vector<std::string>{"hip::hiprand"});
}

TEST_CASE("build table rows are checked as they are read", "[build-rules]") {
  CHECK(parseError("# c\nCUDA::x\thip::x\ttarget\thip\tnote\n") == "");
  CHECK(parseError("CUDA::x\thip::x\ttargets\thip\n") ==
        "t.tsv:1: unknown kind 'targets'");
  CHECK(parseError("CUDA::x\t-\ttarget\t-\t\n") ==
        "t.tsv:1: 'CUDA::x' has no HIP name and no reason in notes");
  CHECK(parseError("CUDA::x\thip::x\ttarget\t-\n") ==
        "t.tsv:1: 'CUDA::x' names HIP targets but no package");
  CHECK(parseError("CUDA::x\thip::x\ttarget\trocfoo\n") ==
        "t.tsv:1: unknown ROCm package 'rocfoo'");
  CHECK(parseError("A\tB\tvariable\t-\nA\tC\tvariable\t-\n") ==
        "t.tsv:2: 'A' appears twice");
  CHECK(parseError("A\tB\n") ==
        "t.tsv:1: expected 4 or 5 tab-separated columns, found 2");
}

TEST_CASE("CUDA targets are the ones FindCUDAToolkit defines",
          "[build-rules]") {
  std::string Share = cmakeShareDir();
  auto Module =
      llvm::MemoryBuffer::getFile(Share + "/Modules/FindCUDAToolkit.cmake");
  if (Share.empty() || !Module)
    HIPWRIGHT_TOOL_MISSING(
        "CMake's FindCUDAToolkit.cmake (package cmake-data)");
  llvm::StringRef Text = (*Module)->getBuffer();
  unsigned Checked = 0;
  for (const BuildRule &R : BuildRuleTable::builtin().rows()) {
    if (R.Kind != BuildRuleKind::Target ||
        !llvm::StringRef(R.Cuda).starts_with("CUDA::"))
      continue;
    llvm::StringRef Lib = llvm::StringRef(R.Cuda).drop_front(6);
    // The module spells most targets CUDA::name, some through its helper.
    bool Known = Text.contains(R.Cuda) ||
                 Text.contains("import_lib(" + Lib.str()) ||
                 Text.contains("import_lib(" + Lib.str() + " ");
    INFO("rules/build/cmake.tsv:" << R.Line << ": " << R.Cuda);
    CHECK(Known);
    ++Checked;
  }
  CHECK(Checked > 20);
}

TEST_CASE("CMake variables and properties are ones CMake documents",
          "[build-rules]") {
  std::string Share = cmakeShareDir();
  if (Share.empty() || !exists(Share + "/Help/variable"))
    HIPWRIGHT_TOOL_MISSING("CMake's help pages (package cmake-data)");
  unsigned Checked = 0;
  for (const BuildRule &R : BuildRuleTable::builtin().rows()) {
    bool Var = R.Kind == BuildRuleKind::Variable &&
               llvm::StringRef(R.Cuda).starts_with("CMAKE_CUDA_");
    bool Prop = R.Kind == BuildRuleKind::Property;
    if (!Var && !Prop)
      continue;
    std::string Dir = Share + (Var ? "/Help/variable" : "/Help/prop_tgt");
    INFO("rules/build/cmake.tsv:" << R.Line << ": " << R.Cuda);
    CHECK(documented(Dir, R.Cuda, "CUDA"));
    if (R.hasHip() && llvm::StringRef(R.Hip[0]).contains("HIP")) {
      INFO("HIP name " << R.Hip[0]);
      CHECK(documented(Dir, R.Hip[0], "HIP"));
    }
    ++Checked;
  }
  CHECK(Checked > 20);
}

/// The ROCm release the checks use (support/RocmPrefix.h); "" without one.
static std::string rocmRoot() {
  std::optional<hipwright::RocmInstall> R = hipwright::findRocm();
  return R ? R->Root : std::string();
}

TEST_CASE("HIP targets are exported by the ROCm release's packages",
          "[build-rules]") {
  // Debian's packages (the fetched prefix) keep ROCm's CMake packages under
  // the multiarch directory, ROCm's own installs under lib/cmake.
  std::vector<std::string> Roots = {rocmRoot() + "/lib/x86_64-linux-gnu/cmake",
                                    rocmRoot() + "/lib/cmake"};
  auto Exported = [&](const std::string &Pkg, const std::string &Target) {
    for (const std::string &Root : Roots) {
      std::error_code EC;
      for (llvm::sys::fs::directory_iterator It(Root + "/" + Pkg, EC), End;
           !EC && It != End; It.increment(EC)) {
        if (!llvm::StringRef(It->path()).ends_with(".cmake"))
          continue;
        auto B = llvm::MemoryBuffer::getFile(It->path());
        if (B && (*B)->getBuffer().contains("add_library(" + Target + " "))
          return true;
      }
    }
    return false;
  };
  auto Installed = [&](const std::string &Pkg) {
    for (const std::string &Root : Roots)
      if (exists(Root + "/" + Pkg))
        return true;
    return false;
  };
  if (rocmRoot().empty() || !Installed("hip"))
    HIPWRIGHT_TOOL_MISSING("HIP's CMake package (scripts/fetch-rocm.sh)");
  unsigned Checked = 0;
  std::set<std::string> Missing;
  for (const BuildRule &R : BuildRuleTable::builtin().rows()) {
    if (R.Kind != BuildRuleKind::Target && R.Kind != BuildRuleKind::LibVar)
      continue;
    for (size_t I = 0; I < R.Hip.size(); ++I) {
      // Rows list packages in the order of their targets.
      const std::string &Pkg = R.Packages[std::min(I, R.Packages.size() - 1)];
      if (!Installed(Pkg)) {
        Missing.insert(Pkg);
        continue;
      }
      INFO("rules/build/cmake.tsv:" << R.Line << ": " << R.Hip[I]
                                    << " from package " << Pkg);
      CHECK(Exported(Pkg, R.Hip[I]));
      ++Checked;
    }
  }
  // ROCm 7.2 has every library the table names but MIOpen, roctx and the
  // roc* BLAS/FFT/SOLVER back ends (scripts/rocm-packages.lock).
  CHECK(Checked >= 15);
  if (!Missing.empty())
    WARN(
        "not installed here, targets unchecked: " << llvm::join(Missing, ", "));
}

TEST_CASE("Makefile libraries are the ones the ROCm release ships",
          "[build-rules]") {
  // <root>/lib, where a migrated Makefile's -L$(ROCM_PATH)/lib looks
  // (the fetched prefix links its multiarch libraries there too).
  const std::string LibDir = rocmRoot() + "/lib";
  if (rocmRoot().empty() || !exists(LibDir + "/libamdhip64.so"))
    HIPWRIGHT_TOOL_MISSING("HIP's runtime library (scripts/fetch-rocm.sh)");
  unsigned Checked = 0, Rows = 0;
  for (const BuildRule &R : BuildRuleTable::builtin().rows()) {
    if (R.Kind != BuildRuleKind::Library)
      continue;
    ++Rows;
    // A library's CMake package installed means the library is too.
    if (!R.hasHip() ||
        (!exists(rocmRoot() + "/lib/x86_64-linux-gnu/cmake/" +
                 R.Packages.front()) &&
         !exists(rocmRoot() + "/lib/cmake/" + R.Packages.front())))
      continue;
    INFO("rules/build/cmake.tsv:" << R.Line << ": -l" << R.Hip[0]);
    CHECK(exists(LibDir + "/lib" + R.Hip[0] + ".so"));
    ++Checked;
  }
  CHECK(Rows >= 10);
  CHECK(Checked >= 8);
}
