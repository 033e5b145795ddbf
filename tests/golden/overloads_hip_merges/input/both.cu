#define WANT_DRIVER_ERRORS
#include <cstdio>

#include "errors.h"

int main() {
  printf("%s %s\n", errorName(cudaGetLastError()), errorName(cuInit(0)));
  return 0;
}
