// simd_video.cu - CUDA's SIMD-within-a-word video intrinsics and integer dot
// products, which no ROCm header declares (the port calls hipwright's own
// equivalents): per-byte and per-halfword add/subtract with wrap-around and
// saturation, averages, absolute differences and their sums, min/max,
// comparisons (0/1 and mask forms), negation, __dp4a, __dp2a_lo/__dp2a_hi.
// Every result is compared bit for bit with a plain C++ model of each lane.
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#define checkCuda(call)                                                        \
  do {                                                                         \
    cudaError_t err__ = (call);                                                \
    if (err__ != cudaSuccess) {                                                \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                  \
                   cudaGetErrorString(err__));                                 \
      std::exit(EXIT_FAILURE);                                                 \
    }                                                                          \
  } while (0)

const int kResults = 24; // results per input pair

__global__ void simd(const unsigned *a, const unsigned *b, unsigned *out,
                     int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  unsigned x = a[i], y = b[i];
  unsigned *o = out + i * kResults;
  o[0] = __vadd4(x, y);
  o[1] = __vaddss4(x, y);
  o[2] = __vaddus2(x, y);
  o[3] = __vsub2(x, y);
  o[4] = __vsubss2(x, y);
  o[5] = __vsubus4(x, y);
  o[6] = __vavgs4(x, y);
  o[7] = __vavgu2(x, y);
  o[8] = __vhaddu4(x, y);
  o[9] = __vabsdiffs2(x, y);
  o[10] = __vabsdiffu4(x, y);
  o[11] = __vsads4(x, y);
  o[12] = __vsadu2(x, y);
  o[13] = __vmins4(x, y);
  o[14] = __vmaxu2(x, y);
  o[15] = __vcmpgts2(x, y);
  o[16] = __vsetltu4(x, y);
  o[17] = __vcmpeq4(x, x & 0xff00ff00u);
  o[18] = __vabsss4(x);
  o[19] = __vnegss2(x);
  o[20] = (unsigned)__dp4a((int)x, (int)y, (int)i);
  o[21] = __dp4a(x, y, 7u);
  o[22] = (unsigned)__dp2a_lo((int)x, (int)y, -3);
  o[23] = __dp2a_hi(x, y, 11u);
}

// ---- the CPU model: one lane at a time ------------------------------------
static int lane(unsigned w, int bits, int i, bool isSigned) {
  unsigned u = (w >> (i * bits)) & ((1u << bits) - 1);
  if (isSigned && (u >> (bits - 1)))
    return (int)u - (1 << bits);
  return (int)u;
}
static int clampTo(long long v, long long lo, long long hi) {
  return (int)(v < lo ? lo : v > hi ? hi : v);
}
enum Kind { ADD, ADDSS, ADDUS, SUB, SUBSS, SUBUS, AVGS, AVGU, HADDU, ABSDS,
            ABSDU, MINS, MAXU, CMPGTS, SETLTU, CMPEQ, ABSSS, NEGSS };
static unsigned model(Kind k, unsigned x, unsigned y, int bits) {
  unsigned r = 0;
  int lanes = 32 / bits, smin = -(1 << (bits - 1)), smax = (1 << (bits - 1)) - 1,
      umax = (1 << bits) - 1;
  for (int i = 0; i < lanes; ++i) {
    int sx = lane(x, bits, i, true), sy = lane(y, bits, i, true);
    int ux = lane(x, bits, i, false), uy = lane(y, bits, i, false);
    int v = 0;
    switch (k) {
    case ADD: v = ux + uy; break;
    case ADDSS: v = clampTo(sx + sy, smin, smax); break;
    case ADDUS: v = clampTo(ux + uy, 0, umax); break;
    case SUB: v = ux - uy; break;
    case SUBSS: v = clampTo(sx - sy, smin, smax); break;
    case SUBUS: v = clampTo(ux - uy, 0, umax); break;
    case AVGS: {
      // Rounds half away from zero: 3/2 -> 2, -3/2 -> -2.
      int s = sx + sy;
      v = s >= 0 ? (s + 1) / 2 : -((-s + 1) / 2);
      break;
    }
    case AVGU: v = (ux + uy + 1) / 2; break;
    case HADDU: v = (ux + uy) / 2; break;
    case ABSDS: v = std::abs(sx - sy); break;
    case ABSDU: v = std::abs(ux - uy); break;
    case MINS: v = sx < sy ? sx : sy; break;
    case MAXU: v = ux > uy ? ux : uy; break;
    case CMPGTS: v = sx > sy ? umax : 0; break;
    case SETLTU: v = ux < uy ? 1 : 0; break;
    case CMPEQ: v = ux == uy ? umax : 0; break;
    case ABSSS: v = clampTo(std::abs(sx), 0, smax); break;
    case NEGSS: v = clampTo(-(long long)sx, smin, smax); break;
    }
    r |= ((unsigned)v & (unsigned)umax) << (i * bits);
  }
  return r;
}
static unsigned sadModel(unsigned x, unsigned y, int bits, bool isSigned) {
  unsigned s = 0;
  for (int i = 0; i < 32 / bits; ++i)
    s += (unsigned)std::abs(lane(x, bits, i, isSigned) -
                            lane(y, bits, i, isSigned));
  return s;
}
// a's lanes (4 bytes or 2 halfwords) times b's bytes from `first`, plus c.
static unsigned dotModel(unsigned a, int aBits, unsigned b, int first,
                         bool isSigned, unsigned c) {
  unsigned s = c;
  for (int i = 0; i < 32 / aBits; ++i)
    s += (unsigned)(lane(a, aBits, i, isSigned) *
                    lane(b, 8, first + i, isSigned));
  return s;
}

int main() {
  const int n = 4096;
  std::vector<unsigned> a(n), b(n);
  unsigned state = 12345u;
  auto next = [&state] {
    state = state * 1664525u + 1013904223u;
    return state;
  };
  for (int i = 0; i < n; ++i) {
    a[i] = next();
    b[i] = next();
    // Edge lanes every few inputs: 0x00, 0x7f, 0x80, 0xff bytes and
    // halfwords, where wrap-around, saturation and rounding differ.
    if (i % 4 == 1)
      a[i] = 0x7f80ff00u ^ (a[i] & 0x01010101u);
    if (i % 8 == 3)
      b[i] = 0x80007fffu;
    if (i % 16 == 5)
      b[i] = a[i];
  }
  unsigned *dA, *dB, *dOut;
  checkCuda(cudaMalloc(&dA, n * sizeof(unsigned)));
  checkCuda(cudaMalloc(&dB, n * sizeof(unsigned)));
  checkCuda(cudaMalloc(&dOut, n * kResults * sizeof(unsigned)));
  checkCuda(cudaMemcpy(dA, a.data(), n * sizeof(unsigned),
                       cudaMemcpyHostToDevice));
  checkCuda(cudaMemcpy(dB, b.data(), n * sizeof(unsigned),
                       cudaMemcpyHostToDevice));
  simd<<<(n + 127) / 128, 128>>>(dA, dB, dOut, n);
  checkCuda(cudaGetLastError());
  std::vector<unsigned> out(n * kResults);
  checkCuda(cudaMemcpy(out.data(), dOut, out.size() * sizeof(unsigned),
                       cudaMemcpyDeviceToHost));

  int wrong = 0;
  for (int i = 0; i < n; ++i) {
    unsigned x = a[i], y = b[i];
    unsigned want[kResults] = {
        model(ADD, x, y, 8),     model(ADDSS, x, y, 8),
        model(ADDUS, x, y, 16),  model(SUB, x, y, 16),
        model(SUBSS, x, y, 16),  model(SUBUS, x, y, 8),
        model(AVGS, x, y, 8),    model(AVGU, x, y, 16),
        model(HADDU, x, y, 8),   model(ABSDS, x, y, 16),
        model(ABSDU, x, y, 8),   sadModel(x, y, 8, true),
        sadModel(x, y, 16, false), model(MINS, x, y, 8),
        model(MAXU, x, y, 16),   model(CMPGTS, x, y, 16),
        model(SETLTU, x, y, 8),  model(CMPEQ, x, x & 0xff00ff00u, 8),
        model(ABSSS, x, 0, 8),   model(NEGSS, x, 0, 16),
        dotModel(x, 8, y, 0, true, (unsigned)i),
        dotModel(x, 8, y, 0, false, 7u),
        dotModel(x, 16, y, 0, true, (unsigned)-3),
        dotModel(x, 16, y, 2, false, 11u)};
    for (int r = 0; r < kResults; ++r)
      if (out[i * kResults + r] != want[r]) {
        if (wrong < 10)
          std::printf("input %d result %d: got %08x, want %08x\n", i, r,
                      out[i * kResults + r], want[r]);
        ++wrong;
      }
  }
  checkCuda(cudaFree(dA));
  checkCuda(cudaFree(dB));
  checkCuda(cudaFree(dOut));
  std::printf("checked %d results of %d SIMD and dot-product intrinsics: %d "
              "wrong\n",
              n * kResults, kResults, wrong);
  std::printf(wrong ? "FAILED\n" : "PASSED\n");
  return wrong ? EXIT_FAILURE : EXIT_SUCCESS;
}
