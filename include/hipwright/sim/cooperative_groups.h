// cooperative_groups.h - hipwright CPU SIMT runtime shim: the simulated runtime
// provides everything this header declares on a GPU toolchain (see
// hwsim/hwsim.h).
#ifndef HIPWRIGHT_SIM_SHIM_COOPERATIVE_GROUPS_H
#define HIPWRIGHT_SIM_SHIM_COOPERATIVE_GROUPS_H
#include "hwsim/hwsim.h"
#endif
