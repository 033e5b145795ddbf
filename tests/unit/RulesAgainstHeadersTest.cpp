//===- RulesAgainstHeadersTest.cpp - tables vs. the real headers ----------===//
//
// Every name in rules/*.tsv must exist: the CUDA spelling in the CUDA 13.0
// headers, the HIP spelling in the headers of the real ROCm release the
// compile checks use (ROCm 7.2.4 from scripts/fetch-rocm.sh: HIP and the
// hip*/roc* libraries). A typo in a table would otherwise turn into a silent
// non-match (CUDA side) or a port that does not compile (HIP side).
//
//===----------------------------------------------------------------------===//
#include "HeaderTokens.h"
#include "RequireTool.h"
#include "rules/HeaderCheckScope.h"
#include "rules/RuleTable.h"
#include "support/RocmPrefix.h"

#include <catch2/catch.hpp>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <unordered_set>
#include <vector>

using namespace hipwright;
using namespace hipwright::header_tokens;
namespace fs = std::filesystem;

namespace {

const char *const CudaInclude = "/usr/local/cuda/include";

/// The ROCm in use, found once (the checks ask for it per row).
const std::optional<RocmInstall> &rocmInUse() {
  static const std::optional<RocmInstall> R = findRocm();
  return R;
}

/// The ROCm release's include directory (HIP and every library header it
/// has), or "" when there is no ROCm.
std::string rocmInclude() {
  return rocmInUse() ? rocmInUse()->Root + "/include" : std::string();
}

void addTree(const fs::path &Root, std::unordered_set<std::string> &Out) {
  std::error_code EC;
  if (!fs::is_directory(Root, EC))
    return;
  for (fs::recursive_directory_iterator
           It(Root, fs::directory_options::follow_directory_symlink, EC),
       End;
       It != End; It.increment(EC)) {
    if (EC)
      break;
    if (!It->is_regular_file(EC))
      continue;
    addFile(It->path(), Out);
  }
}

/// Built once: the walk over ~60 MB of headers is the slow part of the test.
struct HeaderIndex {
  std::unordered_set<std::string> Cuda, Hip;
  HeaderIndex() {
    addTree(CudaInclude, Cuda);
    addTree(rocmInclude(), Hip);
    // A HIP compile also reads clang's own HIP headers: ROCm 7's device
    // math (sinpif, tgamma, ...) is declared there, not in ROCm.
    std::error_code EC;
    for (const auto &E : fs::directory_iterator(
             fs::path(HIPWRIGHT_CLANG_RESOURCE_DIR) / "include", EC))
      if (E.path().filename().string().rfind("__clang_hip_", 0) == 0)
        addFile(E.path(), Hip);
  }
  static const HeaderIndex &get() {
    static const HeaderIndex Index;
    return Index;
  }
};

/// A qualified name (cooperative_groups::thread_block) passes when each of
/// its components is a known identifier.
bool hasName(const std::unordered_set<std::string> &Ids,
             const std::string &Name) {
  size_t Pos = 0;
  while (true) {
    size_t Sep = Name.find("::", Pos);
    std::string Part =
        Name.substr(Pos, Sep == std::string::npos ? Sep : Sep - Pos);
    if (!Part.empty() && !Ids.count(Part))
      return false;
    if (Sep == std::string::npos)
      return true;
    Pos = Sep + 2;
  }
}

/// Macros nvcc defines itself: they are in no header, yet code tests them.
bool isNvccPredefine(const std::string &Name) {
  static const std::unordered_set<std::string> Predefined = {
      "__CUDACC__",
      "__NVCC__",
      "__CUDACC_VER_MAJOR__",
      "__CUDACC_VER_MINOR__",
      "__CUDACC_VER_BUILD__",
      "__CUDACC_RDC__",
      "__CUDACC_EWP__",
      "__CUDACC_DEBUG__",
      "__CUDACC_RELAXED_CONSTEXPR__",
      "__CUDACC_EXTENDED_LAMBDA__",
      "__CUDA_ARCH__",
      "__CUDA_ARCH_LIST__",
      "__CUDA_ARCH_SPECIFIC__",
      "__CUDA_ARCH_FAMILY_SPECIFIC__",
      "__NVCC_DIAG_PRAGMA_SUPPORT__"};
  return Predefined.count(Name) != 0;
}

/// nvcc's atomic built-ins (__nv_atomic_fetch_add, ...) are declared by no
/// header: nvcc's device compiler knows them, and its binary holds each
/// name as a string of its own (NUL-terminated).
bool isNvccBuiltin(const std::string &Name) {
  if (Name.rfind("__nv_atomic_", 0) != 0)
    return false;
  static const std::string Cicc = [] {
    std::ifstream In(fs::path(CudaInclude).parent_path() / "nvvm/bin/cicc",
                     std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(In)),
                       std::istreambuf_iterator<char>());
  }();
  const std::string Spelled = Name + '\0';
  for (size_t At = Cicc.find(Spelled); At != std::string::npos;
       At = Cicc.find(Spelled, At + 1))
    if (At == 0 || !(std::isalnum(static_cast<unsigned char>(Cicc[At - 1])) ||
                     Cicc[At - 1] == '_'))
      return true;
  return false;
}

/// CUDA 13 moved Thrust, CUB and libcu++ under include/cccl; user code still
/// writes <thrust/...>, which nvcc finds through that directory.
bool isCudaHeader(const std::string &Path) {
  std::error_code EC;
  return fs::exists(fs::path(CudaInclude) / Path, EC) ||
         fs::exists(fs::path(CudaInclude) / "cccl" / Path, EC);
}

bool isCxxOrClangHeader(const std::string &Path) {
  std::error_code EC;
  if (fs::exists(fs::path("/usr/include") / Path, EC))
    return true;
  if (fs::exists(fs::path(HIPWRIGHT_CLANG_RESOURCE_DIR) / "include" / Path, EC))
    return true;
  for (const auto &Dir : fs::directory_iterator("/usr/include/c++", EC))
    if (fs::exists(Dir.path() / Path, EC))
      return true;
  return false;
}

/// The release of the ROCm in use ("7.2"): rows whose HIP twin is newer
/// cannot be checked against its headers.
RocmVersion usedRelease() {
  std::optional<RocmVersion> V;
  if (rocmInUse())
    V = RocmVersion::parse(rocmInUse()->Release);
  return V.value_or(RocmVersion{});
}

std::string where(const Rule &R) {
  return "rules/" + R.Family + ".tsv:" + std::to_string(R.Line);
}

} // namespace

TEST_CASE("every CUDA name exists in the CUDA 13.0 headers",
          "[rules][headers]") {
  if (!fs::is_directory(CudaInclude)) {
    HIPWRIGHT_TOOL_MISSING("CUDA headers not found at " << CudaInclude);
  }
  const HeaderIndex &Index = HeaderIndex::get();
  std::vector<std::string> Failures;
  unsigned Checked = 0, Removed = 0;
  for (const Rule &R : RuleTable::builtin().rules()) {
    if (R.Status == RuleStatus::Removed) {
      ++Removed; // gone from CUDA 13.0 by definition
      continue;
    }
    ++Checked;
    bool Ok =
        R.Kind == RuleKind::Header
            ? isCudaHeader(R.Cuda) || isCxxOrClangHeader(R.Cuda)
            : hasName(Index.Cuda, R.Cuda) ||
                  (R.Kind == RuleKind::Macro && isNvccPredefine(R.Cuda)) ||
                  (R.Kind == RuleKind::Function && isNvccBuiltin(R.Cuda));
    if (!Ok)
      Failures.push_back(where(R) + ": CUDA name '" + R.Cuda +
                         "' is not in the CUDA 13.0 headers (typo, or mark it "
                         "'removed')");
  }
  WARN("CUDA side: " << Checked << " rows checked, " << Removed
                     << " removed rows skipped");
  for (const std::string &F : Failures)
    UNSCOPED_INFO(F);
  CHECK(Failures.empty());
}

TEST_CASE("every HIP name exists in the ROCm release's headers",
          "[rules][headers]") {
  if (!fs::is_directory(rocmInclude() + "/hip")) {
    HIPWRIGHT_TOOL_MISSING("no ROCm headers (" << rocmSearchDescription()
                                               << ")");
  }
  const HeaderIndex &Index = HeaderIndex::get();
  std::vector<std::string> Failures;
  std::map<std::string, unsigned> Skipped;
  std::map<std::string, unsigned> CheckedIn; // per table, for docs
  unsigned Checked = 0;
  for (const Rule &R : RuleTable::builtin().rules()) {
    if (!R.hasHip())
      continue;
    std::string Lib;
    switch (headerCheckOf(R, usedRelease(), &Lib)) {
    case HeaderCheck::Checked:
    case HeaderCheck::NoHipName:
      break;
    case HeaderCheck::Emulated:
      // hipwright's own header defines these (by macro): RuleArityTest
      // parses it and checks each one is declared.
      ++Skipped["hipwright's own equivalents (RuleArityTest)"];
      continue;
    case HeaderCheck::MissingLibrary:
      ++Skipped[Lib + " (not in the ROCm prefix)"];
      continue;
    case HeaderCheck::NewerRelease:
      ++Skipped["rocm_version newer than the ROCm in use"];
      continue;
    case HeaderCheck::OlderRelease:
      ++Skipped["the HIP name of releases before the ROCm in use (a "
                "6.1-6.4 row)"];
      continue;
    }
    ++Checked;
    ++CheckedIn[R.Family];
    bool Ok =
        R.Kind == RuleKind::Header
            ? fs::exists(fs::path(rocmInclude()) / R.Hip) ||
                  // A HIP/ROCm header counts only from ROCm (another
                  // HIP may sit in /usr/include).
                  (R.Hip.rfind("hip", 0) != 0 && R.Hip.rfind("roc", 0) != 0 &&
                   isCxxOrClangHeader(R.Hip))
            : hasName(Index.Hip, R.Hip);
    if (!Ok)
      Failures.push_back(where(R) + ": HIP name '" + R.Hip +
                         "' is not in ROCm's headers (typo, a name ROCm "
                         "does not have, or set rocm_version to the ROCm "
                         "release that added it)");
  }
  std::string Summary =
      "HIP side: " + std::to_string(Checked) + " rows checked";
  for (const auto &[Why, N] : Skipped)
    Summary += "; skipped " + std::to_string(N) + ": " + Why;
  Summary += "; per table:";
  for (const auto &[Family, N] : CheckedIn)
    Summary += " " + Family + " " + std::to_string(N);
  WARN(Summary);
  for (const std::string &F : Failures)
    UNSCOPED_INFO(F);
  CHECK(Failures.empty());
}

TEST_CASE("every call rule names functions the headers have",
          "[rules][headers][call]") {
  if (!fs::is_directory(CudaInclude) ||
      !fs::is_directory(rocmInclude() + "/hip")) {
    HIPWRIGHT_TOOL_MISSING("CUDA or ROCm headers not found");
  }
  const HeaderIndex &Index = HeaderIndex::get();
  std::vector<std::string> Failures;
  for (const CallRow &C : RuleTable::builtin().allCallRules()) {
    if (!hasName(Index.Cuda, C.Call.Callee))
      Failures.push_back(where(C.Row) + ": CUDA function '" + C.Call.Callee +
                         "' is not in the CUDA 13.0 headers");
    // An expression form names no HIP function (golden.cache_hinted_loads_
    // stores compiles what it writes).
    if (C.Call.rewrites() && !C.Call.Expression &&
        !(C.Row.Since && usedRelease() < *C.Row.Since) &&
        !hasName(Index.Hip, C.Call.HipCallee))
      Failures.push_back(where(C.Row) + ": HIP function '" + C.Call.HipCallee +
                         "' is not in ROCm's headers (or set "
                         "rocm_version to the ROCm release that added it)");
  }
  for (const std::string &F : Failures)
    UNSCOPED_INFO(F);
  CHECK(Failures.empty());
}
