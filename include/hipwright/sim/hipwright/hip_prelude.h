// hipwright/hip_prelude.h - hipwright CPU SIMT runtime shim: the simulated
// runtime provides everything this header declares on a GPU toolchain (see
// hwsim/hwsim.h).
#ifndef HIPWRIGHT_SIM_SHIM_HIPWRIGHT_HIP_PRELUDE_H
#define HIPWRIGHT_SIM_SHIM_HIPWRIGHT_HIP_PRELUDE_H
#include "hwsim/hwsim.h"
#endif
