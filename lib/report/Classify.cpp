//===- Classify.cpp - the porting checklist's decision rules --------------===//
#include "report/Classify.h"

#include "llvm/ADT/StringExtras.h"

#include <algorithm>

using namespace llvm;

namespace hipwright {

const char *toString(PortClass C) {
  switch (C) {
  case PortClass::ReplaceWithLibrary:
    return "replace-with-library";
  case PortClass::Drop:
    return "drop";
  case PortClass::Port:
    return "port";
  }
  return "?";
}

std::optional<PortClass> parsePortClass(StringRef S) {
  for (PortClass C : allPortClasses())
    if (S == toString(C))
      return C;
  return std::nullopt;
}

const std::vector<PortClass> &allPortClasses() {
  static const std::vector<PortClass> All = {PortClass::ReplaceWithLibrary,
                                             PortClass::Drop, PortClass::Port};
  return All;
}

bool hasGemmName(StringRef Kernel) {
  std::string L = Kernel.lower();
  StringRef S(L);
  return S.contains("gemm") || S.contains("matmul") || S.contains("matrixmul");
}

namespace {

/// "cuBLAS -> hipBLAS (rocBLAS underneath)", or "... (no ROCm counterpart)".
std::string counterpart(const LibraryRow &L) {
  return L.Name + " -> " +
         (L.Rocm.empty() ? std::string("no ROCm counterpart") : L.Rocm);
}

void addUnique(std::vector<std::string> &V, const std::string &S) {
  if (!S.empty() && std::find(V.begin(), V.end(), S) == V.end())
    V.push_back(S);
}

Decision overridden(const ClassOverrideFact &O) {
  Decision D;
  D.Class = O.Class;
  D.Evidence.push_back("set by " + O.Source + ": " + O.Reason);
  return D;
}

/// The ROCm counterpart of a GEMM, from the library table (CUTLASS's row
/// names both hipBLASLt and Composable Kernel).
std::string gemmCounterpart() {
  for (const LibraryRow &R : LibraryTable::builtin().rows())
    if (R.Name == "CUTLASS")
      return R.Rocm;
  return "";
}

const char *shapeName(ShapeKind K) {
  switch (K) {
  case ShapeKind::Reduction:
    return "a reduction";
  case ShapeKind::Scan:
    return "a prefix scan";
  case ShapeKind::Sort:
    return "a sort (a compare-and-swap network)";
  case ShapeKind::Histogram:
    return "a histogram";
  }
  return "?";
}

/// "lines 12, 14, 20": the first line number of each step.
std::string stepLines(const KernelShape &S) {
  std::string Out;
  std::vector<std::string> Seen;
  for (const std::string &Step : S.Steps) {
    StringRef L = Step;
    if (!L.consume_front("line "))
      continue;
    std::string N = L.take_while([](char C) { return isDigit(C); }).str();
    if (std::find(Seen.begin(), Seen.end(), N) != Seen.end())
      continue;
    Seen.push_back(N);
    Out += (Out.empty() ? "" : ", ") + N;
  }
  return (Out.find(',') == std::string::npos ? "line " : "lines ") + Out;
}

} // namespace

Decision classifyKernel(const KernelFacts &K, const FileFacts &File) {
  if (File.Override) {
    Decision D = overridden(*File.Override);
    D.Evidence.back() = "its file's class " + D.Evidence.back();
    return D;
  }
  Decision D;
  // Rule 1: a branch only newer NVIDIA GPUs take, with the generic path in
  // the tree, is what AMD never runs.
  std::string Where = K.WholeBody ? "its whole body is the NVIDIA-only branch "
                                  : "defined only in the NVIDIA-only branch ";
  if (!K.Gate.empty() && !K.Fallback.empty()) {
    D.Class = PortClass::Drop;
    D.Evidence.push_back(Where + K.Gate +
                         ", which AMD never takes (the port compiles the "
                         "sm_80 path); generic path: " +
                         K.Fallback);
    return D;
  }
  // Rule 2: a hand-written GEMM is what hipBLASLt / rocBLAS do.
  if (hasGemmName(K.Name)) {
    D.Class = PortClass::ReplaceWithLibrary;
    std::string Rocm = gemmCounterpart();
    D.Evidence.push_back(
        "the kernel's name says it is a GEMM" +
        (Rocm.empty() ? std::string() : ": replace it with " + Rocm));
    addUnique(D.Rocm, Rocm);
    return D;
  }
  // Rule 3: a body that is a library algorithm's steps and nothing else
  // (KernelShapes.h) is what hipCUB / rocPRIM / rocThrust do on AMD.
  if (K.Shape && K.Shape->replaceable()) {
    const AlgorithmRow &A = algorithmFor(K.Shape->Kind);
    D.Class = PortClass::ReplaceWithLibrary;
    D.Evidence.push_back("its body has the shape of " +
                         std::string(shapeName(K.Shape->Kind)) + " (" +
                         stepLines(*K.Shape) +
                         ") and does no other work: replace it with " + A.Rocm +
                         " (" + A.Cuda + " on CUDA)");
    for (const std::string &Step : K.Shape->Steps)
      D.Evidence.push_back(Step);
    if (!K.Shape->NameAgrees.empty())
      D.Evidence.push_back(K.Shape->NameAgrees);
    addUnique(D.Rocm, A.Rocm);
    return D;
  }
  // Rule 4: everything else is ported.
  D.Class = PortClass::Port;
  if (!K.Gate.empty())
    D.Evidence.push_back(Where + K.Gate +
                         " and the tree has no generic path for it: write "
                         "one");
  else
    D.Evidence.push_back("device code to port");
  if (K.Shape) {
    const KernelShape &S = *K.Shape;
    const AlgorithmRow &A = algorithmFor(S.Kind);
    std::string Why = S.Missing.empty() ? "" : "but " + S.Missing;
    if (!S.OtherWork.empty())
      Why += std::string(Why.empty() ? "but" : ", and") +
             " it also does other work: " + join(S.OtherWork, "; ");
    D.Evidence.push_back("has steps of " + std::string(shapeName(S.Kind)) +
                         " (" + stepLines(S) + ") " + Why +
                         ", so it is not replaced whole; " + A.Rocm +
                         " can do that step inside it");
  }
  for (auto &[L, How] : K.Libraries)
    D.Evidence.push_back("uses " + L->Name + " inside the kernel (" + How +
                         "): " + counterpart(*L));
  return D;
}

Decision classifyFile(const FileFacts &File,
                      const std::vector<Decision> &Kernels) {
  if (File.Override)
    return overridden(*File.Override);
  Decision D;
  auto Count = [&](PortClass C) {
    return std::count_if(Kernels.begin(), Kernels.end(),
                         [&](const Decision &K) { return K.Class == C; });
  };
  size_t Drop = Count(PortClass::Drop),
         Replace = Count(PortClass::ReplaceWithLibrary);
  auto Kernel = [&](size_t I) {
    return "kernel '" + File.Kernels[I].Name + "' (line " +
           std::to_string(File.Kernels[I].Line) + "): ";
  };

  // Rule 1: every kernel is an NVIDIA-only branch with a generic path.
  if (!Kernels.empty() && Drop == Kernels.size()) {
    D.Class = PortClass::Drop;
    for (size_t I = 0; I < Kernels.size(); ++I)
      D.Evidence.push_back(Kernel(I) + Kernels[I].Evidence.front());
    return D;
  }
  // Rule 1b: a vendor header the tree swaps for an already-HIP one on AMD
  // (ggml's vendors/cuda.h beside vendors/hip.h), whatever it holds.
  if (!File.HipAlternative.empty()) {
    D.Class = PortClass::Drop;
    D.Evidence.push_back("the tree swaps it out on AMD: " +
                         File.HipAlternative);
    return D;
  }

  std::vector<const LibraryRow *> Tooling, Replacing, Other;
  for (auto &[L, How] : File.Libraries)
    (L->Role == LibraryRole::Tooling   ? Tooling
     : L->Role == LibraryRole::Replace ? Replacing
                                       : Other)
        .push_back(L);
  auto Uses = [&](const LibraryRow *L) {
    for (auto &[R, How] : File.Libraries)
      if (R == L)
        return How;
    return std::string();
  };

  // Rule 2: a host-side wrapper of NVIDIA-only tooling (NVTX ranges, NVML
  // queries) is dropped; the program runs the same without it.
  if (!File.DeviceCode && !Tooling.empty() && Replacing.empty() &&
      Other.empty()) {
    D.Class = PortClass::Drop;
    D.Evidence.push_back("host code that only wraps NVIDIA-only tooling");
    for (const LibraryRow *L : Tooling) {
      D.Evidence.push_back(L->Name + " (" + Uses(L) + "): " + counterpart(*L) +
                           ", or leave it out");
      addUnique(D.Rocm, L->Rocm);
    }
    return D;
  }

  // Rule 3: the work goes through libraries with ROCm counterparts (host
  // calls, header-only templates) and no kernel of its own needs porting,
  // or every kernel has a library's shape. A file that launches kernels
  // (defined elsewhere) does part of its work in them: not this rule.
  bool KernelsReplaced =
      !Kernels.empty() && Replace > 0 && Replace + Drop == Kernels.size();
  bool NoOwnDeviceCode =
      !File.DeviceCode && !File.Launches && !Replacing.empty();
  if (KernelsReplaced || NoOwnDeviceCode) {
    D.Class = PortClass::ReplaceWithLibrary;
    for (const LibraryRow *L : Replacing) {
      D.Evidence.push_back("uses " + L->Name + " (" + Uses(L) +
                           "): " + counterpart(*L));
      addUnique(D.Rocm, L->Rocm);
    }
    for (size_t I = 0; I < Kernels.size(); ++I) {
      D.Evidence.push_back(Kernel(I) + Kernels[I].Evidence.front());
      for (const std::string &R : Kernels[I].Rocm)
        addUnique(D.Rocm, R);
    }
    if (NoOwnDeviceCode)
      D.Evidence.push_back("no kernel or device function of its own");
    for (const LibraryRow *L : Other)
      D.Evidence.push_back("also uses " + L->Name + " (" + Uses(L) +
                           "): " + counterpart(*L));
    return D;
  }

  // Rule 4: everything else is ported.
  D.Class = PortClass::Port;
  if (!Kernels.empty()) {
    size_t Port = Kernels.size() - Drop - Replace;
    D.Evidence.push_back(std::to_string(Port) +
                         (Port == 1 ? " kernel" : " kernels") + " to port");
    for (size_t I = 0; I < Kernels.size(); ++I)
      if (Kernels[I].Class != PortClass::Port)
        D.Evidence.push_back(Kernel(I) + toString(Kernels[I].Class) + ": " +
                             Kernels[I].Evidence.front());
  } else if (File.DeviceCode) {
    D.Evidence.push_back("device functions to port");
  } else if (File.Launches) {
    D.Evidence.push_back("host code that launches kernels defined elsewhere "
                         "(first launch at line " +
                         std::to_string(File.FirstLaunchLine) + ")");
  } else {
    D.Evidence.push_back("host code: the translator converts its CUDA API "
                         "calls");
  }
  for (auto &[L, How] : File.Libraries)
    D.Evidence.push_back("uses " + L->Name + " (" + How +
                         "): " + counterpart(*L));
  return D;
}

} // namespace hipwright
