//===- RulesAgainstHeadersTest.cpp - tables vs. the real headers ----------===//
//
// Every name in rules/*.tsv must exist: the CUDA spelling in the CUDA 13.0
// headers, the HIP spelling in the HIP headers Debian ships. A typo in a
// table would otherwise turn into a silent non-match (CUDA side) or a port
// that does not compile (HIP side).
//
//===----------------------------------------------------------------------===//
#include "RequireTool.h"
#include "rules/RuleTable.h"

#include <catch2/catch.hpp>

#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <unordered_set>
#include <vector>

using namespace hipwright;
namespace fs = std::filesystem;

namespace {

const char *const CudaInclude = "/usr/local/cuda/include";
const char *const HipRoots[] = {
    "/usr/include/hip", "/usr/include/hiprand", "/usr/include/rocrand",
    "/usr/include/hipsparse", "/usr/include/rocprim"};

bool isIdentStart(char C) {
  return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') || C == '_';
}
bool isIdentChar(char C) { return isIdentStart(C) || (C >= '0' && C <= '9'); }

/// Adds every identifier token of \p Text to \p Out. Comments and string
/// literals are skipped so a name that only appears in documentation does not
/// count; numbers are skipped whole so hex digits in rocRAND's precomputed
/// tables ("0xdeadbeef") do not read as identifiers.
void tokenize(const std::string &Text, std::unordered_set<std::string> &Out) {
  size_t I = 0, N = Text.size();
  while (I < N) {
    char C = Text[I];
    if (C == '/' && I + 1 < N && Text[I + 1] == '/') {
      while (I < N && Text[I] != '\n')
        ++I;
    } else if (C == '/' && I + 1 < N && Text[I + 1] == '*') {
      size_t End = Text.find("*/", I + 2);
      I = End == std::string::npos ? N : End + 2;
    } else if (C == '"' || C == '\'') {
      // Crude: no raw strings; stops at the end of the line to recover from
      // an apostrophe in an #error message.
      ++I;
      while (I < N && Text[I] != C && Text[I] != '\n') {
        if (Text[I] == '\\')
          ++I;
        ++I;
      }
      ++I;
    } else if (C >= '0' && C <= '9') {
      while (I < N &&
             (isIdentChar(Text[I]) || Text[I] == '.' || Text[I] == '\''))
        ++I;
    } else if (isIdentStart(C)) {
      size_t Start = I;
      while (I < N && isIdentChar(Text[I]))
        ++I;
      Out.emplace(Text, Start, I - Start);
    } else {
      ++I;
    }
  }
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
    std::ifstream In(It->path(), std::ios::binary);
    std::stringstream SS;
    SS << In.rdbuf();
    tokenize(SS.str(), Out);
  }
}

/// Built once: the walk over ~60 MB of headers is the slow part of the test.
struct HeaderIndex {
  std::unordered_set<std::string> Cuda, Hip;
  HeaderIndex() {
    addTree(CudaInclude, Cuda);
    for (const char *Root : HipRoots)
      addTree(Root, Hip);
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

/// HIP libraries Debian does not package, recognised by table or HIP name.
/// Rows that map to them cannot be checked here.
std::string missingHipLibrary(const Rule &R) {
  static const std::map<std::string, std::string> ByFamily = {
      {"cublas", "hipBLAS"},     {"cufft", "hipFFT"},
      {"cusolver", "hipSOLVER"}, {"cub", "hipCUB"},
      {"thrust", "rocThrust"},   {"cudnn", "MIOpen"},
      {"nccl", "RCCL"},          {"nvtx", "roctx"},
      {"cublaslt", "hipBLASLt"}};
  if (auto It = ByFamily.find(R.Family); It != ByFamily.end())
    return It->second;
  std::string Lower;
  for (char C : R.Hip)
    Lower += static_cast<char>(std::tolower(static_cast<unsigned char>(C)));
  static const std::pair<const char *, const char *> ByPrefix[] = {
      {"hipblaslt", "hipBLASLt"}, {"hipblas", "hipBLAS"},
      {"hipfft", "hipFFT"},       {"hipsolver", "hipSOLVER"},
      {"hipcub", "hipCUB"},       {"rocwmma", "rocWMMA"},
      {"miopen", "MIOpen"},       {"rccl", "RCCL"},
      {"roctx", "roctx"},         {"rocblas", "hipBLAS"},
      {"thrust", "rocThrust"},    {"roctracer", "roctx"}};
  for (auto [Prefix, Lib] : ByPrefix)
    if (Lower.rfind(Prefix, 0) == 0)
      return Lib;
  return "";
}

/// True when the row says its HIP twin first shipped after ROCm 5.2, the
/// version of Debian's headers.
bool newerThanDebianRocm(const std::string &V) {
  unsigned Major = 0, Minor = 0;
  if (std::sscanf(V.c_str(), "%u.%u", &Major, &Minor) < 1)
    return false;
  return Major > 5 || (Major == 5 && Minor > 2);
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
    bool Ok = R.Kind == RuleKind::Header
                  ? isCudaHeader(R.Cuda) || isCxxOrClangHeader(R.Cuda)
                  : hasName(Index.Cuda, R.Cuda) ||
                        (R.Kind == RuleKind::Macro && isNvccPredefine(R.Cuda));
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

TEST_CASE("every HIP name exists in Debian's HIP headers", "[rules][headers]") {
  if (!fs::is_directory("/usr/include/hip")) {
    HIPWRIGHT_TOOL_MISSING("HIP headers not found at /usr/include/hip "
                           "(install libamdhip64-dev)");
  }
  const HeaderIndex &Index = HeaderIndex::get();
  std::vector<std::string> Failures;
  std::map<std::string, unsigned> Skipped;
  unsigned Checked = 0;
  for (const Rule &R : RuleTable::builtin().rules()) {
    if (!R.hasHip())
      continue;
    if (std::string Lib = missingHipLibrary(R); !Lib.empty()) {
      ++Skipped[Lib + " (not packaged by Debian)"];
      continue;
    }
    if (newerThanDebianRocm(R.RocmVersion)) {
      ++Skipped["rocm_version newer than Debian's 5.2"];
      continue;
    }
    ++Checked;
    bool Ok = R.Kind == RuleKind::Header
                  ? fs::exists(fs::path("/usr/include") / R.Hip) ||
                        isCxxOrClangHeader(R.Hip)
                  : hasName(Index.Hip, R.Hip);
    if (!Ok)
      Failures.push_back(where(R) + ": HIP name '" + R.Hip +
                         "' is not in Debian's HIP headers (typo, or set "
                         "rocm_version to the ROCm release that added it)");
  }
  std::string Summary =
      "HIP side: " + std::to_string(Checked) + " rows checked";
  for (const auto &[Why, N] : Skipped)
    Summary += "; skipped " + std::to_string(N) + ": " + Why;
  WARN(Summary);
  for (const std::string &F : Failures)
    UNSCOPED_INFO(F);
  CHECK(Failures.empty());
}

TEST_CASE("every call rule names functions the headers have",
          "[rules][headers][call]") {
  if (!fs::is_directory(CudaInclude) || !fs::is_directory("/usr/include/hip")) {
    WARN("CUDA or HIP headers not found; check skipped");
    return;
  }
  const HeaderIndex &Index = HeaderIndex::get();
  std::vector<std::string> Failures;
  for (const CallRow &C : RuleTable::builtin().allCallRules()) {
    if (!hasName(Index.Cuda, C.Call.Callee))
      Failures.push_back(where(C.Row) + ": CUDA function '" + C.Call.Callee +
                         "' is not in the CUDA 13.0 headers");
    if (C.Call.rewrites() && !newerThanDebianRocm(C.Row.RocmVersion) &&
        !hasName(Index.Hip, C.Call.HipCallee))
      Failures.push_back(where(C.Row) + ": HIP function '" +
                         C.Call.HipCallee +
                         "' is not in Debian's HIP headers (or set "
                         "rocm_version to the ROCm release that added it)");
  }
  for (const std::string &F : Failures)
    UNSCOPED_INFO(F);
  CHECK(Failures.empty());
}
