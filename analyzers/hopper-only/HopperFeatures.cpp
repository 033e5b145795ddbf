//===- HopperFeatures.cpp - sm_90+ features AMD does not have -------------===//
#include "hopper-only/HopperFeatures.h"
#include "hopper-only/PtxText.h"

#include "llvm/ADT/StringSwitch.h"

using namespace llvm;

namespace hipwright {

const HopperFeature &hopperFeature(HopperKind K) {
  static const HopperFeature Table[] = {
      {"hopper-only.wgmma", "warpgroup MMA (wgmma)",
       "redesign the tile loop as MFMA per wave: each 64-wide wave issues "
       "__builtin_amdgcn_mfma_* on operands it stages from LDS into "
       "registers (or use rocWMMA, hipBLASLt or Composable Kernel); there are "
       "no asynchronous warpgroup MMAs or shared-memory matrix descriptors"},
      {"hopper-only.tma", "the Tensor Memory Accelerator (TMA)",
       "load tiles into LDS cooperatively: every lane copies part of the "
       "tile, with __builtin_amdgcn_global_load_lds (gfx90a and later, incl. "
       "gfx942/gfx950) to skip the round trip through registers, and compute "
       "the tile addresses in the kernel instead of a CUtensorMap"},
      {"hopper-only.mbarrier-tx", "an mbarrier with a transaction count",
       "AMD barriers do not count bytes: after cooperative loads use "
       "__syncthreads(); after global->LDS loads wait for them "
       "(__builtin_amdgcn_s_waitcnt / vmcnt) and then barrier"},
      {"hopper-only.cluster",
       "thread-block clusters / distributed shared memory",
       "keep cooperation inside one workgroup (up to 1024 threads sharing "
       "its LDS) or exchange through global memory with grid-wide "
       "synchronization (cooperative launch); another block's shared memory "
       "cannot be addressed"},
      {"hopper-only.setmaxnreg", "setmaxnreg register reallocation",
       "registers per wave are fixed when the kernel is compiled: drop the "
       "producer/consumer register split and bound occupancy with "
       "__launch_bounds__ or __attribute__((amdgpu_waves_per_eu))"},
      {"hopper-only.tcgen05", "Blackwell tcgen05 tensor-core instructions",
       "redesign as MFMA per wave with the accumulators in registers (AMD has "
       "no tensor memory)"},
      {"hopper-only", "a Hopper-only instruction",
       "restructure without it: see the finding's instruction and "
       "docs/rules/hopper-only.md"},
  };
  return Table[static_cast<int>(K)];
}

namespace {

std::optional<HopperKind> classifyOpcode(StringRef Op) {
  StringRef Root = Op.split('.').first;
  if (Root == "wgmma")
    return HopperKind::Wgmma;
  if (Root == "tcgen05")
    return HopperKind::Tcgen05;
  if (Root == "setmaxnreg")
    return HopperKind::SetMaxNReg;
  // Bulk copies name their mbarrier (complete_tx) and shared::cluster
  // window; they are still TMA first.
  if (Op.starts_with("cp.async.bulk") ||
      Op.starts_with("cp.reduce.async.bulk") || Root == "tensormap" ||
      Op.contains(".tensormap"))
    return HopperKind::Tma;
  if (Op.contains("expect_tx") || Op.contains("complete_tx"))
    return HopperKind::MbarrierTx;
  if (Op.starts_with("barrier.cluster") || Root == "mapa" ||
      Op.contains("shared::cluster") || Root == "getctarank")
    return HopperKind::Cluster;
  if (Op.starts_with("elect.sync") || Root == "griddepcontrol" ||
      Op.starts_with("fence.proxy.async") || Op.starts_with("st.async") ||
      Op.starts_with("red.async") || Root == "multimem")
    return HopperKind::Other;
  return std::nullopt;
}

/// Cluster special registers can appear as operands of any instruction.
bool mentionsClusterRegister(StringRef Text) {
  for (StringRef Reg :
       {"%clusterid", "%nclusterid", "%cluster_ctaid", "%cluster_nctaid",
        "%cluster_ctarank", "%cluster_nctarank", "%is_explicit_cluster"})
    if (Text.contains(Reg))
      return true;
  return false;
}

} // namespace

std::vector<std::pair<HopperKind, std::string>>
classifyHopperPtx(StringRef AsmText) {
  std::vector<std::pair<HopperKind, std::string>> Out;
  auto Add = [&](HopperKind K, std::string Why) {
    for (auto &[Kind, _] : Out)
      if (Kind == K)
        return;
    Out.push_back({K, std::move(Why)});
  };
  for (const std::string &Op : ptxOpcodes(AsmText))
    if (std::optional<HopperKind> K = classifyOpcode(Op))
      Add(*K, Op);
  if (mentionsClusterRegister(AsmText))
    Add(HopperKind::Cluster, "a %cluster special register");
  return Out;
}

std::optional<HopperKind> classifyLibcuxxFunction(StringRef Name, bool InPtx) {
  if (!InPtx)
    // cuda::device: the sm_90 barrier extensions and TMA copies.
    return StringSwitch<std::optional<HopperKind>>(Name)
        .Cases({"barrier_arrive_tx", "barrier_expect_tx"},
               HopperKind::MbarrierTx)
        .Case("memcpy_async_tx", HopperKind::Tma)
        .StartsWith("cp_async_bulk", HopperKind::Tma)
        .StartsWith("cp_reduce_bulk", HopperKind::Tma)
        .StartsWith("fence_proxy_async", HopperKind::Other)
        .Default(std::nullopt);
  return StringSwitch<std::optional<HopperKind>>(Name)
      .StartsWith("tcgen05", HopperKind::Tcgen05)
      .StartsWith("wgmma", HopperKind::Wgmma)
      .Cases({"mbarrier_arrive_expect_tx", "mbarrier_expect_tx"},
             HopperKind::MbarrierTx)
      .StartsWith("cp_async_bulk", HopperKind::Tma)
      .StartsWith("cp_reduce_async_bulk", HopperKind::Tma)
      .StartsWith("tensormap", HopperKind::Tma)
      .StartsWith("barrier_cluster", HopperKind::Cluster)
      .Cases({"mapa", "getctarank"}, HopperKind::Cluster)
      .StartsWith("get_sreg_cluster", HopperKind::Cluster)
      .StartsWith("setmaxnreg", HopperKind::SetMaxNReg)
      .StartsWith("elect_sync", HopperKind::Other)
      .StartsWith("fence_proxy_async", HopperKind::Other)
      .StartsWith("st_async", HopperKind::Other)
      .StartsWith("red_async", HopperKind::Other)
      .StartsWith("multimem", HopperKind::Other)
      .Default(std::nullopt);
}

std::optional<HopperKind> classifyCudaApiName(StringRef Name) {
  if (Name.starts_with("cuTensorMap"))
    return HopperKind::Tma;
  return StringSwitch<std::optional<HopperKind>>(Name)
      .Cases({"cudaLaunchAttributeClusterDimension",
              "cudaLaunchAttributeClusterSchedulingPolicyPreference",
              "cudaLaunchAttributePreferredClusterDimension",
              "cudaFuncAttributeRequiredClusterWidth",
              "cudaFuncAttributeRequiredClusterHeight",
              "cudaFuncAttributeRequiredClusterDepth",
              "cudaFuncAttributeNonPortableClusterSizeAllowed",
              "cudaFuncAttributeClusterSchedulingPolicyPreference",
              "cudaOccupancyMaxActiveClusters",
              "cudaOccupancyMaxPotentialClusterSize",
              "CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION",
              "CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH",
              "CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED",
              "cuOccupancyMaxActiveClusters"},
             HopperKind::Cluster)
      .Default(std::nullopt);
}

} // namespace hipwright
