#ifndef NO_TEXTURES
#include <hip/hip_runtime.h>
#include <hip/texture_types.h>
#endif
#include <hip/hip_runtime.h>
#include <hip/driver_types.h>

hipTextureAddressMode wrapMode() { return hipAddressModeWrap; }
hipMemcpyKind toDevice() { return hipMemcpyHostToDevice; }
