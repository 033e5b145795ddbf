#include <hip/hip_runtime.h>
#define WANT_DRIVER_ERRORS
#include <cstdio>

#include "errors.h"

int main() {
  printf("%s %s\n", errorName(hipGetLastError()), errorName(hipInit(0)));
  return 0;
}
