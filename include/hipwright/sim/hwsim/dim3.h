//===- hwsim/dim3.h - CUDA/HIP index vector types -------------------------===//
//
// uint3 and dim3 as kernels see them. dim3 converts both ways with uint3 so
// that `dim3 d = threadIdx;` and `uint3 u = blockDim;` compile as on a GPU.
//
//===----------------------------------------------------------------------===//
#ifndef HIPWRIGHT_SIM_HWSIM_DIM3_H
#define HIPWRIGHT_SIM_HWSIM_DIM3_H

struct uint3 {
  unsigned x, y, z;
};

struct dim3 {
  unsigned x, y, z;
  constexpr dim3(unsigned vx = 1, unsigned vy = 1, unsigned vz = 1)
      : x(vx), y(vy), z(vz) {}
  constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  constexpr operator uint3() const { return uint3{x, y, z}; }
};

#endif // HIPWRIGHT_SIM_HWSIM_DIM3_H
