//===- hwsim/vector_types.h - CUDA/HIP built-in vector types --------------===//
//
// char1..double4 with the members and alignments CUDA gives them (HIP spells
// them the same): one- and three-element types align like their element,
// two-element types to twice the element, four-element types to four times
// the element but at most 16 bytes. Code that reinterprets a buffer as
// float4 or int2 therefore sees the same layout as on a GPU.
//
// uint3 and dim3 come from dim3.h. Neither vendor's headers give the vector
// types arithmetic operators in CUDA, and programs commonly define their own,
// so none are defined here.
//
//===----------------------------------------------------------------------===//
#ifndef HIPWRIGHT_SIM_HWSIM_VECTOR_TYPES_H
#define HIPWRIGHT_SIM_HWSIM_VECTOR_TYPES_H

#include "dim3.h"

#define HWSIM_VEC4_ALIGN(T) (4 * sizeof(T) < 16 ? 4 * sizeof(T) : 16)

#define HWSIM_VEC1(T, Name)                                                    \
  struct __attribute__((aligned(sizeof(T)))) Name##1 { T x; };                 \
  inline constexpr Name##1 make_##Name##1(T x) { return Name##1 {x}; }

#define HWSIM_VEC2(T, Name)                                                    \
  struct __attribute__((aligned(2 * sizeof(T)))) Name##2 { T x, y; };          \
  inline constexpr Name##2 make_##Name##2(T x, T y) { return Name##2 {x, y}; }

#define HWSIM_VEC3_STRUCT(T, Name)                                             \
  struct Name##3 { T x, y, z; };

#define HWSIM_VEC3_MAKE(T, Name)                                               \
  inline constexpr Name##3 make_##Name##3(T x, T y, T z) {                     \
    return Name##3 {x, y, z};                                                  \
  }

#define HWSIM_VEC4(T, Name)                                                    \
  struct __attribute__((aligned(HWSIM_VEC4_ALIGN(T)))) Name##4 {               \
    T x, y, z, w;                                                              \
  };                                                                           \
  inline constexpr Name##4 make_##Name##4(T x, T y, T z, T w) {                \
    return Name##4 {x, y, z, w};                                               \
  }

#define HWSIM_VEC_ALL(T, Name)                                                 \
  HWSIM_VEC1(T, Name)                                                          \
  HWSIM_VEC2(T, Name)                                                          \
  HWSIM_VEC3_STRUCT(T, Name)                                                   \
  HWSIM_VEC3_MAKE(T, Name)                                                     \
  HWSIM_VEC4(T, Name)

HWSIM_VEC_ALL(signed char, char)
HWSIM_VEC_ALL(unsigned char, uchar)
HWSIM_VEC_ALL(short, short)
HWSIM_VEC_ALL(unsigned short, ushort)
HWSIM_VEC_ALL(int, int)
HWSIM_VEC_ALL(long, long)
HWSIM_VEC_ALL(unsigned long, ulong)
HWSIM_VEC_ALL(long long, longlong)
HWSIM_VEC_ALL(unsigned long long, ulonglong)
HWSIM_VEC_ALL(float, float)
HWSIM_VEC_ALL(double, double)
// uint3 itself is defined by dim3.h (threadIdx and blockIdx use it).
HWSIM_VEC1(unsigned, uint)
HWSIM_VEC2(unsigned, uint)
HWSIM_VEC3_MAKE(unsigned, uint)
HWSIM_VEC4(unsigned, uint)

#undef HWSIM_VEC_ALL
#undef HWSIM_VEC4
#undef HWSIM_VEC3_MAKE
#undef HWSIM_VEC3_STRUCT
#undef HWSIM_VEC2
#undef HWSIM_VEC1
#undef HWSIM_VEC4_ALIGN

#endif // HIPWRIGHT_SIM_HWSIM_VECTOR_TYPES_H
