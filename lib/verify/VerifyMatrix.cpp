//===- VerifyMatrix.cpp - the cells `hipwright verify` fills --------------===//
#include "verify/VerifyMatrix.h"

#include "output/VersionInfo.h"

using namespace llvm;

namespace hipwright::verify {

StringRef toString(CellStatus S) {
  switch (S) {
  case CellStatus::Pass:
    return "pass";
  case CellStatus::Fail:
    return "fail";
  case CellStatus::Error:
    return "error";
  case CellStatus::NotRun:
    return "not-run";
  }
  return "not-run";
}

std::vector<std::string>
cellColumns(const std::vector<std::string> &AmdTargets) {
  std::vector<std::string> C{kCudaBuildNvcc};
  for (const std::string &T : AmdTargets)
    C.push_back("port-build-" + T);
  for (const char *N : {kPortBuildNvidia, kCudaRunWave32, kPortRunWave64,
                        kFixedRunWave64, kFixedRunWave32, kNativeRunWave64,
                        kNativeRunWave32, kGpuRunNvidia, kGpuRunAmd})
    C.push_back(N);
  return C;
}

std::map<CellStatus, unsigned> Matrix::counts() const {
  std::map<CellStatus, unsigned> N{{CellStatus::Pass, 0},
                                   {CellStatus::Fail, 0},
                                   {CellStatus::Error, 0},
                                   {CellStatus::NotRun, 0}};
  for (const ProgramRow &P : Programs)
    for (const auto &[_, C] : P.Cells)
      ++N[C.Status];
  return N;
}

bool Matrix::clean() const {
  auto N = counts();
  return N[CellStatus::Fail] == 0 && N[CellStatus::Error] == 0;
}

json::Value toJson(const Matrix &M) {
  json::Array Programs;
  for (const ProgramRow &P : M.Programs) {
    json::Object Cells;
    for (const std::string &Col : M.Columns) {
      auto It = P.Cells.find(Col);
      if (It == P.Cells.end())
        continue;
      Cells[Col] = json::Object{{"status", toString(It->second.Status)},
                                {"detail", It->second.Detail}};
    }
    json::Array Sources;
    for (const std::string &S : P.Sources)
      Sources.push_back(S);
    Programs.push_back(json::Object{{"name", P.Name},
                                    {"file", P.File},
                                    {"sources", std::move(Sources)},
                                    {"sources_from", P.SourcesFrom},
                                    {"verdict", P.Verdict},
                                    {"manifest_entry", P.ManifestEntry},
                                    {"cells", std::move(Cells)}});
  }
  json::Object Counts;
  for (const auto &[S, N] : M.counts())
    Counts[toString(S)] = N;
  json::Array Columns, Inputs;
  for (const std::string &C : M.Columns)
    Columns.push_back(C);
  for (const std::string &I : M.Inputs)
    Inputs.push_back(I);
  json::Object Summary{{"programs", int64_t(M.Programs.size())},
                       {"cells", std::move(Counts)},
                       {"columns", std::move(Columns)},
                       {"inputs", std::move(Inputs)},
                       {"runtime", M.Runtime},
                       {"seconds", M.Seconds},
                       {"clean", M.clean()}};
  return json::Object{{"version", versionJson()},
                      {"programs", std::move(Programs)},
                      {"summary", std::move(Summary)}};
}

} // namespace hipwright::verify
