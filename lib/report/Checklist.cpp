//===- Checklist.cpp - the porting checklist and dependency inventory -----===//
#include "report/Checklist.h"

#include "buildfiles/BuildFiles.h"
#include "report/BuildFileLinks.h"
#include "report/Classify.h"
#include "report/GenericPaths.h"
#include "report/HipAlternatives.h"
#include "report/KernelShapes.h"
#include "report/SourceScan.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <set>

using namespace llvm;

namespace hipwright {

namespace {

/// One library's entry in the inventory.
struct Dependency {
  unsigned Uses = 0;
  std::set<std::string> Files;   ///< relative paths
  std::set<std::string> FoundBy; ///< include, namespace, api, build
};

/// Where the generic path of the gated kernel \p Name (defined in \p Path)
/// is, in words; "" when the tree shows none.
std::string fallbackFor(StringRef Name, StringRef Path,
                        const GenericDefinitions &Kernels,
                        const GenericDefinitions &Files,
                        function_ref<std::string(StringRef)> Rel) {
  if (const GenericDefinition *D = Kernels.find(Name)) {
    std::string Line = std::to_string(D->Line);
    if (D->Name != Name)
      return Rel(D->Path) + ":" + Line + " defines '" + D->Name +
             "', its name without the newer architecture, outside such a "
             "branch";
    if (D->Path == Path)
      return "'" + Name.str() + "' is defined again at line " + Line +
             " outside that branch";
    return Rel(D->Path) + ":" + Line + " defines '" + Name.str() +
           "' outside such a branch";
  }
  if (const GenericDefinition *F = Files.find(sys::path::stem(Path));
      F && F->Path != Path)
    return Rel(F->Path) +
           ", the file's name without the newer architecture, "
           "defines kernels outside such branches (line " +
           std::to_string(F->Line) + ")";
  return "";
}

std::string foundBy(const std::string &How) {
  if (StringRef(How).starts_with("#include"))
    return "include";
  if (StringRef(How).ends_with("::"))
    return "namespace";
  return "api";
}

/// Libraries in first-use order, each with its first use and line.
std::vector<std::pair<const LibraryRow *, std::string>>
firstUses(const std::vector<LibraryUse> &Uses, size_t Begin = 0,
          size_t End = SIZE_MAX) {
  std::vector<std::pair<const LibraryRow *, std::string>> Out;
  for (const LibraryUse &U : Uses) {
    if (U.Offset < Begin || U.Offset >= End)
      continue;
    bool Seen = false;
    for (auto &[L, _] : Out)
      Seen |= L == U.Library;
    if (!Seen)
      Out.push_back({U.Library, U.How + ", line " + std::to_string(U.Line)});
  }
  return Out;
}

json::Array strings(const std::vector<std::string> &V) {
  json::Array A;
  for (const std::string &S : V)
    A.push_back(S);
  return A;
}

/// The `classify:` entry of \p C for \p File, with where it was written.
std::optional<ClassOverrideFact> overrideFor(const Config &C, StringRef File,
                                             StringRef Root,
                                             const InputTree &Inputs) {
  StringRef Dir = C.Source.empty() ? Root : sys::path::parent_path(C.Source);
  StringRef Rel = File;
  if (Rel.consume_front(Dir))
    Rel = Rel.ltrim('/');
  const ClassOverride *O = C.classOverrideFor(Rel);
  if (!O)
    return std::nullopt;
  std::optional<PortClass> Class = parsePortClass(O->Class);
  if (!Class) // parseConfig accepts only the known names
    return std::nullopt;
  std::string Where =
      Inputs.contains(C.Source) ? Inputs.relative(C.Source) : C.Source;
  return ClassOverrideFact{*Class, O->Reason,
                           Where + ":" + std::to_string(O->Line)};
}

} // namespace

Expected<ChecklistJson> buildChecklist(const ChecklistInput &In) {
  const PortResult &R = *In.Result;
  const LibraryTable &Libs = *In.Libraries;
  auto Rel = [&](StringRef P) { return R.Inputs.relative(P); };
  std::map<const LibraryRow *, Dependency> Deps;

  // The token pass over every CUDA/C++ file of the tree.
  struct Scanned {
    const FileOutcome *File;
    SourceScanResult Scan;
  };
  // Files: the checklist's. Unlisted: files HIP already and plain C++
  // files, read only for what they #include.
  std::vector<Scanned> Files, Unlisted;
  std::set<std::string> AllPaths, HipPaths; // for hipAlternatives below
  unsigned WithoutCuda = 0;
  for (const FileOutcome &F : R.Files) {
    if (F.BuildFile)
      continue;
    AllPaths.insert(F.Path);
    Scanned S{&F, scanSource(F.Original, Libs)};
    if (F.AlreadyHip) {
      HipPaths.insert(F.Path);
      Unlisted.push_back(std::move(S));
      continue;
    }
    for (const LibraryUse &U : S.Scan.Uses) {
      Dependency &D = Deps[U.Library];
      ++D.Uses;
      D.Files.insert(Rel(F.Path));
      D.FoundBy.insert(foundBy(U.How));
    }
    auto H = In.Hours.find(F.Path);
    bool Findings = H != In.Hours.end() && H->second.Findings;
    // A plain C++ file the translator left alone, with no device code, no
    // CUDA library and no finding, is not on a CUDA checklist.
    if (F.Status == FileStatus::Unchanged && !S.Scan.DeviceCode &&
        S.Scan.Uses.empty() && !Findings) {
      ++WithoutCuda;
      Unlisted.push_back(std::move(S));
      continue;
    }
    Files.push_back(std::move(S));
  }

  // Build files: what the tree links.
  json::Array BuildErrors;
  for (const std::string &B : R.Inputs.BuildFiles) {
    std::optional<BuildFileKind> Kind = buildFileKind(B);
    if (!Kind)
      continue;
    ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(B);
    if (!Buf) {
      BuildErrors.push_back(Rel(B) +
                            ": cannot be read: " + Buf.getError().message());
      continue;
    }
    std::string Error;
    for (const BuildLink &L :
         buildFileLinks(Rel(B), (*Buf)->getBuffer(), *Kind, Libs, &Error)) {
      Dependency &D = Deps[L.Library];
      ++D.Uses;
      D.Files.insert(Rel(B));
      D.FoundBy.insert("build");
    }
    if (!Error.empty())
      BuildErrors.push_back(Error);
  }

  // Where each kernel name is defined outside an NVIDIA-only branch, and
  // which files define such kernels: the generic path a gated kernel falls
  // back to (report/GenericPaths.h).
  GenericDefinitions Generic, GenericFiles;
  for (const Scanned &S : Files)
    for (const ScannedKernel &K : S.Scan.Kernels)
      if (K.Gate < 0 && K.BodyGate < 0) {
        Generic.add(K.Name, S.File->Path, K.Line);
        GenericFiles.add(sys::path::stem(S.File->Path), S.File->Path, K.Line);
      }

  // Headers an #if chain swaps for an already-HIP one on AMD.
  std::vector<IncludingFile> Including;
  for (const std::vector<Scanned> *V : {&Files, &Unlisted})
    for (const Scanned &S : *V)
      Including.push_back({S.File->Path, &S.Scan.Includes});
  std::map<std::string, std::string> Swapped = hipAlternatives(
      Including, AllPaths, HipPaths, [&](StringRef P) { return Rel(P); });

  // Every file's device functions, so a kernel's shape includes the
  // helpers it calls wherever the tree defines them.
  ShapeContext Shapes;
  std::vector<unsigned> ShapeIds;
  for (const Scanned &S : Files)
    ShapeIds.push_back(
        Shapes.addFile(Rel(S.File->Path), S.File->Original, S.Scan));
  for (const Scanned &S : Unlisted)
    Shapes.addFile(Rel(S.File->Path), S.File->Original, S.Scan);

  struct Classified {
    const FileOutcome *File;
    FileFacts Facts;
    Decision File_;
    std::vector<Decision> Kernels;
    FileHours Hours;
  };
  std::vector<Classified> Out;
  for (size_t FileIdx = 0; FileIdx < Files.size(); ++FileIdx) {
    const Scanned &S = Files[FileIdx];
    FileFacts FF;
    FF.Path = Rel(S.File->Path);
    FF.DeviceCode = S.Scan.DeviceCode;
    FF.Launches = S.Scan.Launches;
    FF.FirstLaunchLine = S.Scan.FirstLaunchLine;
    FF.Libraries = firstUses(S.Scan.Uses);
    if (auto It = Swapped.find(S.File->Path); It != Swapped.end())
      FF.HipAlternative = It->second;
    Expected<const Config *> Cfg = In.Configs->forFile(S.File->Path);
    if (!Cfg)
      return Cfg.takeError();
    FF.Override = overrideFor(**Cfg, S.File->Path, R.Inputs.Root, R.Inputs);
    for (const ScannedKernel &K : S.Scan.Kernels) {
      KernelFacts KF;
      KF.Name = K.Name;
      KF.Line = K.Line;
      KF.Libraries = firstUses(S.Scan.Uses, K.BodyBegin, K.BodyEnd);
      KF.Shape = Shapes.recognize(ShapeIds[FileIdx], K);
      if (int GateIdx = K.Gate >= 0 ? K.Gate : K.BodyGate; GateIdx >= 0) {
        const ArchGate &G = S.Scan.Gates[GateIdx];
        KF.Gate = "`" + G.Condition + "` (line " + std::to_string(G.Line) + ")";
        KF.WholeBody = K.Gate < 0;
        KF.Fallback =
            fallbackFor(K.Name, S.File->Path, Generic, GenericFiles, Rel);
      }
      FF.Kernels.push_back(std::move(KF));
    }
    Classified C{S.File, std::move(FF), {}, {}, {}};
    for (const KernelFacts &K : C.Facts.Kernels)
      C.Kernels.push_back(classifyKernel(K, C.Facts));
    C.File_ = classifyFile(C.Facts, C.Kernels);
    auto H = In.Hours.find(S.File->Path);
    if (H != In.Hours.end())
      C.Hours = H->second;
    C.Hours.Floor |= S.File->Status == FileStatus::Partial ||
                     S.File->Status == FileStatus::Failed;
    // The hours count findings; a library the translator does not carry
    // over (CUTLASS) is rewritten by hand, work no finding measures.
    for (auto &[L, How] : C.Facts.Libraries)
      if (L->Role == LibraryRole::Replace && !L->Translated) {
        C.Hours.Floor = true;
        C.File_.Evidence.push_back("the hours leave out rewriting its " +
                                   L->Name + " uses on " + L->Rocm +
                                   ": hipwright does not translate " + L->Name);
      }
    Out.push_back(std::move(C));
  }

  // Files by class (the report's order), most hours first, then by path.
  auto ClassRank = [](PortClass C) {
    const auto &All = allPortClasses();
    return std::find(All.begin(), All.end(), C) - All.begin();
  };
  std::stable_sort(Out.begin(), Out.end(), [&](auto &A, auto &B) {
    return std::make_tuple(ClassRank(A.File_.Class), -A.Hours.MaxHours,
                           -A.Hours.MinHours, A.Facts.Path) <
           std::make_tuple(ClassRank(B.File_.Class), -B.Hours.MaxHours,
                           -B.Hours.MinHours, B.Facts.Path);
  });

  ChecklistJson Result;
  json::Array FilesJson, KernelsJson;
  struct ClassSum {
    unsigned Files = 0, Kernels = 0, Findings = 0;
    double Min = 0, Max = 0;
    bool Floor = false;
  };
  std::map<PortClass, ClassSum> Sums;
  std::vector<std::tuple<std::string, unsigned, json::Object>> Kernels;
  for (const Classified &C : Out) {
    ClassSum &S = Sums[C.File_.Class];
    ++S.Files;
    S.Findings += C.Hours.Findings;
    S.Min += C.Hours.MinHours;
    S.Max += C.Hours.MaxHours;
    S.Floor |= C.Hours.Floor;
    std::vector<std::string> LibNames;
    for (auto &[L, _] : C.Facts.Libraries)
      LibNames.push_back(L->Name);
    Result.ClassOf[C.File->Path] = toString(C.File_.Class);
    FilesJson.push_back(json::Object{
        {"path", C.Facts.Path},
        {"class", toString(C.File_.Class)},
        {"evidence", strings(C.File_.Evidence)},
        {"rocm", strings(C.File_.Rocm)},
        {"override",
         C.Facts.Override
             ? json::Value(json::Object{{"source", C.Facts.Override->Source},
                                        {"reason", C.Facts.Override->Reason}})
             : json::Value(nullptr)},
        {"libraries", strings(LibNames)},
        {"device_code", C.Facts.DeviceCode},
        {"kernels", int64_t(C.Facts.Kernels.size())},
        {"status", toString(C.File->Status)},
        {"findings", C.Hours.Findings},
        {"min_hours", C.Hours.MinHours},
        {"max_hours", C.Hours.MaxHours},
        {"floor", C.Hours.Floor}});
    for (size_t I = 0; I < C.Kernels.size(); ++I) {
      ++Sums[C.Kernels[I].Class].Kernels;
      Kernels.push_back(
          {C.Facts.Path, C.Facts.Kernels[I].Line,
           json::Object{{"name", C.Facts.Kernels[I].Name},
                        {"file", C.Facts.Path},
                        {"line", C.Facts.Kernels[I].Line},
                        {"class", toString(C.Kernels[I].Class)},
                        {"evidence", strings(C.Kernels[I].Evidence)},
                        {"rocm", strings(C.Kernels[I].Rocm)}}});
    }
  }
  std::stable_sort(Kernels.begin(), Kernels.end(), [](auto &A, auto &B) {
    return std::tie(std::get<0>(A), std::get<1>(A)) <
           std::tie(std::get<0>(B), std::get<1>(B));
  });
  for (auto &K : Kernels)
    KernelsJson.push_back(std::move(std::get<2>(K)));

  json::Array Classes;
  for (PortClass PC : allPortClasses()) {
    const ClassSum &S = Sums[PC];
    Classes.push_back(json::Object{{"class", toString(PC)},
                                   {"files", S.Files},
                                   {"kernels", S.Kernels},
                                   {"findings", S.Findings},
                                   {"min_hours", S.Min},
                                   {"max_hours", S.Max},
                                   {"floor", S.Floor}});
  }
  Result.Checklist =
      json::Object{{"classes", std::move(Classes)},
                   {"files", std::move(FilesJson)},
                   {"kernels", std::move(KernelsJson)},
                   {"files_without_cuda", WithoutCuda},
                   {"build_file_errors", std::move(BuildErrors)}};

  // The inventory: most used first, then by name.
  std::vector<std::pair<const LibraryRow *, const Dependency *>> Sorted;
  for (auto &[L, D] : Deps)
    Sorted.push_back({L, &D});
  std::sort(Sorted.begin(), Sorted.end(), [](auto &A, auto &B) {
    return std::make_pair(-int64_t(A.second->Uses), A.first->Name) <
           std::make_pair(-int64_t(B.second->Uses), B.first->Name);
  });
  for (auto &[L, D] : Sorted) {
    json::Array FilesA, How;
    for (const std::string &F : D->Files)
      FilesA.push_back(F);
    for (const std::string &H : D->FoundBy)
      How.push_back(H);
    Result.Dependencies.push_back(json::Object{
        {"library", L->Name},
        {"kind", L->Kind},
        {"role", toString(L->Role)},
        {"rocm", L->Rocm.empty() ? json::Value(nullptr) : json::Value(L->Rocm)},
        {"source", L->Source},
        {"uses", D->Uses},
        {"files", std::move(FilesA)},
        {"found_by", std::move(How)}});
  }
  return Result;
}

} // namespace hipwright
