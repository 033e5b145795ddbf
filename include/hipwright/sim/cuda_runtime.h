// cuda_runtime.h - hipwright CPU SIMT runtime shim: the simulated runtime
// provides everything this header declares on a GPU toolchain (see
// hwsim/hwsim.h).
#ifndef HIPWRIGHT_SIM_SHIM_CUDA_RUNTIME_H
#define HIPWRIGHT_SIM_SHIM_CUDA_RUNTIME_H
// The guards of the headers a real cuda_runtime.h pulls in: helper code
// (cuda-samples' helper_cuda.h) tests them to see whether the runtime API
// is there before defining checkCudaErrors and findCudaDevice.
#define __CUDA_RUNTIME_H__
#include "cuda_runtime_api.h"
#endif
