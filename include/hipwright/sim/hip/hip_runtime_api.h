// hip/hip_runtime_api.h - hipwright CPU SIMT runtime shim: the simulated
// runtime provides everything this header declares on a GPU toolchain (see
// hwsim/hwsim.h).
#ifndef HIPWRIGHT_SIM_SHIM_HIP_HIP_RUNTIME_API_H
#define HIPWRIGHT_SIM_SHIM_HIP_HIP_RUNTIME_API_H
#include "hwsim/hwsim.h"
#endif
