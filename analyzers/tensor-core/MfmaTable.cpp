//===- MfmaTable.cpp - CUDA tensor-core shapes -> AMD matrix cores --------===//
#include "tensor-core/MfmaTable.h"

#include "llvm/ADT/StringRef.h"

using namespace llvm;

namespace hipwright {

const char *const kLayoutDiffers =
    "the lane-to-element layout of AMD fragments differs from NVIDIA's, so "
    "code that reads or writes fragment.x[i] by index is not portable";

namespace {

/// Matrix-instruction generations; each adds or drops builtins.
enum class MatrixGen {
  None,
  Mfma908,
  Mfma90a,
  Mfma94x,
  Mfma950,
  Wmma11,
  Wmma12
};

MatrixGen genOf(const GpuTarget &T) {
  StringRef N = T.Name;
  if (N == "gfx908")
    return MatrixGen::Mfma908;
  if (N == "gfx90a")
    return MatrixGen::Mfma90a;
  if (N == "gfx940" || N == "gfx941" || N == "gfx942")
    return MatrixGen::Mfma94x;
  if (N == "gfx950")
    return MatrixGen::Mfma950;
  if (N.starts_with("gfx11"))
    return MatrixGen::Wmma11;
  if (N.starts_with("gfx12"))
    return MatrixGen::Wmma12;
  return MatrixGen::None;
}

bool isMfma(MatrixGen G) {
  return G == MatrixGen::Mfma908 || G == MatrixGen::Mfma90a ||
         G == MatrixGen::Mfma94x || G == MatrixGen::Mfma950;
}

std::string b(StringRef Name) { return ("__builtin_amdgcn_" + Name).str(); }

std::string f16For(MatrixGen G) {
  switch (G) {
  case MatrixGen::Mfma950:
    return b("mfma_f32_16x16x32_f16") + " (K=32; " + b("mfma_f32_16x16x16f16") +
           " also exists)";
  case MatrixGen::Wmma11:
    return b("wmma_f32_16x16x16_f16_w32");
  case MatrixGen::Wmma12:
    return b("wmma_f32_16x16x16_f16_w32_gfx12");
  default:
    return b("mfma_f32_16x16x16f16");
  }
}

std::string bf16For(MatrixGen G) {
  switch (G) {
  case MatrixGen::Mfma908:
    return b("mfma_f32_16x16x8bf16") + " (K=8: two per k16 step)";
  case MatrixGen::Mfma950:
    return b("mfma_f32_16x16x32_bf16") + " (K=32; " +
           b("mfma_f32_16x16x16bf16_1k") + " also exists)";
  case MatrixGen::Wmma11:
    return b("wmma_f32_16x16x16_bf16_w32");
  case MatrixGen::Wmma12:
    return b("wmma_f32_16x16x16_bf16_w32_gfx12");
  default:
    return b("mfma_f32_16x16x16bf16_1k");
  }
}

std::string tf32For(MatrixGen G) {
  switch (G) {
  case MatrixGen::Mfma94x:
    return b("mfma_f32_16x16x8_xf32");
  case MatrixGen::Mfma950:
    return "no xf32 form (gfx950 dropped it): " + b("mfma_f32_16x16x4f32") +
           " in full fp32, or convert to bf16";
  case MatrixGen::Mfma908:
  case MatrixGen::Mfma90a:
    return "no tf32 form: " + b("mfma_f32_16x16x4f32") + " in full fp32";
  default:
    return "no tf32 matrix instruction: fp32 FMA, or convert to f16/bf16";
  }
}

std::string f64For(MatrixGen G) {
  if (G == MatrixGen::Mfma90a || G == MatrixGen::Mfma94x ||
      G == MatrixGen::Mfma950)
    return b("mfma_f64_16x16x4f64") + " (16x16x4: re-tile the 8x8x4 tile)";
  return "no f64 matrix instruction: plain fp64 FMA";
}

std::string i8For(MatrixGen G, bool Unsigned) {
  std::string Sign =
      Unsigned ? " (signed i8 only: offset u8 data by -128 and correct the "
                 "sums, or widen to i16/f16)"
               : "";
  switch (G) {
  case MatrixGen::Mfma908:
  case MatrixGen::Mfma90a:
    return b("mfma_i32_16x16x16i8") + Sign;
  case MatrixGen::Mfma94x:
    return b("mfma_i32_16x16x32_i8") + " (K=32)" + Sign;
  case MatrixGen::Mfma950:
    return b("mfma_i32_16x16x64_i8") + " (K=64; " + b("mfma_i32_16x16x32_i8") +
           " also exists)" + Sign;
  case MatrixGen::Wmma11:
    return b("wmma_i32_16x16x16_iu8_w32") + " (signedness per operand)";
  case MatrixGen::Wmma12:
    return b("wmma_i32_16x16x16_iu8_w32_gfx12") + " (signedness per operand)";
  default:
    return "no int8 matrix instruction: __builtin_amdgcn dot-product "
           "(sdot4) or plain integer math";
  }
}

std::string i4For(MatrixGen G) {
  if (G == MatrixGen::Wmma11)
    return b("wmma_i32_16x16x16_iu4_w32");
  if (G == MatrixGen::Wmma12)
    return b("wmma_i32_16x16x16_iu4_w32_gfx12");
  return "no 4-bit matrix instruction: unpack to i8 and use " + i8For(G, false);
}

std::string fp8For(MatrixGen G) {
  if (G == MatrixGen::Mfma94x)
    return b("mfma_f32_16x16x32_fp8_fp8") +
           " (gfx942 fp8 is the FNUZ encoding, not OCP e4m3/e5m2: convert)";
  if (G == MatrixGen::Mfma950)
    return b("mfma_f32_16x16x32_fp8_fp8") + " (OCP e4m3/e5m2)";
  return "no fp8 matrix instruction: convert to f16";
}

} // namespace

std::string matrixBuiltinFor(const MmaOp &Op, const GpuTarget &Target) {
  MatrixGen G = genOf(Target);
  if (G == MatrixGen::None)
    return "no matrix instructions on " + Target.Name +
           ": plain FMA loops (rocWMMA does not support it)";
  switch (Op.In) {
  case MmaElem::F16:
    return f16For(G);
  case MmaElem::BF16:
    return bf16For(G);
  case MmaElem::TF32:
    return tf32For(G);
  case MmaElem::F32:
    return isMfma(G) ? b("mfma_f32_16x16x4f32")
                     : "no f32 matrix instruction: plain FMA";
  case MmaElem::F64:
    return f64For(G);
  case MmaElem::S8:
  case MmaElem::U8:
    return i8For(G, Op.In == MmaElem::U8);
  case MmaElem::S4:
  case MmaElem::U4:
    return i4For(G);
  case MmaElem::B1:
    return "no 1-bit matrix instruction: AND/XOR 64-bit words and count "
           "with __popcll";
  case MmaElem::FP8:
    return fp8For(G);
  default:
    return "unknown element type: pick the MFMA by hand";
  }
}

std::string matrixBuiltinsFor(const MmaOp &Op,
                              const std::vector<GpuTarget> &Targets) {
  std::string Out;
  for (const GpuTarget &T : Targets)
    Out += (Out.empty() ? "" : "; ") + T.Name + ": " + matrixBuiltinFor(Op, T);
  return Out;
}

namespace {

std::string rocwmmaElem(MmaElem E, const std::vector<GpuTarget> &Targets) {
  switch (E) {
  case MmaElem::F16:
    return "rocwmma::float16_t";
  case MmaElem::BF16:
    return "rocwmma::bfloat16_t";
  case MmaElem::F32:
    return "rocwmma::float32_t";
  case MmaElem::F64:
    return "rocwmma::float64_t";
  case MmaElem::S8:
  case MmaElem::U8:
    return "rocwmma::int8_t";
  case MmaElem::S32:
    return "rocwmma::int32_t";
  case MmaElem::TF32: {
    // rocWMMA's xfloat32_t needs the xf32 MFMA, which only gfx940-942 have.
    bool AllXf32 = !Targets.empty();
    for (const GpuTarget &T : Targets)
      AllXf32 &= genOf(T) == MatrixGen::Mfma94x;
    return AllXf32 ? "rocwmma::xfloat32_t" : "rocwmma::float32_t";
  }
  default:
    return "";
  }
}

/// The rocWMMA tile for a CUDA tile: 16x16, K as CUDA has it when
/// rocWMMA accepts it.
void rocwmmaShape(const WmmaFragment &F, unsigned &M, unsigned &N,
                  unsigned &K) {
  M = 16, N = 16, K = F.K;
  if (F.Elem == MmaElem::F64)
    K = 4;
}

} // namespace

std::string rocwmmaFragmentFor(const WmmaFragment &F,
                               const std::vector<GpuTarget> &Targets) {
  if (F.Elem == MmaElem::S4 || F.Elem == MmaElem::U4)
    return "rocWMMA has no 4-bit fragment: unpack to rocwmma::int8_t";
  if (F.Elem == MmaElem::B1)
    return "rocWMMA has no 1-bit fragment: use 64-bit words and __popcll";
  std::string Elem = rocwmmaElem(F.Elem, Targets);
  if (Elem.empty())
    return "no rocWMMA element type for this fragment";
  unsigned M, N, K;
  rocwmmaShape(F, M, N, K);
  std::string Out = std::string("rocwmma::fragment<rocwmma::") +
                    useName(F.Use) + ", " + std::to_string(M) + ", " +
                    std::to_string(N) + ", " + std::to_string(K) + ", " + Elem;
  if (!F.Layout.empty())
    Out += ", rocwmma::" + F.Layout;
  return Out + ">";
}

std::string retileAdvice(const MmaOp &Op) {
  if (Op.In == MmaElem::S4 || Op.In == MmaElem::U4 || Op.In == MmaElem::B1)
    return "AMD has no " + std::string(elemName(Op.In)) +
           " tiles: change the data type";
  if (Op.M == 16 && Op.N == 16)
    return "";
  if (Op.In == MmaElem::F64)
    return "AMD's f64 tile is 16x16x4, not " + shapeName(Op.M, Op.N, Op.K) +
           ": re-tile to 16x16";
  return "rocWMMA and MFMA have no " + shapeName(Op.M, Op.N, Op.K) +
         " tile: re-tile to 16x16 (or 32x32)";
}

} // namespace hipwright
