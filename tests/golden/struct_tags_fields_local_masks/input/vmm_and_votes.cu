// Four spellings that compile with CUDA and not with HIP as written.
#include <cstdio>
#include <cuda.h>
#include <cuda_runtime.h>

// C-style struct tags: HIP declares some twins as typedefs of other tags.
struct cudaGraphicsResource *resource = NULL;
static void describe(struct cudaDeviceProp *prop,
                     struct cudaGraphicsResource **r) {
  std::printf("%s %p\n", prop->name, (void *)r);
}

// A field HIP names differently before ROCm 7.
static CUresult reserve(size_t size, int device) {
  CUmemAllocationProp prop = {};
  prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
  prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
  prop.location.id = device;
  prop.requestedHandleTypes = CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR;
  CUmemAllocationProp *p = &prop;
  size_t granularity = 0;
  (void)p->requestedHandleTypes;
  return cuMemGetAllocationGranularity(&granularity, p,
                                       CU_MEM_ALLOC_GRANULARITY_MINIMUM);
}

static CUmemAllocationProp exportable() {
  CUmemAllocationProp prop = {.type = CU_MEM_ALLOCATION_TYPE_PINNED,
                              .requestedHandleTypes =
                                  CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR};
  return prop;
}

// CUDA's callback calling convention, empty on Linux; HIP has none.
static void CUDART_CB done(void *data) { *(int *)data = 1; }
typedef void(CUDART_CB *callback_t)(void *);
#ifdef CUDART_CB
static const bool kHasCallbackConvention = true;
#else
static const bool kHasCallbackConvention = false;
#endif

// A full mask kept in an int that only feeds *_sync masks.
__global__ void vote(const int *in, int *out) {
  int tx = threadIdx.x;
  int mask = 0xffffffff;
  out[tx] = __any_sync(mask, in[tx]);
}

int main() {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  describe(&prop, &resource);
  (void)exportable();
  int flag = 0;
  callback_t cb = done;
  cudaLaunchHostFunc(0, cb, &flag);
  (void)kHasCallbackConvention;
  return reserve(1 << 20, 0) == CUDA_SUCCESS ? 0 : 1;
}
