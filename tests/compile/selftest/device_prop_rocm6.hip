// Self-test: the hipDeviceProp_t members ROCm 6 added (and CUDA has):
// uuid, unifiedAddressing, asyncEngineCount, maxTexture1DLayered.
#include <hip/hip_runtime.h>
#include <cstdio>
int main() {
  hipDeviceProp_t prop;
  if (hipGetDeviceProperties(&prop, 0) != hipSuccess) return 1;
  printf("%d %d %d %d %s %d\n", prop.unifiedAddressing, prop.asyncEngineCount, prop.maxTexture1DLayered[0], prop.warpSize, prop.name, (int)prop.uuid.bytes[0]);
  int dev = 0; hipChooseDevice(&dev, &prop);
  return 0;
}
