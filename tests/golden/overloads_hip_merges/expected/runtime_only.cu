#include <hip/hip_runtime.h>
#include <cstdio>

#include "errors.h"

int main() {
  printf("%s\n", errorName(hipDeviceSynchronize()));
  return 0;
}
