//===- SimRunnable.cpp - can a program run on the CPU runtime? ------------===//
#include "sim/SimRunnable.h"

#include "sim/SimLowering.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <vector>

using namespace llvm;
namespace tok = clang::tok;

namespace hipwright::sim {
namespace {

/// Header prefixes of libraries the runtime does not simulate, with the name
/// a user knows them by. Longer prefixes first where one extends another.
struct Library {
  StringRef Prefix;
  StringRef Name;
};
const Library kLibraries[] = {
    {"cublas", "cuBLAS"},
    {"curand", "cuRAND"},
    {"cufft", "cuFFT"},
    {"cusparse", "cuSPARSE"},
    {"cusolver", "cuSOLVER"},
    {"cudnn", "cuDNN"},
    {"nccl", "NCCL"},
    {"rccl", "RCCL"},
    {"thrust/", "Thrust"},
    {"cub/", "CUB"},
    {"cutlass/", "CUTLASS"},
    {"cute/", "CUTLASS (CuTe)"},
    {"npp", "NPP"},
    {"nvjpeg", "nvJPEG"},
    {"hipblaslt", "hipBLASLt"},
    {"hipblas", "hipBLAS"},
    {"hiprand", "hipRAND"},
    {"hipfft", "hipFFT"},
    {"hipsparse", "hipSPARSE"},
    {"hipsolver", "hipSOLVER"},
    {"hipcub/", "hipCUB"},
    {"rocblas", "rocBLAS"},
    {"rocrand", "rocRAND"},
    {"rocfft", "rocFFT"},
    {"rocsparse", "rocSPARSE"},
    {"rocsolver", "rocSOLVER"},
    {"rocprim/", "rocPRIM"},
    {"rocthrust/", "rocThrust"},
    {"miopen", "MIOpen"},
};

/// Driver-API entry points (CUDA's cu*, and HIP's module API they port to).
bool isDriverApi(StringRef Name) {
  if (Name == "cudaGetFuncBySymbol" || Name == "hipGetFuncBySymbol" ||
      Name == "hipFuncGetAttribute")
    return true;
  for (StringRef P :
       {"hipModule", "hipExtModule", "hipCtx", "hipDrv", "hipLibrary"})
    if (Name.starts_with(P))
      return true;
  if (!Name.starts_with("cu") || Name.size() < 3 || !isUpper(Name[2]))
    return false;
  for (StringRef P : {"cuInit",         "cuDriverGetVersion",
                      "cuDevice",       "cuCtx",
                      "cuModule",       "cuLibrary",
                      "cuKernel",       "cuFunc",
                      "cuLaunch",       "cuMem",
                      "cuStream",       "cuEvent",
                      "cuLink",         "cuGetErrorString",
                      "cuGetErrorName", "cuGraph",
                      "cuTexRef",       "cuSurf",
                      "cuOccupancy",    "cuPointer",
                      "cuArray",        "cuGetProcAddress",
                      "cuTensorMap"})
    if (Name.starts_with(P))
      return true;
  return false;
}

bool isDriverLaunch(StringRef Name) {
  return Name.starts_with("cuLaunch") || Name.starts_with("hipModuleLaunch") ||
         Name.starts_with("hipExtModuleLaunch") ||
         Name.ends_with("GetFuncBySymbol");
}

/// The PTX instruction in \p Asm whose name contains \p Needle, e.g.
/// "wmma.load.a.sync.aligned.row.m16n16k16.f16" for "mma".
std::string instructionWith(StringRef Asm, StringRef Needle) {
  size_t At = Asm.find(Needle);
  auto IsInsn = [](char C) { return isAlnum(C) || C == '.' || C == '_'; };
  size_t Begin = At, End = At;
  while (Begin > 0 && IsInsn(Asm[Begin - 1]))
    --Begin;
  while (End < Asm.size() && IsInsn(Asm[End]))
    ++End;
  return Asm.slice(Begin, End).str();
}

class Checker {
public:
  explicit Checker(StringRef Src)
      : Src(Src), Toks(detail::lexForSimulation(Src)) {}

  std::optional<std::string> run() {
    std::vector<bool> Dead; // per open #if: is this branch `#if 0`?
    for (size_t I = 0; I < Toks.size();) {
      const RawToken &T = Toks[I];
      if (T.is(tok::hash) && T.StartOfLine) {
        size_t End = I + 1;
        while (End < Toks.size() && Toks[End].Directive == T.Directive)
          ++End;
        if (auto R = directive(I, End, Dead))
          return R;
        I = End;
        continue;
      }
      if (!isDead(Dead))
        if (auto R = code(I))
          return R;
      ++I;
    }
    return std::nullopt;
  }

private:
  StringRef Src;
  std::vector<RawToken> Toks;

  static bool isDead(const std::vector<bool> &Dead) {
    for (bool D : Dead)
      if (D)
        return true;
    return false;
  }

  unsigned line(size_t I) const { return detail::lineOf(Src, Toks[I].Offset); }
  bool kind(size_t I, tok::TokenKind K) const {
    return I < Toks.size() && Toks[I].is(K);
  }

  std::optional<std::string> directive(size_t Hash, size_t End,
                                       std::vector<bool> &Dead) {
    if (Hash + 1 >= End || !Toks[Hash + 1].is(tok::raw_identifier))
      return std::nullopt;
    StringRef Name = Toks[Hash + 1].Text;
    // Only `#if 0` is known not to be compiled; other conditions may be
    // true under the runtime, so their code counts.
    if (Name == "if" || Name == "ifdef" || Name == "ifndef") {
      Dead.push_back(Name == "if" && End == Hash + 3 &&
                     Toks[Hash + 2].Text == "0");
      return std::nullopt;
    }
    if (Name == "else" || Name == "elif" || Name == "elifdef" ||
        Name == "elifndef") {
      if (!Dead.empty())
        Dead.back() = false;
      return std::nullopt;
    }
    if (Name == "endif") {
      if (!Dead.empty())
        Dead.pop_back();
      return std::nullopt;
    }
    if (isDead(Dead))
      return std::nullopt;
    if (Name == "define") {
      for (size_t I = Hash + 3; I < End; ++I)
        if (auto R = code(I))
          return R;
      return std::nullopt;
    }
    if (Name == "include" || Name == "include_next" || Name == "import")
      return include(Hash + 1, End);
    return std::nullopt;
  }

  std::optional<std::string> include(size_t Keyword, size_t End) {
    if (Keyword + 1 >= End)
      return std::nullopt;
    unsigned Begin = Toks[Keyword + 1].Offset;
    unsigned Stop = Toks[End - 1].Offset + Toks[End - 1].Length;
    StringRef Spelled = Src.slice(Begin, Stop).trim();
    bool Angled = Spelled.starts_with("<");
    if (!(Angled && Spelled.ends_with(">")) &&
        !(Spelled.starts_with("\"") && Spelled.ends_with("\"")))
      return std::nullopt; // a computed include
    StringRef Path = Spelled.drop_front().drop_back().trim();
    unsigned Line = line(Keyword);
    if (Path == "mma.h" || Path.starts_with("rocwmma/"))
      return formatv("tensor-core code ({0} at line {1}) cannot run on the "
                     "CPU runtime",
                     Path, Line)
          .str();
    for (const Library &L : kLibraries)
      if (Path.starts_with(L.Prefix))
        return formatv("uses {0} ({1} at line {2}); vendor libraries are not "
                       "simulated",
                       L.Name, Path, Line)
            .str();
    // libcu++ (<cuda/std/atomic>, <cuda/barrier>): angled only, since a
    // project may well have its own "cuda/..." headers.
    if (Angled && Path.starts_with("cuda/"))
      return formatv("uses libcu++ ({0} at line {1}); vendor libraries are "
                     "not simulated",
                     Path, Line)
          .str();
    return std::nullopt;
  }

  std::optional<std::string> code(size_t I) {
    const RawToken &T = Toks[I];
    if (!T.is(tok::raw_identifier))
      return std::nullopt;
    StringRef Name = T.Text;
    unsigned Line = line(I);
    if ((Name == "asm" || Name == "__asm__" || Name == "__asm") &&
        I + 1 < Toks.size() &&
        (Toks[I + 1].is(tok::l_paren) || Toks[I + 1].Text == "volatile" ||
         Toks[I + 1].Text == "__volatile__" || Toks[I + 1].Text == "goto" ||
         Toks[I + 1].Text == "inline"))
      return asmStatement(I, Line);
    auto Reason = [&](StringRef What, StringRef Kind) {
      return formatv("{0} ({1} at line {2}) cannot run on the CPU runtime",
                     Kind, What, Line)
          .str();
    };
    bool Scope = kind(I + 1, tok::coloncolon);
    if (Name == "nvcuda" && Scope)
      return Reason("nvcuda::wmma", "tensor-core code");
    if (Name == "wmma" && Scope)
      return Reason("wmma::", "tensor-core code");
    if (Name == "rocwmma" || Name.starts_with("__builtin_amdgcn_mfma") ||
        Name.starts_with("__builtin_amdgcn_smfmac") ||
        Name.starts_with("__builtin_amdgcn_wmma") ||
        Name.starts_with("__hmma_") || Name.starts_with("__imma_") ||
        Name.starts_with("__bmma_") || Name.starts_with("__dmma_"))
      return Reason(Name, "tensor-core code");
    if (Name == "__cluster_dims__" || Name == "cluster_group" ||
        Name == "this_cluster" || Name.starts_with("wgmma") ||
        Name.starts_with("cp_async_bulk") ||
        Name.contains("LaunchAttributeClusterDimension"))
      return Reason(Name, "Hopper-only feature");
    // Blocks run one after another, so a grid-wide barrier cannot resolve.
    if (Name == "this_grid" || Name == "grid_group" ||
        Name == "this_multi_grid" || Name == "multi_grid_group" ||
        Name == "cudaLaunchCooperativeKernel" ||
        Name == "hipLaunchCooperativeKernel")
      return formatv("grid-wide cooperative groups ({0} at line {1}) are not "
                     "supported by the CPU runtime",
                     Name, Line)
          .str();
    if (kind(I + 1, tok::l_paren) && isDriverApi(Name))
      return driverApi(I);
    return std::nullopt;
  }

  /// A driver-API program usually sets up (cuInit, cuModuleLoad...) long
  /// before it launches; the launch is what the user recognizes, so it is
  /// named when the file has one.
  std::string driverApi(size_t First) const {
    auto Find = [&](auto Pred) -> std::optional<size_t> {
      for (size_t J = First; J + 1 < Toks.size(); ++J)
        if (Toks[J].is(tok::raw_identifier) && Pred(Toks[J].Text) &&
            Toks[J + 1].is(tok::l_paren))
          return J;
      return std::nullopt;
    };
    // A real launch first; cudaGetFuncBySymbol only prepares one.
    size_t At = Find([](StringRef N) {
                  return isDriverLaunch(N) && !N.ends_with("GetFuncBySymbol");
                }).value_or(Find(isDriverLaunch).value_or(First));
    bool Launch = isDriverLaunch(Toks[At].Text);
    return formatv("{0} ({1} at line {2}) is not supported by the CPU runtime",
                   Launch ? "driver-API launch" : "driver API", Toks[At].Text,
                   line(At))
        .str();
  }

  /// An asm statement: its PTX says whether it is tensor-core or Hopper-only
  /// code, which is what a user needs to know; otherwise plain inline PTX.
  std::string asmStatement(size_t I, unsigned Line) {
    std::string Text;
    int Depth = 0;
    for (size_t J = I + 1; J < Toks.size(); ++J) {
      if (Toks[J].is(tok::l_paren))
        ++Depth;
      else if (Toks[J].is(tok::r_paren) && --Depth <= 0)
        break;
      else if (Toks[J].is(tok::string_literal))
        Text += Toks[J].Text;
      else if (Toks[J].is(tok::semi) && Depth == 0)
        break;
    }
    for (StringRef Hopper : {"wgmma", "cp.async.bulk", "cluster"})
      if (StringRef(Text).contains(Hopper))
        return formatv("Hopper-only feature ({0} in asm at line {1}) cannot "
                       "run on the CPU runtime",
                       instructionWith(Text, Hopper), Line)
            .str();
    if (StringRef(Text).contains("mma"))
      return formatv("tensor-core code ({0} in asm at line {1}) cannot run "
                     "on the CPU runtime",
                     instructionWith(Text, "mma"), Line)
          .str();
    return formatv("inline PTX (asm statement at line {0}) cannot run on the "
                   "CPU runtime",
                   Line)
        .str();
  }
};

} // namespace

std::optional<std::string> reasonNotRunnable(StringRef Source,
                                             StringRef FileName) {
  (void)FileName;
  return Checker(Source).run();
}

} // namespace hipwright::sim
