// hip/hip_runtime.h - hipwright CPU SIMT runtime shim: the simulated runtime
// provides everything this header declares on a GPU toolchain (see
// hwsim/hwsim.h).
#ifndef HIPWRIGHT_SIM_SHIM_HIP_HIP_RUNTIME_H
#define HIPWRIGHT_SIM_SHIM_HIP_HIP_RUNTIME_H
// ROCm's include guard: ported helper headers test it (as CUDA's test
// __CUDA_RUNTIME_H__) before declaring what needs the runtime.
#define HIP_INCLUDE_HIP_HIP_RUNTIME_H
#include "hip/hip_runtime_api.h"
// hipwright_cuda_compat.h's atomic loads tell this runtime when a thread may
// be waiting for another (hwsim/lockstep.h), as the runtime's own atomics do.
#define HIPWRIGHT_COMPAT_ATOMIC_POLL(address, observed)                        \
  ::hwsim::detail::notePoll(address, observed, observed)
#endif
