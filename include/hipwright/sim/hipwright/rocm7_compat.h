// hipwright/rocm7_compat.h - hipwright CPU SIMT runtime shim: the simulated
// runtime provides everything this header declares on a GPU toolchain (see
// hwsim/hwsim.h).
#ifndef HIPWRIGHT_SIM_SHIM_HIPWRIGHT_ROCM7_COMPAT_H
#define HIPWRIGHT_SIM_SHIM_HIPWRIGHT_ROCM7_COMPAT_H
#include "hwsim/hwsim.h"
#endif
