// transpose_tiled.cu - matrix transpose through a shared-memory tile with one
// padding column against bank conflicts. TILE_DIM 32 is a tile edge, not a
// warp width. Matrix sizes are deliberately not multiples of the tile.
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#define TILE_DIM 32
#define BLOCK_ROWS 8

#define checkCuda(call)                                                        \
  do {                                                                         \
    cudaError_t err__ = (call);                                                \
    if (err__ != cudaSuccess) {                                                \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                 \
                   cudaGetErrorString(err__));                                 \
      std::exit(EXIT_FAILURE);                                                 \
    }                                                                          \
  } while (0)

// in is rows x cols (row-major); out is cols x rows.
__global__ void transposeTiled(float *out, const float *in, int rows,
                               int cols) {
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];

  int x = blockIdx.x * TILE_DIM + threadIdx.x; // column in `in`
  int y = blockIdx.y * TILE_DIM + threadIdx.y; // row in `in`
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    if (x < cols && y + j < rows)
      tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * cols + x];

  __syncthreads();

  x = blockIdx.y * TILE_DIM + threadIdx.x; // column in `out`
  y = blockIdx.x * TILE_DIM + threadIdx.y; // row in `out`
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    if (x < rows && y + j < cols)
      out[(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
}

// Reference kernel without shared memory, to cross-check the tiled one.
__global__ void transposeNaive(float *out, const float *in, int rows,
                               int cols) {
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    if (x < cols && y + j < rows)
      out[x * rows + (y + j)] = in[(y + j) * cols + x];
}

static int compare(const std::vector<float> &got, const std::vector<float> &in,
                   int rows, int cols, const char *what) {
  int wrong = 0;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      if (got[c * rows + r] != in[r * cols + c]) {
        if (wrong < 5)
          std::printf("%s: out[%d][%d] = %f, expected %f\n", what, c, r,
                      got[c * rows + r], in[r * cols + c]);
        ++wrong;
      }
  std::printf("%s: %d x %d transpose, %d wrong\n", what, rows, cols, wrong);
  return wrong;
}

int main() {
  const int rows = 700, cols = 1000;
  const size_t bytes = size_t(rows) * cols * sizeof(float);
  std::vector<float> in(size_t(rows) * cols), out(size_t(rows) * cols);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      in[size_t(r) * cols + c] = static_cast<float>(r * 10000 + c);

  float *dIn, *dOut;
  checkCuda(cudaMalloc(&dIn, bytes));
  checkCuda(cudaMalloc(&dOut, bytes));
  checkCuda(cudaMemcpy(dIn, in.data(), bytes, cudaMemcpyHostToDevice));

  dim3 block(TILE_DIM, BLOCK_ROWS);
  dim3 grid((cols + TILE_DIM - 1) / TILE_DIM, (rows + TILE_DIM - 1) / TILE_DIM);

  int failures = 0;
  checkCuda(cudaMemset(dOut, 0, bytes));
  transposeTiled<<<grid, block>>>(dOut, dIn, rows, cols);
  checkCuda(cudaGetLastError());
  checkCuda(cudaMemcpy(out.data(), dOut, bytes, cudaMemcpyDeviceToHost));
  failures += compare(out, in, rows, cols, "tiled") != 0;

  checkCuda(cudaMemset(dOut, 0, bytes));
  transposeNaive<<<grid, block>>>(dOut, dIn, rows, cols);
  checkCuda(cudaGetLastError());
  checkCuda(cudaMemcpy(out.data(), dOut, bytes, cudaMemcpyDeviceToHost));
  failures += compare(out, in, rows, cols, "naive") != 0;

  checkCuda(cudaFree(dIn));
  checkCuda(cudaFree(dOut));
  std::printf("%s\n", failures == 0 ? "PASSED" : "FAILED");
  return failures == 0 ? 0 : 1;
}
