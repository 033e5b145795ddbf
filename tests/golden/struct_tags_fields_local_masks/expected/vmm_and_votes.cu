// Four spellings that compile with CUDA and not with HIP as written.
#include <cstdio>
#include <hip/hip_runtime.h>
#include <hip/hip_runtime.h>

// C-style struct tags: HIP declares some twins as typedefs of other tags.
hipGraphicsResource *resource = NULL;
static void describe(hipDeviceProp_t *prop,
                     hipGraphicsResource **r) {
  std::printf("%s %p\n", prop->name, (void *)r);
}

// A field HIP names differently before ROCm 7.
static hipError_t reserve(size_t size, int device) {
  hipMemAllocationProp prop = {};
  prop.type = hipMemAllocationTypePinned;
  prop.location.type = hipMemLocationTypeDevice;
  prop.location.id = device;
  prop.requestedHandleType = hipMemHandleTypePosixFileDescriptor;
  hipMemAllocationProp *p = &prop;
  size_t granularity = 0;
  (void)p->requestedHandleType;
  return hipMemGetAllocationGranularity(&granularity, p,
                                       hipMemAllocationGranularityMinimum);
}

static hipMemAllocationProp exportable() {
  hipMemAllocationProp prop = {.type = hipMemAllocationTypePinned,
                              .requestedHandleType =
                                  hipMemHandleTypePosixFileDescriptor};
  return prop;
}

// CUDA's callback calling convention, empty on Linux; HIP has none.
static void done(void *data) { *(int *)data = 1; }
typedef void(*callback_t)(void *);
#ifdef CUDART_CB
static const bool kHasCallbackConvention = true;
#else
static const bool kHasCallbackConvention = false;
#endif

// A full mask kept in an int that only feeds *_sync masks.
__global__ void vote(const int *in, int *out) {
  int tx = threadIdx.x;
  unsigned long long mask = 0xffffffffffffffffull;
  out[tx] = __any_sync(mask, in[tx]);
}

int main() {
  hipDeviceProp_t prop;
  hipGetDeviceProperties(&prop, 0);
  describe(&prop, &resource);
  (void)exportable();
  int flag = 0;
  callback_t cb = done;
  hipLaunchHostFunc(0, cb, &flag);
  (void)kHasCallbackConvention;
  return reserve(1 << 20, 0) == hipSuccess ? 0 : 1;
}
