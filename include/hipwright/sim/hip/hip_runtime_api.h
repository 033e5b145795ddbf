// hip/hip_runtime_api.h - hipwright CPU SIMT runtime shim: the simulated
// runtime provides everything this header declares on a GPU toolchain (see
// hwsim/hwsim.h).
#ifndef HIPWRIGHT_SIM_SHIM_HIP_HIP_RUNTIME_API_H
#define HIPWRIGHT_SIM_SHIM_HIP_HIP_RUNTIME_API_H
// The include guards of ROCm's hip_runtime_api.h and of the headers it
// includes, which ported helper headers test (helper_cuda.h's
// __DRIVER_TYPES_H__ becomes HIP_INCLUDE_HIP_DRIVER_TYPES_H).
#define HIP_INCLUDE_HIP_HIP_RUNTIME_API_H
#define HIP_INCLUDE_HIP_DRIVER_TYPES_H
#define HIP_INCLUDE_HIP_HIP_VECTOR_TYPES_H
#include "hwsim/hwsim.h"
#endif
