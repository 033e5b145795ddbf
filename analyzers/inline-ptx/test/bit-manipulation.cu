// inline-ptx.bit-manipulation: each rewrite computes the same bits for
// every input (variable prmt selectors and bfe fields are spelled out,
// since HIP's __byte_perm and AMD's bfe differ at the edges).
// HIPWRIGHT-COMPILE-FIXED
#include <cuda_runtime.h>

__device__ unsigned swapHalves(unsigned a, unsigned b) {
  unsigned d;
  asm("prmt.b32 %0, %1, %2, 0x1032;" : "=r"(d) : "r"(a), "r"(b));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX prmt -> __byte_perm(a, b, s) [inline-ptx.bit-manipulation]
  // CHECK-FIXES: d = __byte_perm(a, b, 0x1032);
  return d;
}

__device__ unsigned permute(unsigned a, unsigned b, unsigned s) {
  unsigned d;
  asm volatile("prmt.b32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(s));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX prmt -> __byte_perm(a, b, s) [inline-ptx.bit-manipulation]
  // CHECK-FIXES: d = [](unsigned a, unsigned b, unsigned s) { unsigned long long x = (unsigned long long)b << 32 | a; unsigned d = 0; for (int k = 0; k < 4; ++k) { unsigned n = s >> 4 * k & 15, y = x >> 8 * (n & 7) & 255; d |= (n & 8 ? (y & 128 ? 255u : 0u) : y) << 8 * k; } return d; }(a, b, s);
  return d;
}

__device__ unsigned reverse(unsigned x) {
  unsigned r;
  asm("brev.b32 %0, %1;" : "=r"(r) : "r"(x));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX brev -> __brev(x) [inline-ptx.bit-manipulation]
  // CHECK-FIXES: r = __brev(x);
  return r;
}

__device__ unsigned count64(unsigned long long x) {
  unsigned n;
  asm("popc.b64 %0, %1;" : "=r"(n) : "l"(x));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX popc -> __popcll(x) [inline-ptx.bit-manipulation]
  // CHECK-FIXES: n = __popcll(x);
  return n;
}

__device__ int leading(unsigned x) {
  int n;
  asm("clz.b32 %0, %1;" : "=r"(n) : "r"(x));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX clz -> __clz(x) [inline-ptx.bit-manipulation]
  // CHECK-FIXES: n = __clz(x);
  return n;
}

__device__ unsigned highest(unsigned x) {
  unsigned n;
  asm("bfind.u32 %0, %1;" : "=r"(n) : "r"(x));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX bfind -> 31 - __clz(x) [inline-ptx.bit-manipulation]
  // CHECK-FIXES: n = 31 - __clz(x);
  return n;
}

__device__ unsigned nibble(unsigned x) {
  unsigned d;
  asm("bfe.u32 %0, %1, 8, 4;" : "=r"(d) : "r"(x));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX bfe -> (x >> pos) & ((1u << len) - 1), or __builtin_amdgcn_ubfe/sbfe(x, pos, len) [inline-ptx.bit-manipulation]
  // CHECK-FIXES: d = (x >> 8) & 0xfu;
  return d;
}

__device__ int field(int a, unsigned pos, unsigned len) {
  int d;
  asm("bfe.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(pos), "r"(len));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX bfe -> (x >> pos) & ((1u << len) - 1), or __builtin_amdgcn_ubfe/sbfe(x, pos, len) [inline-ptx.bit-manipulation]
  // CHECK-FIXES: d = [](int a, unsigned p, unsigned l) { p &= 255; l &= 255; if (l == 0) return int(0); if (p >= 32) return int(a >> 31); unsigned w = l < 32 - p ? l : 32 - p; return int(unsigned(a) << (32 - p - w)) >> (32 - w); }(a, pos, len);
  return d;
}

__device__ unsigned insert(unsigned f, unsigned b, unsigned pos, unsigned len) {
  unsigned d;
  asm("bfi.b32 %0, %1, %2, %3, %4;" : "=r"(d) : "r"(f), "r"(b), "r"(pos), "r"(len));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX bfi -> (b & ~(mask << pos)) | ((a & mask) << pos) [inline-ptx.bit-manipulation]
  // CHECK-FIXES: d = [](unsigned f, unsigned b, unsigned p, unsigned l) { p &= 255; l &= 255; if (p >= 32 || l == 0) return b; unsigned m = (l >= 32 ? ~unsigned(0) : (unsigned(1) << l) - 1) << p; return (b & ~m) | (f << p & m); }(f, b, pos, len);
  return d;
}

__device__ unsigned parity3(unsigned a, unsigned b, unsigned c) {
  unsigned d;
  asm("lop3.b32 %0, %1, %2, %3, 0x96;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX lop3 -> the boolean expression its lookup table encodes [inline-ptx.bit-manipulation]
  // CHECK-FIXES: d = a ^ b ^ c;
  return d;
}

__device__ unsigned choose(unsigned a, unsigned b, unsigned c) {
  unsigned d;
  asm("lop3.b32 %0, %1, %2, %3, 0xCA;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX lop3 -> the boolean expression its lookup table encodes [inline-ptx.bit-manipulation]
  // CHECK-FIXES: d = (a & b) | (c & ~a);
  return d;
}

__device__ unsigned rotl(unsigned x, unsigned n) {
  unsigned d;
  asm("shf.l.wrap.b32 %0, %1, %2, %3;" : "=r"(d) : "r"(x), "r"(x), "r"(n));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX shf -> __funnelshift_l(lo, hi, shift) [inline-ptx.bit-manipulation]
  // CHECK-FIXES: d = __funnelshift_l(x, x, n);
  return d;
}

__device__ unsigned shiftRightClamp(unsigned lo, unsigned hi, unsigned n) {
  unsigned d;
  asm("shf.r.clamp.b32 %0, %1, %2, %3;" : "=r"(d) : "r"(lo), "r"(hi), "r"(n));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX shf -> __funnelshift_rc(lo, hi, shift) [inline-ptx.bit-manipulation]
  // CHECK-FIXES: d = __funnelshift_rc(lo, hi, n);
  return d;
}

__global__ void kernel(unsigned *o, const unsigned *i) {
  unsigned a = i[0], b = i[1], c = i[2];
  o[0] = swapHalves(a, b) + permute(a, b, c) + reverse(a) + count64(a) +
         leading(a) + highest(a) + nibble(a) + field(a, b, c) +
         insert(a, b, c, 3) + parity3(a, b, c) + choose(a, b, c) + rotl(a, b) +
         shiftRightClamp(a, b, c);
}
