//===- NvidiaMapping.cpp - HIP-on-CUDA mapping header ---------------------===//
//
// The header has four parts, in this order:
//   1. the core (include guard): platform macros, <cuda_runtime.h> and
//      <cuda.h>, every mapping of the runtime, driver, device, half/bfloat16
//      and cooperative-groups tables, and the hand-written part;
//   2. one block per HIP header: the stand-in for that header defines a
//      macro, and the block includes the header's CUDA counterparts;
//   3. one block per CUDA library (cuBLAS, cuRAND, ...): its mappings, only
//      when the port included one of that library's HIP headers;
//   4. the include-guard and compiler-identification macros of the
//      preprocessor table, re-evaluated after every inclusion.
// Parts 2-4 sit outside the include guard on purpose: the header is
// included once per HIP header the port includes, each time with another
// stand-in macro defined, and each block has its own "done" guard.
//
//===----------------------------------------------------------------------===//
#include "verify/NvidiaMapping.h"

#include "rules/RuleTable.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <set>
#include <tuple>

using namespace llvm;

namespace hipwright {
namespace {

/// A CUDA library whose mappings need that library's header: they are
/// emitted only when the port includes a HIP header under one of Prefixes.
struct Library {
  StringRef Family; ///< rules/<Family>.tsv
  StringRef Name;
  std::vector<StringRef> HipPrefixes;
};

const Library kLibraries[] = {
    {"cublas", "cuBLAS (hipBLAS)", {"hipblas/"}},
    {"cublaslt", "cuBLASLt (hipBLASLt)", {"hipblaslt/"}},
    {"nvrtc", "NVRTC (hipRTC)", {"hip/hiprtc.h"}},
    {"curand", "cuRAND (hipRAND)", {"hiprand/"}},
    {"cufft", "cuFFT (hipFFT)", {"hipfft/"}},
    {"cusparse", "cuSPARSE (hipSPARSE)", {"hipsparse/"}},
    {"cusolver", "cuSOLVER (hipSOLVER)", {"hipsolver/"}},
    {"cudnn", "cuDNN (MIOpen)", {"miopen/"}},
    {"nccl", "NCCL (RCCL)", {"rccl/"}},
    {"nvtx", "NVTX (roctx)", {"roctracer/"}},
    {"cub", "CUB (hipCUB)", {"hipcub/"}},
};

/// The preprocessor table maps macros a program *tests* (#ifdef): they get
/// "defined iff" treatment in part 4 instead of a plain #define.
constexpr StringRef kPreprocessorFamily = "preprocessor";

/// The names the hand-written part defines (handWritten(), read from its
/// text below): table rows for them are skipped so that no name is defined
/// twice.
struct HandWrittenNames {
  std::set<StringRef> All;
  /// Function-like macros over reserved names (__shfl, __ballot ...) that
  /// CUDA's headers also declare: saved and removed around every later CUDA
  /// include (#pragma push_macro) so those declarations stay intact.
  std::vector<StringRef> ReservedMacros;
};
const HandWrittenNames &handWritten();

bool isIdentifierChar(char C) { return isAlnum(C) || C == '_'; }

bool isIdentifier(StringRef S) {
  if (S.empty() || isDigit(S.front()))
    return false;
  return all_of(S, isIdentifierChar);
}

bool isLibraryFamily(StringRef Family) {
  return any_of(kLibraries,
                [&](const Library &L) { return L.Family == Family; });
}

/// Lower sorts first: when several CUDA names map to one HIP name, the
/// runtime API's wins (HIP's own API is modelled on the runtime's), then the
/// data-type tables, then the driver API; supported before deprecated.
std::tuple<unsigned, unsigned> preference(const Rule &R) {
  unsigned Family = R.Family == "runtime"         ? 0
                    : R.Family == "library_types" ? 1
                    : R.Family == "driver"        ? 2
                                                  : 3;
  return {Family, R.Status == RuleStatus::Supported ? 0 : 1};
}

std::string macroSuffix(StringRef Path) {
  std::string Out;
  for (char C : Path)
    Out += isAlnum(C) ? toUpper(C) : '_';
  return Out;
}

/// What the rule tables give the header, decided once.
struct Plan {
  /// One row per HIP name, in table order; Alternatives: the other CUDA
  /// names that map to the same HIP name.
  struct Choice {
    const Rule *Row;
    std::vector<const Rule *> Alternatives;
  };
  std::vector<Choice> Choices;
  /// HIP header -> its CUDA counterparts, in table order.
  std::vector<std::pair<std::string, std::vector<std::string>>> Headers;
  /// (driver CUDA_ERROR_*, runtime cudaError*) pairs with one HIP name.
  std::vector<std::pair<std::string, std::string>> ErrorPairs;
  /// (HIP field, CUDA field) of the `member` rows: the port renames the
  /// field, so on NVIDIA the HIP spelling must name CUDA's field again.
  std::vector<std::pair<std::string, std::string>> Fields;
  unsigned SameName = 0, NoCuda13 = 0, NotIdentifier = 0, CudaSpelled = 0,
           HandWritten = 0, OwnEquivalents = 0;
};

Plan makePlan(const RuleTable &T) {
  Plan P;
  const std::set<StringRef> &Hand = handWritten().All;
  StringMap<std::vector<const Rule *>> ByHip;
  std::vector<StringRef> Order;
  std::map<std::string, size_t> HeaderIndex;
  // Names CUDA itself spells (any row's cuda column).
  std::set<StringRef> CudaNames;
  for (const Rule &R : T.rules())
    if (R.Kind != RuleKind::Header)
      CudaNames.insert(R.Cuda);
  for (const Rule &R : T.rules()) {
    if (!R.hasHip() || R.Status == RuleStatus::Unsupported)
      continue;
    if (R.Kind == RuleKind::Header) {
      // Removed CUDA headers cannot be included with CUDA 13; identity rows
      // (thrust/...) need no stand-in: nvcc finds CUDA's own header.
      if (R.Status == RuleStatus::Removed || R.Hip == R.Cuda)
        continue;
      auto [It, New] = HeaderIndex.try_emplace(R.Hip, P.Headers.size());
      if (New)
        P.Headers.push_back({R.Hip, {}});
      P.Headers[It->second].second.push_back(R.Cuda);
      continue;
    }
    if (R.Status == RuleStatus::Removed) {
      ++P.NoCuda13; // CUDA 13 lacks the name; mapping to it cannot compile
      continue;
    }
    if (R.emulated()) {
      // hipwright_cuda_compat.h defines hipwright_vadd2 on NVIDIA too (by
      // calling CUDA's __vadd2); a #define would turn its definition into
      // a second one of CUDA's.
      ++P.OwnEquivalents;
      continue;
    }
    if (R.Hip == R.Cuda) {
      ++P.SameName;
      continue;
    }
    if (!isIdentifier(R.Hip)) {
      ++P.NotIdentifier;
      continue;
    }
    if (CudaNames.count(R.Hip)) {
      // atomicAdd_block -> atomicAdd: on NVIDIA the HIP name is already a
      // CUDA name, and redefining it would change CUDA's own headers.
      ++P.CudaSpelled;
      continue;
    }
    if (Hand.count(R.Hip)) {
      ++P.HandWritten;
      continue;
    }
    auto &Rows = ByHip[R.Hip];
    if (Rows.empty())
      Order.push_back(ByHip.find(R.Hip)->first());
    Rows.push_back(&R);
  }
  for (const Rule &R : T.memberRules()) {
    if (!R.renames() || R.Status == RuleStatus::Unsupported)
      continue;
    if (R.emulated()) // cooperative_groups::hipwright_reduce: as above
      ++P.OwnEquivalents;
    else
      P.Fields.push_back({R.Hip, StringRef(R.Cuda).split("::").second.str()});
  }
  for (StringRef Hip : Order) {
    auto &Rows = ByHip[Hip];
    // stable: table order breaks ties, so the choice is deterministic.
    std::stable_sort(Rows.begin(), Rows.end(), [](auto *A, auto *B) {
      return preference(*A) < preference(*B);
    });
    Plan::Choice C{Rows.front(), {Rows.begin() + 1, Rows.end()}};
    // Only result codes: other driver/runtime enumerator pairs with one HIP
    // name (CUDA_GRAPH_INSTANTIATE_FLAG_UPLOAD, ...) are not CUresults.
    if (C.Row->Family == "runtime" && C.Row->Kind == RuleKind::Enum &&
        (StringRef(C.Row->Cuda).starts_with("cudaError") ||
         C.Row->Cuda == "cudaSuccess"))
      for (const Rule *Alt : C.Alternatives)
        if (Alt->Family == "driver" && Alt->Kind == RuleKind::Enum &&
            (StringRef(Alt->Cuda).starts_with("CUDA_ERROR_") ||
             Alt->Cuda == "CUDA_SUCCESS"))
          P.ErrorPairs.push_back({Alt->Cuda, C.Row->Cuda});
    P.Choices.push_back(std::move(C));
  }
  return P;
}

std::vector<NvidiaShim> shimsFor(const Plan &P) {
  std::vector<NvidiaShim> Out;
  std::set<std::string> Seen;
  for (auto &[Hip, Cuda] : P.Headers) {
    std::string Macro = "HIPWRIGHT_NV_WANT_" + macroSuffix(Hip);
    if (Seen.insert(Hip).second)
      Out.push_back({Hip, Macro});
  }
  // Library headers are also included without their directory
  // (#include <hipblas.h>, the layout before ROCm 5.x): same stand-in.
  for (auto &[Hip, Cuda] : P.Headers) {
    StringRef Path(Hip);
    // One directory level only: hipcub/block/block_reduce.hpp's base name
    // is too generic to claim.
    if (Path.starts_with("hip/") || Path.count('/') != 1)
      continue;
    std::string Base = Path.rsplit('/').second.str();
    if (Seen.insert(Base).second)
      Out.push_back({Base, "HIPWRIGHT_NV_WANT_" + macroSuffix(Hip)});
  }
  return Out;
}

void emitDefine(raw_ostream &OS, const Plan::Choice &C) {
  const Rule &R = *C.Row;
  bool DriverCall = R.Family == "driver" && R.Kind == RuleKind::Function &&
                    StringRef(R.Cuda).starts_with("cu");
  if (DriverCall)
    // HIP has one error type; CUDA's driver API returns CUresult, which does
    // not convert to cudaError_t (hipError_t here). Wrap the call.
    OS << "#define " << R.Hip << "(...) ::hipwright_nv::fromCu(" << R.Cuda
       << "(__VA_ARGS__))";
  else
    OS << "#define " << R.Hip << " " << R.Cuda;
  if (!C.Alternatives.empty()) {
    OS << " /* not:";
    for (const Rule *A : C.Alternatives)
      OS << " " << A->Cuda;
    OS << " */";
  }
  OS << "\n";
}

void emitFamilyDefines(raw_ostream &OS, const Plan &P, StringRef Family) {
  for (const Plan::Choice &C : P.Choices)
    if (C.Row->Family == Family)
      emitDefine(OS, C);
}

void emitPushWarpMacros(raw_ostream &OS, bool Push) {
  for (StringRef M : handWritten().ReservedMacros) {
    if (Push)
      OS << "#pragma push_macro(\"" << M << "\")\n#undef " << M << "\n";
    else
      OS << "#pragma pop_macro(\"" << M << "\")\n";
  }
}

// The platform macros, in the core before CUDA's headers.
constexpr StringRef kPlatformText =
    R"(// Platform macros HIP's headers define on NVIDIA; programs test them.
#define __HIP_PLATFORM_NVIDIA__ 1
#define __HIP_PLATFORM_NVCC__ 1 // the spelling before ROCm 4.x
#define __HIPCC__ 1
#if defined(__CUDA_ARCH__)
#define __HIP_DEVICE_COMPILE__ 1
#endif
)";

// The hand-written part, part 1. It stays text because none of it is a
// rules/ row read backwards (`#define hipX cudaX`), the only form the tables
// give: the launch macro is syntax with no CUDA name; the index macros and
// gcnArchName are HIP-only names; hipDrvGetErrorName/String, hipMalloc,
// hipFree and hipCtxCreate take other argument types than their CUDA rows'
// (hipError_t for CUresult, CUdeviceptr, CUDA 13's extra cuCtxCreate
// argument); the warp intrinsics have HIP's semantics (no mask, 64-bit
// masks) where CUDA's names mean something else. Which names it defines is
// read from the text (handWritten()), so there is no second list of them.
constexpr StringRef kHandWrittenText = R"(
// ---- Kernel launches --------------------------------------------------------
// HIP's launch macro; CUDA has only the triple-chevron syntax.
#define HIP_KERNEL_NAME(...) __VA_ARGS__
#define hipLaunchKernelGGL(kernel, grid, block, sharedMem, stream, ...)        \
  do {                                                                         \
    kernel<<<(grid), (block), (sharedMem), (stream)>>>(__VA_ARGS__);           \
  } while (0)
// HIP wraps symbols passed to hipMemcpyToSymbol & co.; CUDA takes them as is.
#define HIP_SYMBOL(symbol) symbol

// HIP's older built-in index names.
#define hipThreadIdx_x threadIdx.x
#define hipThreadIdx_y threadIdx.y
#define hipThreadIdx_z threadIdx.z
#define hipBlockIdx_x blockIdx.x
#define hipBlockIdx_y blockIdx.y
#define hipBlockIdx_z blockIdx.z
#define hipBlockDim_x blockDim.x
#define hipBlockDim_y blockDim.y
#define hipBlockDim_z blockDim.z
#define hipGridDim_x gridDim.x
#define hipGridDim_y gridDim.y
#define hipGridDim_z gridDim.z

// hipDeviceProp_t::gcnArchName names the AMD ISA; the nearest NVIDIA field
// is the device name. Only a program that prints it uses it.
#define gcnArchName name

// ---- Driver-API error names -------------------------------------------------
// HIP's driver-style calls take a hipError_t (cudaError_t here); CUDA's take
// a CUresult, so the value is converted both ways.
#define hipDrvGetErrorName(error, str)                                         \
  ::hipwright_nv::fromCu(::cuGetErrorName(::hipwright_nv::toCu(error), (str)))
#define hipDrvGetErrorString(error, str)                                       \
  ::hipwright_nv::fromCu(::cuGetErrorString(::hipwright_nv::toCu(error), (str)))

// ---- Device pointers of the driver API -------------------------------------
// hipDeviceptr_t is void* in HIP, so HIP code allocates one with hipMalloc;
// here it is CUdeviceptr, an integer that cudaMalloc/cudaFree reject.
namespace hipwright_nv {
template <class T> inline cudaError_t deviceMalloc(T **ptr, size_t size) {
  return ::cudaMalloc(reinterpret_cast<void **>(ptr), size);
}
inline cudaError_t deviceMalloc(CUdeviceptr *ptr, size_t size) {
  return fromCu(::cuMemAlloc(ptr, size));
}
inline cudaError_t deviceFree(void *ptr) { return ::cudaFree(ptr); }
// A template so that hipFree(0) still means the null pointer.
template <class D, std::enable_if_t<std::is_same<D, CUdeviceptr>::value,
                                    int> = 0>
inline cudaError_t deviceFree(D ptr) {
  return fromCu(::cuMemFree(ptr));
}
} // namespace hipwright_nv
#define hipMalloc ::hipwright_nv::deviceMalloc
#define hipFree ::hipwright_nv::deviceFree

// ---- Contexts ---------------------------------------------------------------
// hipCtxCreate keeps the (ctx, flags, dev) form; CUDA 13's cuCtxCreate (the
// _v4 entry point) takes a CUctxCreateParams* second, null for "none".
namespace hipwright_nv {
inline CUresult ctxCreate(CUcontext *ctx, unsigned flags, CUdevice dev) {
#if CUDA_VERSION >= 13000
  return ::cuCtxCreate(ctx, nullptr, flags, dev);
#else
  return ::cuCtxCreate(ctx, flags, dev);
#endif
}
} // namespace hipwright_nv
#define hipCtxCreate(ctx, flags, dev)                                          \
  ::hipwright_nv::fromCu(::hipwright_nv::ctxCreate((ctx), (flags), (dev)))

// ---- Warp intrinsics --------------------------------------------------------
// On NVIDIA a warp has 32 lanes, so every mask below is narrowed to 32 bits.
namespace hipwright_nv {
constexpr unsigned kFullWarp = 0xffffffffu;
// Mask types HIP (ROCm 7) accepts and CUDA does not: 64-bit integers.
template <class M>
using if_wide_mask =
    std::enable_if_t<std::is_integral<M>::value && sizeof(M) == 8, int>;

// HIP keeps the maskless forms, which CUDA removed for sm_70 and newer.
// HIP code calls them from converged waves, so the whole warp takes part.
template <class T>
__device__ __forceinline__ T shfl(T v, int srcLane, int width = warpSize) {
  return ::__shfl_sync(kFullWarp, v, srcLane, width);
}
template <class T>
__device__ __forceinline__ T shfl_up(T v, unsigned delta, int width = warpSize) {
  return ::__shfl_up_sync(kFullWarp, v, delta, width);
}
template <class T>
__device__ __forceinline__ T shfl_down(T v, unsigned delta,
                                       int width = warpSize) {
  return ::__shfl_down_sync(kFullWarp, v, delta, width);
}
template <class T>
__device__ __forceinline__ T shfl_xor(T v, int laneMask, int width = warpSize) {
  return ::__shfl_xor_sync(kFullWarp, v, laneMask, width);
}
// HIP's __ballot returns a 64-bit mask; lanes 32-63 do not exist here.
__device__ __forceinline__ unsigned long long ballot(int pred) {
  return ::__ballot_sync(kFullWarp, pred);
}
__device__ __forceinline__ int any(int pred) {
  return ::__any_sync(kFullWarp, pred);
}
__device__ __forceinline__ int all(int pred) {
  return ::__all_sync(kFullWarp, pred);
}
} // namespace hipwright_nv

// Function-like macros, not overloads: CUDA declares these names (without
// definitions for sm_70+), and its declarations would win overload
// resolution. Later CUDA includes in this header save and restore them.
#define __shfl(...) ::hipwright_nv::shfl(__VA_ARGS__)
#define __shfl_up(...) ::hipwright_nv::shfl_up(__VA_ARGS__)
#define __shfl_down(...) ::hipwright_nv::shfl_down(__VA_ARGS__)
#define __shfl_xor(...) ::hipwright_nv::shfl_xor(__VA_ARGS__)
#define __ballot(pred) ::hipwright_nv::ballot(pred)
#define __any(pred) ::hipwright_nv::any(pred)
#define __all(pred) ::hipwright_nv::all(pred)
// __activemask: CUDA's own (a 32-bit mask) serves.

// HIP's lane index within the wavefront: PTX's %laneid.
__device__ __forceinline__ unsigned int __lane_id() {
  unsigned int lane;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  return lane;
}

// ROCm 7's *_sync forms take 64-bit masks. These overloads accept them and
// narrow to CUDA's 32-bit masks; for 32-bit masks CUDA's own overloads are
// still the better match. __ballot_sync then returns 64 bits, upper half 0.
template <class M, class T, hipwright_nv::if_wide_mask<M> = 0>
__device__ __forceinline__ T __shfl_sync(M mask, T v, int srcLane,
                                         int width = warpSize) {
  return ::__shfl_sync(static_cast<unsigned>(mask), v, srcLane, width);
}
template <class M, class T, hipwright_nv::if_wide_mask<M> = 0>
__device__ __forceinline__ T __shfl_up_sync(M mask, T v, unsigned delta,
                                            int width = warpSize) {
  return ::__shfl_up_sync(static_cast<unsigned>(mask), v, delta, width);
}
template <class M, class T, hipwright_nv::if_wide_mask<M> = 0>
__device__ __forceinline__ T __shfl_down_sync(M mask, T v, unsigned delta,
                                              int width = warpSize) {
  return ::__shfl_down_sync(static_cast<unsigned>(mask), v, delta, width);
}
template <class M, class T, hipwright_nv::if_wide_mask<M> = 0>
__device__ __forceinline__ T __shfl_xor_sync(M mask, T v, int laneMask,
                                             int width = warpSize) {
  return ::__shfl_xor_sync(static_cast<unsigned>(mask), v, laneMask, width);
}
template <class M, hipwright_nv::if_wide_mask<M> = 0>
__device__ __forceinline__ unsigned long long __ballot_sync(M mask, int pred) {
  return ::__ballot_sync(static_cast<unsigned>(mask), pred);
}
template <class M, hipwright_nv::if_wide_mask<M> = 0>
__device__ __forceinline__ int __any_sync(M mask, int pred) {
  return ::__any_sync(static_cast<unsigned>(mask), pred);
}
template <class M, hipwright_nv::if_wide_mask<M> = 0>
__device__ __forceinline__ int __all_sync(M mask, int pred) {
  return ::__all_sync(static_cast<unsigned>(mask), pred);
}
template <class M, hipwright_nv::if_wide_mask<M> = 0>
__device__ __forceinline__ void __syncwarp(M mask) {
  ::__syncwarp(static_cast<unsigned>(mask));
}
template <class M, class T, hipwright_nv::if_wide_mask<M> = 0>
__device__ __forceinline__ unsigned long long __match_any_sync(M mask,
                                                               T value) {
  return ::__match_any_sync(static_cast<unsigned>(mask), value);
}
)";

/// Reads the names kPlatformText and kHandWrittenText define at file scope:
/// each #define, and each function outside a namespace (`__device__
/// __forceinline__ <type> <name>(`, the form the text uses).
const HandWrittenNames &handWritten() {
  static const HandWrittenNames Names = [] {
    HandWrittenNames Out;
    for (StringRef Text : {kPlatformText, kHandWrittenText}) {
      SmallVector<StringRef, 0> Lines;
      Text.split(Lines, '\n');
      int Namespaces = 0;
      for (StringRef L : Lines) {
        if (L.starts_with("namespace ") && L.ends_with("{"))
          ++Namespaces;
        else if (L.starts_with("} // namespace"))
          --Namespaces;
        else if (L.consume_front("#define ")) {
          StringRef Name = L.take_while(isIdentifierChar);
          Out.All.insert(Name);
          if (Name.starts_with("__") &&
              L.drop_front(Name.size()).starts_with("("))
            Out.ReservedMacros.push_back(Name);
        } else if (Namespaces == 0 &&
                   L.consume_front("__device__ __forceinline__ ")) {
          Out.All.insert(L.split('(').first.rtrim().rsplit(' ').second);
        }
      }
    }
    return Out;
  }();
  return Names;
}

void emitPreamble(raw_ostream &OS, const Plan &P,
                  const std::vector<NvidiaShim> &Shims) {
  OS << R"(// HIP on NVIDIA: a mapping header generated by hipwright from its rule
// tables (rules/*.tsv; `hipwright query --nvidia-mapping-header`). Do not edit.
//
// It lets nvcc compile a ported HIP program for an NVIDIA GPU without HIP's
// own NVIDIA-platform headers (Debian's do not build with CUDA 13). Each HIP
// name becomes its CUDA twin with a #define (the rule tables read backwards).
// Not mapped: names HIP and CUDA spell alike ()"
     << P.SameName << R"( rows), names CUDA 13 no
// longer has ()"
     << P.NoCuda13 << R"( rows), HIP names that are not identifiers ()"
     << P.NotIdentifier << R"( rows), HIP names that CUDA
// spells too, with another meaning (atomicAdd <- atomicAdd_block: )"
     << P.CudaSpelled << R"( rows),
// hipwright's own equivalents, which hipwright_cuda_compat.h defines for
// NVIDIA as well ()"
     << P.OwnEquivalents << R"( rows) and names the hand-written part
// defines ()"
     << P.HandWritten << R"( rows). Where several CUDA names map to one HIP
// name, the runtime API's is used (the others are listed as "not:").
//
// Use it through stand-ins for HIP's headers: hip/hip_runtime.h and friends
// each define a macro and include this file, which then includes the CUDA
// counterpart of that header (library headers only if installed). The
// stand-ins `hipwright compile-check` writes (PATH MACRO):
)";
  for (const NvidiaShim &S : Shims)
    OS << "// hipwright-nvidia-shim: " << S.HipHeader << " " << S.Macro << "\n";
  OS << "\n";
}

void emitCore(raw_ostream &OS, const Plan &P) {
  OS << R"(// ==== Part 1: the core (once) ==============================================
#ifndef HIPWRIGHT_NVIDIA_MAPPING_H
#define HIPWRIGHT_NVIDIA_MAPPING_H

#if !defined(__CUDACC__)
#error "hipwright's HIP-on-NVIDIA mapping header is for nvcc (CUDA) sources"
#endif

)" << kPlatformText
     << R"(
// HIP's half-precision switches, forwarded before cuda_fp16.h can be seen.
#if defined(__HIP_NO_HALF_OPERATORS__) && !defined(__CUDA_NO_HALF_OPERATORS__)
#define __CUDA_NO_HALF_OPERATORS__ 1
#endif
#if defined(__HIP_NO_HALF_CONVERSIONS__) &&                                    \
    !defined(__CUDA_NO_HALF_CONVERSIONS__)
#define __CUDA_NO_HALF_CONVERSIONS__ 1
#endif

// hip_runtime.h declares the runtime and the driver API (hipModule*, hipCtx*).
#include <cuda_runtime.h>
#include <cuda.h>
#include <type_traits>

)";
  // Error conversion first: the driver-call wrappers below use it.
  OS << "// ---- Driver-API results ---------------------------------------"
        "--------------\n"
        "// HIP returns hipError_t from driver-style calls too; these pairs "
        "come from the\n// tables (a CUDA_ERROR_* and a cudaError* row with "
        "one HIP name).\n"
        "namespace hipwright_nv {\n"
        "struct ErrorPair {\n  CUresult Driver;\n  cudaError_t Runtime;\n};\n"
        "inline constexpr ErrorPair kErrorPairs[] = {\n";
  for (auto &[Drv, Rt] : P.ErrorPairs)
    OS << "    {" << Drv << ", " << Rt << "},\n";
  OS << R"(};
inline cudaError_t fromCu(CUresult r) {
  if (r == CUDA_SUCCESS)
    return cudaSuccess;
  for (const ErrorPair &p : kErrorPairs)
    if (p.Driver == r)
      return p.Runtime;
  return cudaErrorUnknown;
}
inline CUresult toCu(cudaError_t e) {
  if (e == cudaSuccess)
    return CUDA_SUCCESS;
  for (const ErrorPair &p : kErrorPairs)
    if (p.Runtime == e)
      return p.Driver;
  return CUDA_ERROR_UNKNOWN;
}
} // namespace hipwright_nv

)";
  // Core families: everything that is neither a library nor a macro test.
  std::vector<std::string> Families;
  for (const Plan::Choice &C : P.Choices)
    if (!isLibraryFamily(C.Row->Family) &&
        C.Row->Family != kPreprocessorFamily &&
        !is_contained(Families, C.Row->Family))
      Families.push_back(C.Row->Family);
  for (const std::string &F : Families) {
    OS << "// ---- rules/" << F << ".tsv ----\n";
    emitFamilyDefines(OS, P, F);
    OS << "\n";
  }
  // A field name is a plain identifier to the preprocessor: this renames
  // every use of it, which is safe because no CUDA header spells the HIP
  // field name.
  OS << "// ---- struct fields (member rows) ----\n";
  for (auto &[Hip, Cuda] : P.Fields)
    OS << "#define " << Hip << " " << Cuda << "\n";
  OS << "\n";
  OS << "// ==== The hand-written part "
        "=================================================\n"
     << kHandWrittenText << "\n#endif // HIPWRIGHT_NVIDIA_MAPPING_H\n\n";
}

void emitHeaderBlocks(raw_ostream &OS, const Plan &P) {
  OS << "// ==== Part 2: CUDA counterparts of the HIP headers the port "
        "includes =========\n"
        "// The warp macros above are set aside while CUDA's headers are "
        "read: some\n// declare functions of those names.\n";
  for (auto &[Hip, Cudas] : P.Headers) {
    std::string Suffix = macroSuffix(Hip);
    OS << "\n// " << Hip << "\n#if defined(HIPWRIGHT_NV_WANT_" << Suffix
       << ") && !defined(HIPWRIGHT_NV_DONE_" << Suffix << ")\n"
       << "#define HIPWRIGHT_NV_DONE_" << Suffix << " 1\n";
    // The first installed counterpart in table order: the tables list the
    // umbrella header (cuda_runtime.h, cublas_v2.h ...) before sub-headers,
    // some of which CUDA does not want included directly.
    emitPushWarpMacros(OS, true);
    for (const std::string &C : Cudas)
      OS << (&C == &Cudas.front() ? "#if" : "#elif") << " __has_include(<" << C
         << ">)\n#include <" << C << ">\n";
    OS << "#else\n#error \"" << Hip << " on NVIDIA needs ";
    ListSeparator OrWord(" or ");
    for (const std::string &C : Cudas)
      OS << OrWord << C;
    OS << ", which is not installed\"\n#endif\n";
    emitPushWarpMacros(OS, false);
    OS << "#endif\n";
  }
  OS << "\n";
}

void emitLibraryBlocks(raw_ostream &OS, const Plan &P) {
  OS << "// ==== Part 3: library mappings, when a library header was "
        "included ==========\n";
  for (const Library &L : kLibraries) {
    std::vector<std::string> Macros;
    for (auto &[Hip, Cudas] : P.Headers)
      for (StringRef Prefix : L.HipPrefixes)
        if (StringRef(Hip).starts_with(Prefix))
          Macros.push_back("HIPWRIGHT_NV_WANT_" + macroSuffix(Hip));
    bool Any = any_of(P.Choices, [&](const Plan::Choice &C) {
      return C.Row->Family == L.Family;
    });
    if (!Any)
      continue;
    OS << "\n// " << L.Name << ": rules/" << L.Family << ".tsv\n";
    if (Macros.empty()) {
      OS << "// (left out: no HIP header in rules/headers.tsv pulls it in)\n";
      continue;
    }
    std::string Done = "HIPWRIGHT_NV_DONE_FAMILY_" + macroSuffix(L.Family);
    OS << "#if (";
    ListSeparator Or(" || ");
    for (const std::string &M : Macros)
      OS << Or << "defined(" << M << ")";
    OS << ") && !defined(" << Done << ")\n#define " << Done << " 1\n";
    emitFamilyDefines(OS, P, L.Family);
    OS << "#endif\n";
  }
  OS << "\n";
}

void emitPreprocessorTests(raw_ostream &OS, const Plan &P) {
  OS << "// ==== Part 4: macros a program tests with #ifdef "
        "==============================\n"
        "// Defined iff a CUDA counterpart is defined (include guards, "
        "compiler ids);\n// re-checked after every inclusion of this "
        "header.\n";
  for (const Plan::Choice &C : P.Choices) {
    if (C.Row->Family != kPreprocessorFamily)
      continue;
    OS << "#if (";
    ListSeparator Or(" || ");
    OS << Or << "defined(" << C.Row->Cuda << ")";
    for (const Rule *A : C.Alternatives)
      OS << Or << "defined(" << A->Cuda << ")";
    OS << ") && !defined(" << C.Row->Hip << ")\n#define " << C.Row->Hip
       << " 1\n#endif\n";
  }
}

} // namespace

std::vector<NvidiaShim> nvidiaMappingShims() {
  return shimsFor(makePlan(RuleTable::builtin()));
}

std::string nvidiaMappingHeader() {
  Plan P = makePlan(RuleTable::builtin());
  std::vector<NvidiaShim> Shims = shimsFor(P);
  std::string Out;
  raw_string_ostream OS(Out);
  emitPreamble(OS, P, Shims);
  emitCore(OS, P);
  emitHeaderBlocks(OS, P);
  emitLibraryBlocks(OS, P);
  emitPreprocessorTests(OS, P);
  return Out;
}

} // namespace hipwright
