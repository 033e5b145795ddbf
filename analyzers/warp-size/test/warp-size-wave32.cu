// On wave32 targets (RDNA, gfx1100) a 32-lane group is the whole wavefront:
// none of the warp-size rules is a hazard there, so all stay silent.
// HIPWRIGHT-ARGS: --targets gfx1100
#define WARP_SIZE 32

__device__ float reduce(float v) {
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_down_sync(__activemask(), v, o);
  return __shfl_sync(__activemask(), v, 0);
}

__global__ void kernel(float *out, const float *in) {
  int lane = threadIdx.x % WARP_SIZE;
  int warp = threadIdx.x / WARP_SIZE;
  float s = reduce(in[threadIdx.x]);
  if (lane == 0)
    out[warp] = s;
}

void launch(float *o, const float *i) { kernel<<<1, 32>>>(o, i); }
