// Expectations for tensor-core.mma-ptx: mma.sync, ldmatrix, stmatrix and
// movmatrix in inline PTX, in code the parse sees and in #if __CUDA_ARCH__
// branches it skips. See tests/analyzers/check_analyzer.sh.
#include <cstdint>

__device__ void mma_16816(float *d, const uint32_t *a, const uint32_t *b) {
  asm volatile(
      "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
      "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
// CHECK-MESSAGES: :[[@LINE-5]]:3: error: device function 'mma_16816': PTX mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 (m16n8k16 f16 x f16 + f32) has no AMD counterpart; use gfx942: __builtin_amdgcn_mfma_f32_16x16x16f16; gfx950: __builtin_amdgcn_mfma_f32_16x16x32_f16 {{.*}} [tensor-core.mma-ptx]
// CHECK-MESSAGES: :[[@LINE-6]]:3: note: rocWMMA and MFMA have no m16n8k16 tile: re-tile to 16x16 (or 32x32); MFMA operands and results sit in registers in a different lane order
}

__device__ void load_fragments(uint32_t *r, unsigned addr) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "r"(addr));
// CHECK-MESSAGES: :[[@LINE-3]]:3: error: device function 'load_fragments': PTX ldmatrix.sync.aligned.m8n8.x4.shared.b16 loads tensor-core fragments from shared memory; AMD has no such instruction [tensor-core.mma-ptx]
}

__global__ void transpose_in_regs(uint32_t *out, uint32_t v) {
  uint32_t t;
  asm("movmatrix.sync.aligned.m8n8.trans.b16 %0, %1;" : "=r"(t) : "r"(v));
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: kernel 'transpose_in_regs': PTX movmatrix.sync.aligned.m8n8.trans.b16 transposes a fragment across lanes; AMD has no such instruction [tensor-core.mma-ptx]
  out[threadIdx.x] = t;
}

// An int8 tile and a double tile in one statement: one finding lists both.
__device__ void two_tiles(int *ci, double *cd, uint32_t a, uint32_t b, double x) {
  asm volatile("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%4,%4,%4}, {%5,%5}, {%0,%1,%2,%3};\n\t"
               "mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%6,%7}, {%8}, {%8}, {%6,%7};"
               : "+r"(ci[0]), "+r"(ci[1]), "+r"(ci[2]), "+r"(ci[3])
               : "r"(a), "r"(b), "d"(cd[0]), "d"(cd[1]), "d"(x));
// CHECK-MESSAGES: :[[@LINE-4]]:3: error: device function 'two_tiles': PTX mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 (m16n8k32 s8 x s8 + s32) has no AMD counterpart; use gfx942: __builtin_amdgcn_mfma_i32_16x16x32_i8 (K=32); gfx950: __builtin_amdgcn_mfma_i32_16x16x64_i8 {{.*}}; and PTX mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 (m8n8k4 f64 x f64 + f64) has no AMD counterpart; use gfx942: __builtin_amdgcn_mfma_f64_16x16x4f64
}

// The host-side parse skips this branch; the raw scan still finds it.
__device__ void guarded_store(const uint32_t *r, unsigned addr) {
#ifdef __CUDA_ARCH__
  asm volatile("stmatrix.sync.aligned.m8n8.x2.shared.b16 [%0], {%1, %2};\n"
               :: "r"(addr), "r"(r[0]), "r"(r[1]));
// CHECK-MESSAGES: :[[@LINE-2]]:3: error: code the host-side parse skips (#if branch): PTX stmatrix.sync.aligned.m8n8.x2.shared.b16 stores tensor-core fragments to shared memory; AMD has no such instruction [tensor-core.mma-ptx]
#endif
}
