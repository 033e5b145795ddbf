// Floating-point atomics CUDA lacks, written the usual way: a
// compare-and-swap loop on the value's bits. HIP declares all of them.
#pragma once

__device__ __forceinline__ double atomicMax(double *address, double val) {
  unsigned long long *bits = (unsigned long long *)address;
  unsigned long long old = *bits;
  while (val > __longlong_as_double(old)) {
    unsigned long long seen = old;
    old = atomicCAS(bits, seen, __double_as_longlong(val));
    if (old == seen)
      break;
  }
  return __longlong_as_double(old);
}

__device__ float atomicMin(float *address, float val) {
  int *bits = (int *)address;
  int old = *bits;
  while (val < __int_as_float(old)) {
    int seen = old;
    old = atomicCAS(bits, seen, __float_as_int(val));
    if (old == seen)
      break;
  }
  return __int_as_float(old);
}

// Not one of HIP's: a different signature stays as it is.
__device__ double atomicMax(double *address, float val) {
  return atomicMax(address, static_cast<double>(val));
}
