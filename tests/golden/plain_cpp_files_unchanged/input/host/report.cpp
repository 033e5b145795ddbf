#include "report.hpp"
#include <cstdio>

std::string formatResult(const char *label, double value) {
  char buf[128];
  std::snprintf(buf, sizeof buf, "%s = %d (computed with cudaMemcpy'd data)",
                label, cudaLikeRounding(value));
  return buf;
}
