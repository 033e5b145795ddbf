//===- PtxMma.cpp - tensor-core PTX in an asm template --------------------===//
#include "tensor-core/PtxMma.h"
#include "hopper-only/PtxText.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

#include <set>

using namespace llvm;

namespace hipwright {
namespace {

/// Reads `m16n8k16` into M, N, K.
bool parseShape(StringRef Part, MmaOp &Op) {
  if (!Part.consume_front("m"))
    return false;
  auto [M, Rest] = Part.split('n');
  auto [N, K] = Rest.split('k');
  return !M.getAsInteger(10, Op.M) && !N.getAsInteger(10, Op.N) &&
         !K.getAsInteger(10, Op.K);
}

/// mma.sync.aligned.<shape>.<layouts>.<dtype>.<atype>.<btype>.<ctype>: the
/// shape and the A and D types (older forms spell fewer types).
std::optional<MmaOp> parseMma(StringRef Opcode) {
  SmallVector<StringRef, 12> Parts;
  Opcode.split(Parts, '.');
  MmaOp Op;
  bool HasShape = false;
  SmallVector<MmaElem, 4> Types;
  for (StringRef P : Parts) {
    if (!HasShape && parseShape(P, Op))
      HasShape = true;
    else if (MmaElem E = elemFromPtx(P); E != MmaElem::Unknown)
      Types.push_back(E);
  }
  if (!HasShape || Types.empty())
    return std::nullopt;
  Op.Acc = Types.front();
  Op.In = Types.size() >= 2 ? Types[1] : Types.front();
  return Op;
}

std::string tileText(const MmaOp &Op) {
  return shapeName(Op.M, Op.N, Op.K) + " " + elemName(Op.In) + " x " +
         elemName(Op.In) + " + " + elemName(Op.Acc);
}

PtxMatrixOp mmaOp(const std::string &Opcode) {
  PtxMatrixOp Out{Opcode, "", "", parseMma(Opcode)};
  Out.What = Out.Mma ? "(" + tileText(*Out.Mma) + ") has no AMD counterpart"
                     : "has no AMD counterpart";
  Out.Instead = "MFMA operands and results sit in registers in a different "
                "lane order over a 64-wide wave: stage A/B through LDS in the "
                "MFMA layout, or use rocWMMA fragments";
  return Out;
}

} // namespace

std::vector<PtxMatrixOp> findPtxMatrixOps(StringRef AsmText) {
  std::vector<PtxMatrixOp> Out;
  std::set<std::string> Seen;
  for (const std::string &Op : ptxOpcodes(AsmText)) {
    StringRef Root = StringRef(Op).split('.').first;
    if (!Seen.insert(Op).second)
      continue;
    if (Root == "mma")
      Out.push_back(mmaOp(Op));
    else if (Root == "ldmatrix")
      Out.push_back({Op,
                     "loads tensor-core fragments from shared memory; AMD has "
                     "no such instruction",
                     "load MFMA operands from LDS with ordinary loads in the "
                     "MFMA register layout, or use rocwmma::load_matrix_sync",
                     std::nullopt});
    else if (Root == "stmatrix")
      Out.push_back({Op,
                     "stores tensor-core fragments to shared memory; AMD has "
                     "no such instruction",
                     "store MFMA results to LDS with ordinary stores in the "
                     "MFMA result layout, or use rocwmma::store_matrix_sync",
                     std::nullopt});
    else if (Root == "movmatrix")
      Out.push_back({Op,
                     "transposes a fragment across lanes; AMD has no such "
                     "instruction",
                     "transpose through LDS, or load the operand already "
                     "transposed (MFMA takes either layout from memory)",
                     std::nullopt});
  }
  return Out;
}

} // namespace hipwright
