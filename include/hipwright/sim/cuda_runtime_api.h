// cuda_runtime_api.h - hipwright CPU SIMT runtime shim: the simulated runtime
// provides everything this header declares on a GPU toolchain (see
// hwsim/hwsim.h).
#ifndef HIPWRIGHT_SIM_SHIM_CUDA_RUNTIME_API_H
#define HIPWRIGHT_SIM_SHIM_CUDA_RUNTIME_API_H
// The guards of the real header and of driver_types.h, which it includes:
// helper code tests them (see cuda_runtime.h).
#define __CUDA_RUNTIME_API_H__
#define __DRIVER_TYPES_H__
#include "hwsim/hwsim.h"
#endif
