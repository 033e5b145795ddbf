#ifndef NO_TEXTURES
#include <texture_types.h>
#endif
#include <driver_types.h>

cudaTextureAddressMode wrapMode() { return cudaAddressModeWrap; }
cudaMemcpyKind toDevice() { return cudaMemcpyHostToDevice; }
