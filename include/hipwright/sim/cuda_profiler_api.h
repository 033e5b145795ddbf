// cuda_profiler_api.h - hipwright CPU SIMT runtime shim: cudaProfilerStart
// and cudaProfilerStop (hwsim/host_api.h) do nothing without a profiler.
#ifndef HIPWRIGHT_SIM_SHIM_CUDA_PROFILER_API_H
#define HIPWRIGHT_SIM_SHIM_CUDA_PROFILER_API_H
#include "hwsim/hwsim.h"
#endif
