//===- hwsim/hwsim.h - everything a lowered CUDA or HIP program sees ------===//
//
// Force-included (-include hwsim/hwsim.h) ahead of every lowered program, and
// reached through each shim header (cuda_runtime.h, hip/hip_runtime.h, ...).
// nvcc and hipcc make the C library and <cmath>'s overloads visible to
// every translation unit; so does this header (<math.h> adds the float
// overloads of sqrt, exp, ... to the global namespace, as CUDA's do).
//
//===----------------------------------------------------------------------===//
#ifndef HIPWRIGHT_SIM_HWSIM_HWSIM_H
#define HIPWRIGHT_SIM_HWSIM_HWSIM_H

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <math.h>
#include <memory>
#include <stdlib.h>

#include "attributes.h"
#include "coop_groups.h"
#include "core.h"
#include "device_functions.h"
#include "dim3.h"
#include "half.h"
#include "host_api.h"
#include "lockstep.h"
#include "simd_video.h"
#include "vector_types.h"
#include "warp.h"

#endif // HIPWRIGHT_SIM_HWSIM_HWSIM_H
