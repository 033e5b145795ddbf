//===- CudaDeviceFunctionsTest.cpp - CUDA device functions ROCm lacks -----===//
//
// Issue 29 asked for the list: every device function CUDA 13.0's headers
// declare (clang's CUDA wrappers included, where CUDA's own intrinsics are
// declared for clang) that no ROCm header declares, with what the port does
// with each. The list is docs/cuda-device-functions.md; this test derives it
// from the parsed headers and the rule tables and fails when the page is
// out of date (HIPWRIGHT_UPDATE_DOCS=1 rewrites it).
//
//===----------------------------------------------------------------------===//
#include "ParsedHeaders.h"
#include "RequireTool.h"
#include "rules/RuleTable.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

using namespace hipwright;
using namespace hipwright::parsed_headers;
namespace fs = std::filesystem;

namespace {

/// The identifiers CUDA's own headers spell outside comments (the toolkit's
/// include/ and include/crt/, not libcu++ under include/cccl/), each with
/// the first header that does: CUDA's API, as opposed to the helpers
/// clang's CUDA wrappers (__clang_cuda_*.h) declare for themselves.
std::map<std::string, std::string> cudaSpelled() {
  std::map<std::string, std::string> Names;
  for (const char *Sub : {"/include", "/include/crt"}) {
    std::vector<fs::path> Files;
    for (const auto &E : fs::directory_iterator(std::string(CudaRoot) + Sub))
      if (E.is_regular_file() &&
          (E.path().extension() == ".h" || E.path().extension() == ".hpp"))
        Files.push_back(E.path());
    std::sort(Files.begin(), Files.end());
    for (const fs::path &F : Files) {
      std::ifstream In(F);
      std::stringstream SS;
      SS << In.rdbuf();
      std::string T = SS.str();
      for (size_t I = 0; I < T.size();) {
        if (T.compare(I, 2, "//") == 0) {
          I = T.find('\n', I);
        } else if (T.compare(I, 2, "/*") == 0) {
          I = T.find("*/", I + 2);
          I = I == std::string::npos ? I : I + 2;
        } else if (std::isalpha(static_cast<unsigned char>(T[I])) ||
                   T[I] == '_') {
          size_t J = I;
          while (
              J < T.size() &&
              (std::isalnum(static_cast<unsigned char>(T[J])) || T[J] == '_'))
            ++J;
          Names.try_emplace(T.substr(I, J - I), F.filename().string());
          I = J;
        } else {
          ++I;
        }
        if (I == std::string::npos)
          break;
      }
    }
  }
  return Names;
}

/// Names that are the implementation, not the API: libdevice (__nv_*),
/// CUDA's internal helpers (__cuda*, __internal*, the atomic builtins), and
/// reserved names with a leading underscore and a capital.
bool internalName(llvm::StringRef N) {
  // __iAtomicAdd, __ullAtomicCAS_block, ...: the builtins CUDA's atomicAdd
  // and friends are made of.
  size_t A = N.find("Atomic");
  if (N.starts_with("__") && A != llvm::StringRef::npos && A > 2 &&
      llvm::all_of(N.slice(2, A), llvm::isLower))
    return true;
  return N.starts_with("__nv_") || N.starts_with("__cuda") ||
         N.starts_with("__internal") || N.starts_with("__nvvm") ||
         (N.size() > 1 && N[0] == '_' && N[1] >= 'A' && N[1] <= 'Z');
}

/// (the kind of answer, the answer) for the page.
std::pair<std::string, std::string> whatThePortDoes(const RuleTable &Rules,
                                                    const FunctionIndex &Hip,
                                                    const std::string &Name) {
  const Rule *R = Rules.lookup(Name);
  if (!R)
    return {"no rule: left in place; reported as an unknown CUDA API where "
            "the parse resolves it",
            "no rule"};
  if (R->emulated())
    return {"replaced by hipwright's own equivalent "
            "(`hipwright_cuda_compat.h`)",
            "hipwright's own `" + R->Hip + "`"};
  if (R->hasHip() && Hip.count(R->Hip))
    return {"renamed to the HIP function ROCm declares for it",
            "renamed to `" + R->Hip + "`"};
  if (R->hasHip())
    return {"renamed to a name ROCm 7.2's headers do not declare as a "
            "function in a HIP compile (a macro, or code behind a "
            "preprocessor condition that is off)",
            "renamed to `" + R->Hip + "`, which ROCm 7.2 does not declare"};
  std::string S = "left in place, reported";
  if (!R->Notes.empty())
    S += ": " + R->Notes;
  return {"left in place and reported (`unsupported-api`)", S};
}

std::string render(const FunctionIndex &Cuda, const FunctionIndex &Hip) {
  const RuleTable &Rules = RuleTable::builtin();
  static const std::map<std::string, std::string> Spelled = cudaSpelled();
  std::map<std::string, std::map<std::string, std::string>> ByHeader;
  std::map<std::string, unsigned> Counts;
  unsigned Total = 0;
  for (const auto &[Name, O] : Cuda) {
    auto It = Spelled.find(Name);
    if (!O.Device || It == Spelled.end() || internalName(Name) ||
        Hip.count(Name))
      continue;
    auto [Category, What] = whatThePortDoes(Rules, Hip, Name);
    ByHeader[It->second][Name] = What;
    ++Counts[Category];
    ++Total;
  }
  std::ostringstream OS;
  OS << "# CUDA device functions no ROCm header declares\n\n"
     << "Generated by `tests/unit/CudaDeviceFunctionsTest.cpp` from CUDA "
        "13.0's headers (with clang's `__clang_cuda_*.h`, which declare "
        "CUDA's intrinsics for clang) and ROCm 7.2's (with clang's "
        "`__clang_hip_*.h` and `hipwright_cuda_compat.h`), both parsed; "
        "`HIPWRIGHT_UPDATE_DOCS=1` rewrites it. A device function is listed "
        "when no function of that name is declared on the ROCm side; "
        "libdevice and CUDA-internal names are left out.\n\n"
     << Total << " functions:\n\n";
  for (const auto &[Category, N] : Counts)
    OS << "* " << N << ": " << Category << "\n";
  for (const auto &[Header, Names] : ByHeader) {
    OS << "\n## " << Header << "\n\n| function | what the port does |\n"
       << "| --- | --- |\n";
    for (const auto &[Name, What] : Names)
      OS << "| `" << Name << "` | " << What << " |\n";
  }
  return OS.str();
}

} // namespace

TEST_CASE("docs/cuda-device-functions.md lists the device functions ROCm "
          "lacks",
          "[rules][headers][device-functions]") {
  std::optional<RocmInstall> Rocm = findRocm();
  if (!fs::is_directory(std::string(CudaRoot) + "/include") || !Rocm)
    HIPWRIGHT_TOOL_MISSING("CUDA or ROCm headers not found");
  std::string Problem;
  const FunctionIndex &Cuda = cudaIndex(Problem);
  REQUIRE(Problem.empty());
  const FunctionIndex &Hip = hipIndex(*Rocm, Problem);
  REQUIRE(Problem.empty());
  std::string Page = render(Cuda, Hip);
  fs::path Doc =
      fs::path(HIPWRIGHT_SOURCE_DIR) / "docs" / "cuda-device-functions.md";
  if (const char *U = std::getenv("HIPWRIGHT_UPDATE_DOCS"); U && *U == '1')
    std::ofstream(Doc) << Page;
  std::ifstream In(Doc);
  std::stringstream Old;
  Old << In.rdbuf();
  INFO("docs/cuda-device-functions.md is out of date: run this test with "
       "HIPWRIGHT_UPDATE_DOCS=1 and commit the page");
  CHECK(Old.str() == Page);
}
