// A hip/hip_runtime.h that is not ROCm's (as an older HIP in /usr/include,
// or a vendored copy on an -I path, would be): compile_check.foreign_hip
// includes it ahead of ROCm's and the check must refuse the result.
#pragma once
#include_next <hip/hip_runtime.h>
