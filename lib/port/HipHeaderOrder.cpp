//===- HipHeaderOrder.cpp - HIP headers that need hip_runtime.h first -----===//
#include "port/HipHeaderOrder.h"

#include "llvm/ADT/StringSet.h"

namespace hipwright {

bool needsHipRuntimeFirst(llvm::StringRef HipHeader) {
  // The first error each gives alone, against ROCm 7.2.4:
  static const llvm::StringSet<> Headers = {
      // "Must define exactly one of __HIP_PLATFORM_AMD__ or ..."
      "hip/channel_descriptor.h",
      // unknown type name 'hipMemoryType' (and the three that include it)
      "hip/driver_types.h",
      "hip/hip_texture_types.h",
      "hip/surface_types.h",
      "hip/texture_types.h",
      // unknown type name 'hipError_t'
      "hip/hip_gl_interop.h",
      // without the platform macro it takes the NVIDIA path:
      // 'curand_mtgp32_host.h' file not found
      "hiprand/hiprand_mtgp32_host.h",
  };
  return Headers.contains(HipHeader);
}

} // namespace hipwright
