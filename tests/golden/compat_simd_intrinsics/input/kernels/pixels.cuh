// Byte-wise pixel helpers: four 8-bit channels packed in one word.
#pragma once

__device__ inline unsigned int blend(unsigned int a, unsigned int b) {
  return __vavgu4(a, b);
}

__device__ inline unsigned int brighten(unsigned int px, unsigned int by) {
  return __vaddus4(px, by * 0x01010101u);
}
