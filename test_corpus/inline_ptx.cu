// inline_ptx.cu - device code with inline PTX: %laneid, prmt (byte permute),
// bfe (bit-field extract, unsigned and signed) and ld.global.nc, each checked
// against a portable C++ reference computed on the host.
//
// What `hipwright verify` must show for this program (tests/verify/):
// inline PTX runs only once --fix has replaced it.
// VERIFY-EXPECT: cuda-run-wave32=not-run port-run-wave64=not-run
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define checkCuda(call)                                                        \
  do {                                                                         \
    cudaError_t e__ = (call);                                                  \
    if (e__ != cudaSuccess) {                                                  \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                 \
                   cudaGetErrorString(e__));                                   \
      std::exit(EXIT_FAILURE);                                                 \
    }                                                                          \
  } while (0)

__device__ __forceinline__ unsigned laneId() {
  unsigned lane;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  return lane;
}
__device__ __forceinline__ unsigned prmt(unsigned a, unsigned b, unsigned sel) {
  unsigned d;
  asm("prmt.b32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(sel));
  return d;
}
__device__ __forceinline__ unsigned bfeU32(unsigned a, unsigned pos, unsigned len) {
  unsigned d;
  asm("bfe.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(pos), "r"(len));
  return d;
}
__device__ __forceinline__ int bfeS32(int a, unsigned pos, unsigned len) {
  int d;
  asm("bfe.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(pos), "r"(len));
  return d;
}
__device__ __forceinline__ float loadNC(const float *p) {
  float v;
  asm volatile("ld.global.nc.f32 %0, [%1];" : "=f"(v) : "l"(p));
  return v;
}

struct Case { unsigned a, b, sel, pos, len; };

__global__ void ptxKernel(const Case *cases, const float *src, int n,
                          unsigned *lanes, unsigned *prmts, unsigned *bfeu,
                          int *bfes, float *loaded) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Case c = cases[i];
  lanes[i] = laneId();
  prmts[i] = prmt(c.a, c.b, c.sel);
  bfeu[i] = bfeU32(c.a, c.pos, c.len);
  bfes[i] = bfeS32(static_cast<int>(c.a), c.pos, c.len);
  loaded[i] = loadNC(src + (n - 1 - i));
}

// PTX ISA semantics, written out bit by bit.
static unsigned refPrmt(unsigned a, unsigned b, unsigned sel) {
  uint8_t bytes[8];
  for (int k = 0; k < 4; ++k) { bytes[k] = (a >> (8 * k)) & 0xff; bytes[4 + k] = (b >> (8 * k)) & 0xff; }
  unsigned d = 0;
  for (int k = 0; k < 4; ++k) {
    unsigned nib = (sel >> (4 * k)) & 0xf;
    unsigned byte = bytes[nib & 7];
    if (nib & 8) byte = (byte & 0x80) ? 0xff : 0x00; // replicate the sign bit
    d |= byte << (8 * k);
  }
  return d;
}
static unsigned refBfe(unsigned a, unsigned pos, unsigned len, bool isSigned) {
  pos &= 0xff; len &= 0xff;
  unsigned msbIndex = pos + len - 1 < 31 ? pos + len - 1 : 31;
  unsigned sbit = (!isSigned || len == 0) ? 0 : (a >> msbIndex) & 1;
  unsigned d = 0;
  for (unsigned k = 0; k < 32; ++k) {
    unsigned bit = (k < len && pos + k <= 31) ? (a >> (pos + k)) & 1 : sbit;
    d |= bit << k;
  }
  return d;
}

int main() {
  const int n = 1024;
  std::vector<Case> cases(n);
  std::vector<float> src(n);
  unsigned s = 2463534242u;
  auto next = [&s] { s ^= s << 13; s ^= s >> 17; s ^= s << 5; return s; }; // xorshift32
  for (int i = 0; i < n; ++i) {
    cases[i] = {next(), next(), next() & 0xffff, next() % 40, next() % 40};
    src[i] = static_cast<float>(i) * 0.75f - 100.0f;
  }
  Case *dCases; float *dSrc, *dLoaded; unsigned *dLanes, *dPrmt, *dBfeu; int *dBfes;
  checkCuda(cudaMalloc(&dCases, n * sizeof(Case)));
  checkCuda(cudaMalloc(&dSrc, n * sizeof(float)));
  checkCuda(cudaMalloc(&dLoaded, n * sizeof(float)));
  checkCuda(cudaMalloc(&dLanes, n * sizeof(unsigned)));
  checkCuda(cudaMalloc(&dPrmt, n * sizeof(unsigned)));
  checkCuda(cudaMalloc(&dBfeu, n * sizeof(unsigned)));
  checkCuda(cudaMalloc(&dBfes, n * sizeof(int)));
  checkCuda(cudaMemcpy(dCases, cases.data(), n * sizeof(Case), cudaMemcpyHostToDevice));
  checkCuda(cudaMemcpy(dSrc, src.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  ptxKernel<<<n / 128, 128>>>(dCases, dSrc, n, dLanes, dPrmt, dBfeu, dBfes, dLoaded);
  checkCuda(cudaGetLastError());
  checkCuda(cudaDeviceSynchronize());

  std::vector<unsigned> lanes(n), prmts(n), bfeu(n); std::vector<int> bfes(n); std::vector<float> loaded(n);
  checkCuda(cudaMemcpy(lanes.data(), dLanes, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
  checkCuda(cudaMemcpy(prmts.data(), dPrmt, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
  checkCuda(cudaMemcpy(bfeu.data(), dBfeu, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
  checkCuda(cudaMemcpy(bfes.data(), dBfes, n * sizeof(int), cudaMemcpyDeviceToHost));
  checkCuda(cudaMemcpy(loaded.data(), dLoaded, n * sizeof(float), cudaMemcpyDeviceToHost));

  // %laneid counts within the hardware warp: ask the device how wide that is
  // rather than assume 32, so a port to 64-lane wavefronts is judged fairly.
  cudaDeviceProp prop;
  checkCuda(cudaGetDeviceProperties(&prop, 0));
  const unsigned warp = static_cast<unsigned>(prop.warpSize);

  int badLane = 0, badPrmt = 0, badBfeu = 0, badBfes = 0, badLoad = 0;
  for (int i = 0; i < n; ++i) {
    const Case &c = cases[i];
    badLane += lanes[i] != static_cast<unsigned>(i % 128) % warp;
    badPrmt += prmts[i] != refPrmt(c.a, c.b, c.sel);
    badBfeu += bfeu[i] != refBfe(c.a, c.pos, c.len, false);
    badBfes += static_cast<unsigned>(bfes[i]) != refBfe(c.a, c.pos, c.len, true);
    badLoad += loaded[i] != src[n - 1 - i];
  }
  std::printf("%%laneid: %d wrong, prmt: %d wrong, bfe.u32: %d wrong, "
              "bfe.s32: %d wrong, ld.global.nc: %d wrong (of %d each)\n",
              badLane, badPrmt, badBfeu, badBfes, badLoad, n);
  checkCuda(cudaFree(dCases)); checkCuda(cudaFree(dSrc)); checkCuda(cudaFree(dLoaded));
  checkCuda(cudaFree(dLanes)); checkCuda(cudaFree(dPrmt)); checkCuda(cudaFree(dBfeu));
  checkCuda(cudaFree(dBfes));
  bool ok = badLane + badPrmt + badBfeu + badBfes + badLoad == 0;
  std::printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
