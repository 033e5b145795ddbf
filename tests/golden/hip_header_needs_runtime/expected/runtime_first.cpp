#include <hip/hip_runtime.h>
#include <hip/driver_types.h>

hipMemcpyKind back() { return hipMemcpyDeviceToHost; }
