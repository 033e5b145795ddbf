// Vector helpers in the style of cuda-samples' helper_math.h.
#pragma once
#include <hip/hip_runtime.h>

inline __host__ __device__ float3 operator+(float3 a, float3 b) {
  return make_float3(a.x + b.x, a.y + b.y, a.z + b.z);
}
template <typename = void> inline __host__ __device__ void operator+=(float3 &a, float3 b) {
  a.x += b.x;
  a.y += b.y;
  a.z += b.z;
}
inline __host__ __device__ void operator*=(float3 &a, float s) {
  a.x *= s;
  a.y *= s;
  a.z *= s;
}
// ROCm 7.2's vector types have these two as friends: ambiguous unless the
// port lets HIP's win.
template <typename = void> inline __host__ __device__ float3 operator/(float3 a, float3 b) {
  return make_float3(a.x / b.x, a.y / b.y, a.z / b.z);
}
template <typename = void> inline __host__ __device__ float3 operator*(const float3 &a, const float3 &b) {
  return make_float3(a.x * b.x, a.y * b.y, a.z * b.z);
}
