// cuda.h - hipwright CPU SIMT runtime shim. Only the runtime API (cuda*) that
// hwsim/hwsim.h provides; the driver API (cu*, CUresult) is not simulated.
#ifndef HIPWRIGHT_SIM_SHIM_CUDA_H
#define HIPWRIGHT_SIM_SHIM_CUDA_H
#include "hwsim/hwsim.h"
#endif
