// Kernels shaped like a library algorithm (report/KernelShapes.h) and the
// checklist rule that reads them: positives and negatives per shape, on
// small kernels written the way CUDA code commonly writes them.
#include "report/KernelShapes.h"
#include "report/Classify.h"
#include "report/SourceScan.h"

#include <catch2/catch.hpp>

#include <deque>

using namespace hipwright;

namespace {

/// Files of a tree, scanned and put in one ShapeContext.
struct ShapeTree {
  struct File {
    std::string Path, Text;
    SourceScanResult Scan;
    unsigned Id = 0;
  };
  std::deque<File> Files;
  ShapeContext Ctx;

  File &add(std::string Path, std::string Text) {
    Files.push_back({std::move(Path), std::move(Text), {}, 0});
    File &F = Files.back();
    F.Scan = scanSource(F.Text, LibraryTable::builtin());
    F.Id = Ctx.addFile(F.Path, F.Text, F.Scan);
    return F;
  }

  std::optional<KernelShape> shape(const File &F, llvm::StringRef Kernel) {
    for (const ScannedKernel &K : F.Scan.Kernels)
      if (K.Name == Kernel)
        return Ctx.recognize(F.Id, K);
    FAIL("no kernel " << Kernel.str());
    return std::nullopt;
  }

  Decision classify(const File &F, llvm::StringRef Kernel) {
    FileFacts FF;
    FF.Path = F.Path;
    FF.DeviceCode = true;
    KernelFacts K;
    K.Name = Kernel.str();
    K.Shape = shape(F, Kernel);
    FF.Kernels = {K};
    return classifyKernel(FF.Kernels[0], FF);
  }
};

std::string joined(const std::vector<std::string> &V) {
  std::string S;
  for (const std::string &E : V)
    S += E + "\n";
  return S;
}

bool has(const std::string &Hay, const std::string &Needle) {
  return Hay.find(Needle) != std::string::npos;
}

// Line numbers in the evidence below count from the raw string's first
// line.
const char *BlockSum =
    R"(__global__ void blockSum(const float *in, float *out, int n) {
  __shared__ float sdata[256];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + tid;
  sdata[tid] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}
)";

} // namespace

TEST_CASE("a plain per-block reduction kernel is replace-with-library",
          "[report][checklist][shapes]") {
  ShapeTree T;
  auto &F = T.add("sum.cu", BlockSum);
  std::optional<KernelShape> S = T.shape(F, "blockSum");
  REQUIRE(S);
  CHECK(S->Kind == ShapeKind::Reduction);
  CHECK(S->replaceable());
  CHECK(joined(S->Steps) ==
        "line 9 `sdata[tid] += sdata[tid + s];`: combines `sdata` across "
        "stride `s` (halving), barrier in the loop\n"
        "line 13 `out[blockIdx.x] = sdata[0];`: writes one result per "
        "block\n");
  CHECK(S->NameAgrees == "its name (blockSum) agrees");
  Decision D = T.classify(F, "blockSum");
  CHECK(D.Class == PortClass::ReplaceWithLibrary);
  CHECK(has(D.Evidence.front(), "its body has the shape of a reduction "
                                "(lines 9, 13) and does no other work: "
                                "replace it with hipCUB BlockReduce"));
  REQUIRE(D.Rocm.size() == 1);
  CHECK(D.Rocm[0] == algorithmFor(ShapeKind::Reduction).Rocm);
}

TEST_CASE("a warp-shuffle reduction through a helper in another file",
          "[report][checklist][shapes]") {
  ShapeTree T;
  T.add("common.cuh", R"(#pragma once
static __device__ __forceinline__ float warp_sum(float x) {
#pragma unroll
  for (int offset = 16; offset > 0; offset >>= 1)
    x += __shfl_xor_sync(0xffffffff, x, offset, 32);
  return x;
}
)");
  auto &F = T.add("rows.cu", R"(#include "common.cuh"
template <int block_size>
__global__ void row_sums(const float *x, float *dst, const int ncols) {
  const int row = blockIdx.x;
  const int col = threadIdx.x;
  float sum = 0.0f;
  for (int i = col; i < ncols; i += block_size)
    sum += x[row * ncols + i];
  sum = warp_sum(sum);
  if (col == 0)
    dst[row] = sum;
}
)");
  std::optional<KernelShape> S = T.shape(F, "row_sums");
  REQUIRE(S);
  CHECK(S->Kind == ShapeKind::Reduction);
  CHECK(S->OtherWork.empty());
  CHECK(has(joined(S->Steps),
            "line 9 `sum = warp_sum(sum);`: calls warp_sum (common.cuh:2), "
            "whose line 5 `x += __shfl_xor_sync(0xffffffff, x, offset, "
            "32);`: combines each lane's value with the one `offset` lanes "
            "away (__shfl_xor_sync), `offset` halving"));
  CHECK(T.classify(F, "row_sums").Class == PortClass::ReplaceWithLibrary);

  // A static member reached through its class is a helper like any other,
  // not cooperative groups' reduce.
  auto &P = T.add("policy.cu", R"(template <typename T> struct Policy {
  static __device__ T reduce(T v) { return warp_sum(v); }
};
__global__ void row_max(const float *x, float *dst, int ncols) {
  float v = x[blockIdx.x * ncols + threadIdx.x];
  v = Policy<float>::reduce(v);
  if (threadIdx.x == 0)
    dst[blockIdx.x] = v;
}
)");
  std::optional<KernelShape> Q = T.shape(P, "row_max");
  REQUIRE(Q);
  CHECK(Q->replaceable());
  std::string QSteps = joined(Q->Steps);
  CHECK(has(QSteps, "calls reduce (policy.cu:2), whose line 2"));
  CHECK_FALSE(has(QSteps, "cooperative groups"));
}

TEST_CASE("softmax and layer norm have a reduction's steps but are ported",
          "[report][checklist][shapes]") {
  ShapeTree T;
  auto &F =
      T.add("fused.cu",
            R"(__global__ void softmax(const float *x, float *y, int cols) {
  __shared__ float red[256];
  const int row = blockIdx.x, tid = threadIdx.x;
  float m = -1e30f;
  for (int c = tid; c < cols; c += blockDim.x)
    m = fmaxf(m, x[row * cols + c]);
  red[tid] = m;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      red[tid] = fmaxf(red[tid], red[tid + s]);
    __syncthreads();
  }
  m = red[0];
  __syncthreads();
  float sum = 0.0f;
  for (int c = tid; c < cols; c += blockDim.x)
    sum += expf(x[row * cols + c] - m);
  red[tid] = sum;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      red[tid] += red[tid + s];
    __syncthreads();
  }
  sum = red[0];
  for (int c = tid; c < cols; c += blockDim.x)
    y[row * cols + c] = expf(x[row * cols + c] - m) / sum;
}

__global__ void layer_norm(const float *x, float *y, const float *gamma,
                           int cols, float eps) {
  __shared__ float part[32];
  const int row = blockIdx.x, lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  float s = 0.0f, sq = 0.0f;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) {
    const float v = x[row * cols + c];
    s += v;
    sq += v * v;
  }
  for (int o = 16; o > 0; o >>= 1) {
    s += __shfl_xor_sync(0xffffffff, s, o);
    sq += __shfl_xor_sync(0xffffffff, sq, o);
  }
  if (lane == 0) {
    part[warp] = s;
  }
  __syncthreads();
  const float mean = s / cols;
  const float inv = rsqrtf(sq / cols - mean * mean + eps);
  for (int c = threadIdx.x; c < cols; c += blockDim.x)
    y[row * cols + c] = (x[row * cols + c] - mean) * inv * gamma[c];
}
)");
  std::optional<KernelShape> S = T.shape(F, "softmax");
  REQUIRE(S);
  CHECK(S->Kind == ShapeKind::Reduction);
  CHECK_FALSE(S->replaceable());
  // The result feeds the rest of the kernel instead of being written.
  CHECK(S->Missing == "no write of one result per block after the last step");
  std::string Other = joined(S->OtherWork);
  CHECK(has(Other, "line 18 `sum += expf(x[row * cols + c] - m);`: calls "
                   "expf (math the algorithm does not do)"));
  CHECK(has(Other, "line 28 `y[row * cols + c] = expf(x[row * cols + c] - "
                   "m) / sum;`: writes `y` from every thread (a per-element "
                   "output)"));
  Decision D = T.classify(F, "softmax");
  CHECK(D.Class == PortClass::Port);
  CHECK(D.Evidence.front() == "device code to port");
  CHECK(has(joined(D.Evidence),
            "has steps of a reduction (lines 11, 23) but no write of one "
            "result per block after the last step, and it also does other "
            "work: line 18"));

  std::optional<KernelShape> N = T.shape(F, "layer_norm");
  REQUIRE(N);
  CHECK(N->Kind == ShapeKind::Reduction);
  std::string NOther = joined(N->OtherWork);
  CHECK(has(NOther, "calls rsqrtf"));
  CHECK(has(NOther, "reads 2 input arrays (gamma, x)"));
  CHECK(T.classify(F, "layer_norm").Class == PortClass::Port);
}

TEST_CASE("a reduction after a computation over several inputs is ported",
          "[report][checklist][shapes]") {
  ShapeTree T;
  auto &F = T.add(
      "dot.cu",
      R"(__global__ void dot(const float *a, const float *b, float *out, int n) {
  float v = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    v += a[i] * b[i];
  for (int off = warpSize / 2; off > 0; off /= 2)
    v += __shfl_down_sync(0xffffffff, v, off);
  if ((threadIdx.x & 31) == 0)
    atomicAdd(out, v);
}
)");
  std::optional<KernelShape> S = T.shape(F, "dot");
  REQUIRE(S);
  CHECK(S->Kind == ShapeKind::Reduction);
  CHECK(S->Missing.empty());
  CHECK(joined(S->OtherWork) ==
        "its parameters (line 1): it reads 2 input arrays (a, b), a "
        "computation over several inputs, not the algorithm alone\n");
  CHECK(T.classify(F, "dot").Class == PortClass::Port);

  // A store into a member of an output element is a write, not a read.
  auto &Q = T.add("amax.cu", R"(struct block_q8 { float d; float q[4]; };
__global__ void amax_blocks(const float *x, void *vy, int n) {
  block_q8 *y = (block_q8 *)vy;
  float a = fabsf(x[blockIdx.x * 32 + threadIdx.x]);
  for (int off = 16; off > 0; off >>= 1)
    a = fmaxf(a, __shfl_xor_sync(0xffffffff, a, off));
  if (threadIdx.x == 0)
    y[blockIdx.x].d = a;
  if (threadIdx.x == 1)
    y[blockIdx.x].q[0] = a;
}
)");
  std::optional<KernelShape> A = T.shape(Q, "amax_blocks");
  REQUIRE(A);
  // (The second store is under `== 1`: from one thread, but not read as
  // such; it shows as a per-element output, not as an input.)
  CHECK(joined(A->OtherWork) ==
        "line 10 `y[blockIdx.x].q[0] = a;`: writes `y` from every thread (a "
        "per-element output)\n");
  CHECK(has(joined(A->Steps), "line 8 `y[blockIdx.x].d = a;`: writes one "
                              "result per block"));
}

TEST_CASE("bitonic sorts are replace-with-library",
          "[report][checklist][shapes]") {
  ShapeTree T;
  auto &F = T.add("bitonic.cu", R"(__global__ void bitonicShared(float *d) {
  __shared__ float s[1024];
  const unsigned t = threadIdx.x;
  s[t] = d[blockIdx.x * 1024 + t];
  __syncthreads();
  for (unsigned k = 2; k <= 1024; k <<= 1) {
    for (unsigned j = k >> 1; j > 0; j >>= 1) {
      unsigned ixj = t ^ j;
      if (ixj > t) {
        const bool up = (t & k) == 0;
        float a = s[t], b = s[ixj];
        if ((a > b) == up) {
          s[t] = b;
          s[ixj] = a;
        }
      }
      __syncthreads();
    }
  }
  d[blockIdx.x * 1024 + t] = s[t];
}

__global__ void bitonic_step(float *v, int j, int k) {
  unsigned i = threadIdx.x + blockDim.x * blockIdx.x;
  unsigned ixj = i ^ j;
  if (ixj > i) {
    if ((i & k) == 0 && v[i] > v[ixj]) {
      float tmp = v[i];
      v[i] = v[ixj];
      v[ixj] = tmp;
    }
    if ((i & k) != 0 && v[i] < v[ixj]) {
      float tmp = v[i];
      v[i] = v[ixj];
      v[ixj] = tmp;
    }
  }
}
)");
  std::optional<KernelShape> S = T.shape(F, "bitonicShared");
  REQUIRE(S);
  CHECK(S->Kind == ShapeKind::Sort);
  CHECK(S->replaceable());
  CHECK(has(joined(S->Steps),
            "line 13 `s[t] = b;`: compares and swaps `s` elements `j` apart "
            "(line 14 `s[ixj] = a;`), partner by XOR at line 8 `unsigned "
            "ixj = t ^ j;`"));
  Decision D = T.classify(F, "bitonicShared");
  CHECK(D.Class == PortClass::ReplaceWithLibrary);
  CHECK(has(D.Evidence.front(), "the shape of a sort (a compare-and-swap "
                                "network) (line 13) and does no other work: "
                                "replace it with hipCUB BlockRadixSort"));
  // The host loops over the stride; the kernel is one network step.
  std::optional<KernelShape> Step = T.shape(F, "bitonic_step");
  REQUIRE(Step);
  CHECK(Step->Kind == ShapeKind::Sort);
  CHECK(T.classify(F, "bitonic_step").Class == PortClass::ReplaceWithLibrary);
}

TEST_CASE("a sort through a comparator helper", "[report][checklist][shapes]") {
  ShapeTree T;
  T.add(
      "common.cuh",
      R"(__device__ inline void Comparator(unsigned &keyA, unsigned &keyB, unsigned dir) {
  unsigned t;
  if ((keyA > keyB) == dir) {
    t = keyA;
    keyA = keyB;
    keyB = t;
  }
}
)");
  auto &F = T.add(
      "oddeven.cu",
      R"(__global__ void oddEvenSort(unsigned *dst, const unsigned *src, unsigned n) {
  __shared__ unsigned s[512];
  s[threadIdx.x] = src[threadIdx.x];
  for (unsigned stride = 256; stride > 0; stride >>= 1) {
    __syncthreads();
    unsigned pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
    Comparator(s[pos], s[pos + stride], 1);
  }
  __syncthreads();
  dst[threadIdx.x] = s[threadIdx.x];
}
)");
  std::optional<KernelShape> S = T.shape(F, "oddEvenSort");
  REQUIRE(S);
  CHECK(S->Kind == ShapeKind::Sort);
  CHECK(S->replaceable());
  CHECK(has(joined(S->Steps), "through Comparator (common.cuh:1)"));

  // An argsort: the kernel compares values, a helper swaps the indices.
  T.add("swap.cuh", R"(template <typename T>
static inline __device__ void swap_refs(T &a, T &b) {
  T tmp = a;
  a = b;
  b = tmp;
}
)");
  auto &A = T.add(
      "argsort.cu",
      R"(__global__ void argsort_rows(const float *x, int *dst, int ncols) {
  extern __shared__ int idx[];
  const int col = threadIdx.x;
  const float *row = x + blockIdx.x * ncols;
  idx[col] = col;
  __syncthreads();
  for (int k = 2; k <= ncols; k *= 2) {
    for (int j = k / 2; j > 0; j /= 2) {
      const int ixj = col ^ j;
      if (ixj > col && ((col & k) == 0) == (row[idx[col]] > row[idx[ixj]]))
        swap_refs(idx[col], idx[ixj]);
      __syncthreads();
    }
  }
  dst[blockIdx.x * ncols + col] = idx[col];
}
)");
  std::optional<KernelShape> Arg = T.shape(A, "argsort_rows");
  REQUIRE(Arg);
  CHECK(Arg->Kind == ShapeKind::Sort);
  CHECK(Arg->replaceable());
  CHECK(has(joined(Arg->Steps), "through swap_refs (swap.cuh:2)"));
}

TEST_CASE("an XOR index alone is no sort", "[report][checklist][shapes]") {
  ShapeTree T;
  // A Walsh-Hadamard butterfly: partners by XOR across a doubling stride,
  // but it adds and subtracts them instead of comparing and swapping.
  auto &F = T.add("wht.cu", R"(__global__ void fwht(float *data, int n) {
  extern __shared__ float s[];
  const int t = threadIdx.x;
  s[t] = data[blockIdx.x * n + t];
  __syncthreads();
  for (int h = 1; h < n; h *= 2) {
    const int ixj = t ^ h;
    if (ixj > t) {
      const float a = s[t];
      const float b = s[ixj];
      s[t] = a + b;
      s[ixj] = a - b;
    }
    __syncthreads();
  }
  data[blockIdx.x * n + t] = s[t];
}

__global__ void swizzle(float *out, const float *in, int mask) {
  __shared__ float tile[32][33];
  tile[threadIdx.y][threadIdx.x ^ mask] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  if (tile[threadIdx.x][threadIdx.y] > 0.0f)
    out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}
)");
  CHECK_FALSE(T.shape(F, "fwht"));
  CHECK_FALSE(T.shape(F, "swizzle"));
  CHECK(T.classify(F, "fwht").Class == PortClass::Port);
}

TEST_CASE("histograms are replace-with-library",
          "[report][checklist][shapes]") {
  ShapeTree T;
  auto &F = T.add(
      "hist.cu",
      R"(__global__ void histogram256(const unsigned char *data, unsigned *hist, int n) {
  __shared__ unsigned bins[256];
  for (int b = threadIdx.x; b < 256; b += blockDim.x)
    bins[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    atomicAdd(&bins[data[i]], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < 256; b += blockDim.x)
    atomicAdd(&hist[b], bins[b]);
}

__global__ void histGlobal(const int *keys, int *counts, int n, int nbins) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int bin = keys[i] % nbins;
    atomicAdd(&counts[bin], 1);
  }
}

__global__ void binsOnly(const int *keys, int *out, int n) {
  __shared__ int bins[64];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(&bins[keys[i] & 63], 1);
  __syncthreads();
  out[i] = keys[i] * 2;
}
)");
  std::optional<KernelShape> S = T.shape(F, "histogram256");
  REQUIRE(S);
  CHECK(S->Kind == ShapeKind::Histogram);
  CHECK(S->replaceable());
  CHECK(joined(S->Steps) ==
        "line 8 `atomicAdd(&bins[data[i]], 1u);`: counts into the shared "
        "bins `bins` at an index read from the data\n"
        "line 11 `atomicAdd(&hist[b], bins[b]);`: adds the shared bins into "
        "`hist`\n");
  CHECK(T.classify(F, "histogram256").Class == PortClass::ReplaceWithLibrary);
  std::optional<KernelShape> G = T.shape(F, "histGlobal");
  REQUIRE(G);
  CHECK(G->Kind == ShapeKind::Histogram);
  CHECK(G->replaceable());
  // Shared bins never merged, and a per-element output: port.
  std::optional<KernelShape> B = T.shape(F, "binsOnly");
  REQUIRE(B);
  CHECK_FALSE(B->replaceable());
  CHECK(T.classify(F, "binsOnly").Class == PortClass::Port);
}

TEST_CASE("prefix scans are replace-with-library",
          "[report][checklist][shapes]") {
  ShapeTree T;
  auto &F = T.add(
      "scan.cu",
      R"(__global__ void hillisSteele(const float *in, float *out, int n) {
  __shared__ float temp[512];
  const int tid = threadIdx.x;
  temp[tid] = tid < n ? in[tid] : 0.0f;
  __syncthreads();
  for (int offset = 1; offset < n; offset *= 2) {
    float t = temp[tid];
    if (tid >= offset)
      t += temp[tid - offset];
    __syncthreads();
    temp[tid] = t;
    __syncthreads();
  }
  if (tid < n)
    out[tid] = temp[tid];
}

__global__ void blelloch(float *g_odata, const float *g_idata, int n) {
  extern __shared__ float temp[];
  int thid = threadIdx.x;
  int offset = 1;
  temp[2 * thid] = g_idata[2 * thid];
  temp[2 * thid + 1] = g_idata[2 * thid + 1];
  for (int d = n >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (thid < d) {
      int ai = offset * (2 * thid + 1) - 1;
      int bi = offset * (2 * thid + 2) - 1;
      temp[bi] += temp[ai];
    }
    offset *= 2;
  }
  if (thid == 0)
    temp[n - 1] = 0;
  for (int d = 1; d < n; d *= 2) {
    offset >>= 1;
    __syncthreads();
    if (thid < d) {
      int ai = offset * (2 * thid + 1) - 1;
      int bi = offset * (2 * thid + 2) - 1;
      float t = temp[ai];
      temp[ai] = temp[bi];
      temp[bi] += t;
    }
  }
  __syncthreads();
  g_odata[2 * thid] = temp[2 * thid];
  g_odata[2 * thid + 1] = temp[2 * thid + 1];
}

__global__ void warpScan(const int *in, int *out) {
  const int lane = threadIdx.x & 31;
  int v = in[blockIdx.x * blockDim.x + threadIdx.x];
  for (int d = 1; d < 32; d <<= 1) {
    int n = __shfl_up_sync(0xffffffff, v, d);
    if (lane >= d)
      v += n;
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}
)");
  for (const char *K : {"hillisSteele", "blelloch", "warpScan"}) {
    INFO(K);
    std::optional<KernelShape> S = T.shape(F, K);
    REQUIRE(S);
    CHECK(S->Kind == ShapeKind::Scan);
    CHECK(S->replaceable());
    CHECK(T.classify(F, K).Class == PortClass::ReplaceWithLibrary);
  }
  CHECK(has(joined(T.shape(F, "hillisSteele")->Steps),
            "line 9 `t += temp[tid - offset];`: adds `temp` `offset` "
            "elements back"));
  CHECK(has(joined(T.shape(F, "blelloch")->Steps), "down-sweep"));
}

TEST_CASE("a stencil with barrier loops has no library shape",
          "[report][checklist][shapes]") {
  ShapeTree T;
  auto &F = T.add("stencil.cu", R"(__global__ void smooth(float *u, int iters) {
  __shared__ float s[258];
  const int t = threadIdx.x + 1;
  s[t] = u[blockIdx.x * 256 + t - 1];
  if (threadIdx.x == 0) {
    s[0] = s[1];
    s[257] = s[256];
  }
  __syncthreads();
  for (int it = 0; it < iters; ++it) {
    float v = 0.25f * s[t - 1] + 0.5f * s[t] + 0.25f * s[t + 1];
    __syncthreads();
    s[t] = v;
    __syncthreads();
  }
  u[blockIdx.x * 256 + t - 1] = s[t];
}

__global__ void reduce_rows(float *out, const float *in, int n) {
  // Named like a reduction, but elementwise: a name alone decides nothing.
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i] * 0.5f;
}
)");
  CHECK_FALSE(T.shape(F, "smooth"));
  CHECK(T.classify(F, "smooth").Class == PortClass::Port);
  CHECK_FALSE(T.shape(F, "reduce_rows"));
  CHECK(T.classify(F, "reduce_rows").Class == PortClass::Port);
}

TEST_CASE("a call the token pass cannot see counts as other work",
          "[report][checklist][shapes]") {
  ShapeTree T;
  auto &F =
      T.add("q.cu",
            R"(__global__ void sum_dequant(const void *vx, float *dst, int n) {
  float v = 0.0f;
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    v += dequantize_block(vx, i);
  for (int o = 16; o > 0; o >>= 1)
    v += __shfl_xor_sync(0xffffffff, v, o);
  if (threadIdx.x == 0)
    dst[blockIdx.x] = v;
}
)");
  std::optional<KernelShape> S = T.shape(F, "sum_dequant");
  REQUIRE(S);
  CHECK(S->Missing.empty());
  CHECK(joined(S->OtherWork) ==
        "line 4 `v += dequantize_block(vx, i);`: calls dequantize_block, "
        "whose body the token pass did not find in the tree\n");
  CHECK(T.classify(F, "sum_dequant").Class == PortClass::Port);
}

TEST_CASE("results written through helpers, aliases and early returns",
          "[report][checklist][shapes]") {
  ShapeTree T;
  // Two files define reduceBlock; each kernel reads its own file's.
  T.add("other.cu", R"(__device__ void reduceBlock(float *s) {
  s[0] = expf(s[0]);
}
)");
  auto &F = T.add("fence.cu", R"(#define UMAD(a, b, c) (((a) * (b)) + (c))
__device__ void reduceBlock(volatile float *sdata, float v, unsigned tid) {
  sdata[tid] = v;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) {
      float temp = sdata[tid + s];
      v += temp;
      sdata[tid] = v;
    }
    __syncthreads();
  }
}
__device__ void reduceBlocks(const float *in, float *out, unsigned n) {
  extern __shared__ float sdata[];
  unsigned i = UMAD(blockIdx.x, blockDim.x, threadIdx.x);
  float v = i < n ? in[i] : 0.0f;
  reduceBlock(sdata, v, threadIdx.x);
  if (threadIdx.x == 0)
    out[blockIdx.x] = sdata[0];
}
__global__ void reduceMultiPass(const float *g_idata, float *g_odata, unsigned n) {
  reduceBlocks(g_idata, g_odata, n);
}
__global__ void rowMean(const float *x_ptr, float *dst_ptr, int ncols) {
  const float *x = x_ptr + blockIdx.x * ncols;
  float *dst = dst_ptr;
  float sum = 0.0f;
  for (int i = threadIdx.x; i < ncols; i += 32)
    sum += x[i];
  for (int o = 16; o > 0; o >>= 1)
    sum += __shfl_xor_sync(0xffffffff, sum, o);
  static_assert(sizeof(float) == 4, "32-bit lanes");
  if (threadIdx.x != 0) {
    return;
  }
  dst[blockIdx.x] = sum / ncols;
}
)");
  std::optional<KernelShape> S = T.shape(F, "reduceMultiPass");
  REQUIRE(S);
  CHECK(S->Kind == ShapeKind::Reduction);
  CHECK(S->OtherWork.empty());
  std::string Steps = joined(S->Steps);
  CHECK(has(Steps, "calls reduceBlock (fence.cu:2)"));
  CHECK(has(Steps, "line 23 `reduceBlocks(g_idata, g_odata, n);`: calls "
                   "reduceBlocks, which writes `g_odata` from one thread"));
  Decision D = T.classify(F, "reduceMultiPass");
  CHECK(D.Class == PortClass::ReplaceWithLibrary);
  // Two steps on one line are one line.
  CHECK(has(D.Evidence.front(), "a reduction (line 23) and does no other"));
  // A pointer into a parameter is that parameter; after `if (x != 0)
  // return;` one thread runs.
  std::optional<KernelShape> M = T.shape(F, "rowMean");
  REQUIRE(M);
  CHECK(M->Missing.empty());
  CHECK(joined(M->OtherWork) == "");
  CHECK(has(joined(M->Steps), "line 37 `dst[blockIdx.x] = sum / ncols;`: "
                              "writes one result per block"));
}

TEST_CASE("the algorithms table names a counterpart for every shape",
          "[report][checklist][shapes]") {
  for (ShapeKind K : {ShapeKind::Reduction, ShapeKind::Scan, ShapeKind::Sort,
                      ShapeKind::Histogram}) {
    const AlgorithmRow &R = algorithmFor(K);
    INFO(toString(K));
    CHECK(has(R.Rocm, "hipCUB"));
    CHECK(has(R.Source, "https://rocm.docs.amd.com/"));
    bool Known = false;
    for (const LibraryRow &L : LibraryTable::builtin().rows())
      Known |= L.Name == R.Library && L.Role == LibraryRole::Replace;
    CHECK(Known);
  }
  auto Err = [](llvm::StringRef Text) {
    auto R = parseAlgorithmTable("t.tsv", Text);
    return R ? std::string() : llvm::toString(R.takeError());
  };
  CHECK(Err("sorting\tCUB\ta\tb\tc\n") == "t.tsv:1: unknown shape 'sorting'");
  CHECK(Err("# c\nsort\tCUB\ta\tb\n") ==
        "t.tsv:2: expected 5 tab-separated columns, found 4");
  CHECK(Err("sort\tCUB\ta\tb\tc\nsort\tCUB\ta\tb\tc\n") ==
        "t.tsv:2: shape 'sort' is listed twice");
  CHECK(Err("scan\tCUB\t\tb\tc\n") == "t.tsv:1: every column needs a value");
}
