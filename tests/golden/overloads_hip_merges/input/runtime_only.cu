#include <cstdio>

#include "errors.h"

int main() {
  printf("%s\n", errorName(cudaDeviceSynchronize()));
  return 0;
}
