#define NO_RUNTIME_ERRORS
#define WANT_DRIVER_ERRORS
#include <cstdio>

#include "errors.h"

int main() {
  printf("%s\n", errorName(cuInit(0)));
  return 0;
}
