// Expectations for hopper-only.tma: tensor maps on the host, bulk tensor
// copies on the device. See tests/analyzers/check_analyzer.sh.
#include <cuda.h>
#include <cuda_runtime.h>
#include <cuda/ptx>

#include <cstdint>

__global__ void tma_load(const __grid_constant__ CUtensorMap tmap, unsigned dst, unsigned mbar) {

// CHECK-MESSAGES: :[[@LINE-2]]:62: error: kernel 'tma_load': CUtensorMap 'tmap' (the Tensor Memory Accelerator (TMA)) has no AMD equivalent [hopper-only.tma]
// CHECK-MESSAGES: :[[@LINE-3]]:62: note: load tiles into LDS cooperatively: every lane copies part of the tile, with __builtin_amdgcn_global_load_lds
  int x = blockIdx.x * 64, y = blockIdx.y * 64;
  asm volatile(
      "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes"
      " [%0], [%1, {%2, %3}], [%4];"
      :: "r"(dst), "l"(&tmap), "r"(x), "r"(y), "r"(mbar) : "memory");
// CHECK-MESSAGES: :[[@LINE-4]]:3: error: kernel 'tma_load': PTX cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes (the Tensor Memory Accelerator (TMA)) has no AMD equivalent [hopper-only.tma]
}

// The libcu++ wrapper of the same instruction.
__global__ void tma_ptx_wrapper(const __grid_constant__ CUtensorMap tmap, uint64_t *bar) {

// CHECK-MESSAGES: :[[@LINE-2]]:69: error: kernel 'tma_ptx_wrapper': CUtensorMap 'tmap' (the Tensor Memory Accelerator (TMA)) has no AMD equivalent [hopper-only.tma]
  __shared__ alignas(128) float tile[64 * 64];
  const int32_t coords[2] = {0, 0};
  cuda::ptx::cp_async_bulk_tensor(cuda::ptx::space_cluster, cuda::ptx::space_global,
                                  tile, &tmap, coords, bar);
// CHECK-MESSAGES: :[[@LINE-2]]:3: error: kernel 'tma_ptx_wrapper': cuda::ptx::cp_async_bulk_tensor (the Tensor Memory Accelerator (TMA)) has no AMD equivalent [hopper-only.tma]
}

// Host side: building the descriptor.
CUresult make_map(CUtensorMap *map, float *base) {

// CHECK-MESSAGES: :[[@LINE-2]]:32: error: function 'make_map': CUtensorMap 'map' (the Tensor Memory Accelerator (TMA)) has no AMD equivalent [hopper-only.tma]
  cuuint64_t dims[2] = {1024, 1024};

  cuuint64_t strides[1] = {1024 * sizeof(float)};

  cuuint32_t box[2] = {64, 64};

  cuuint32_t elem[2] = {1, 1};

  return cuTensorMapEncodeTiled(map, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 2, base,
// CHECK-MESSAGES: :[[@LINE-1]]:10: error: function 'make_map': cuTensorMapEncodeTiled (the Tensor Memory Accelerator (TMA)) has no AMD equivalent [hopper-only.tma]


                                dims, strides, box, elem,
                                CU_TENSOR_MAP_INTERLEAVE_NONE,

                                CU_TENSOR_MAP_SWIZZLE_128B,

                                CU_TENSOR_MAP_L2_PROMOTION_NONE,

                                CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);

}

// A non-tensor bulk copy uses the same copy engine.
__device__ void bulk_copy(void *smem, const void *gmem, unsigned bytes, uint64_t *bar) {
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
               :: "l"(smem), "l"(gmem), "r"(bytes), "l"(bar) : "memory");
// CHECK-MESSAGES: :[[@LINE-2]]:3: error: device function 'bulk_copy': PTX cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes (the Tensor Memory Accelerator (TMA)) has no AMD equivalent [hopper-only.tma]
}
