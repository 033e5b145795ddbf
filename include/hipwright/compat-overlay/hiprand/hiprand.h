// hipwright/compat-overlay/hiprand/hiprand.h - hipRAND's host API as of
// hipRAND 2.11 (ROCm 6.2), for older hipRAND (Debian ships 2.10.9).
//
// The compile check puts compat-overlay/ on the include path ahead of the
// system headers, so a port's `#include <hiprand/hiprand.h>` reads this file,
// which reads hipRAND's own header and then declares what hipwright
// translates to and that hipRAND release lacks: generator ordering
// (curandSetGeneratorOrdering, CURAND_ORDERING_*) and the quasirandom
// direction-vector sets (curandGetDirectionVectors32/64). Declarations only,
// with ROCm 6.2's enumerator values: a port compiles against the old headers
// and links against the ROCm release that has the definitions.
// HIPWRIGHT_NO_HOST_API_COMPAT switches it off.
#include_next <hiprand/hiprand.h>

#ifndef HIPWRIGHT_COMPAT_HIPRAND_H
#define HIPWRIGHT_COMPAT_HIPRAND_H
#if defined(__HIP_PLATFORM_AMD__) && defined(HIPRAND_VERSION) &&               \
    HIPRAND_VERSION < 201100 && !defined(HIPWRIGHT_NO_HOST_API_COMPAT)
typedef enum hiprandOrdering {
  HIPRAND_ORDERING_PSEUDO_BEST = 100,
  HIPRAND_ORDERING_PSEUDO_DEFAULT = 101,
  HIPRAND_ORDERING_PSEUDO_SEEDED = 102,
  HIPRAND_ORDERING_PSEUDO_LEGACY = 103,
  HIPRAND_ORDERING_PSEUDO_DYNAMIC = 104,
  HIPRAND_ORDERING_QUASI_DEFAULT = 201
} hiprandOrdering_t;

typedef enum hiprandDirectionVectorSet {
  HIPRAND_DIRECTION_VECTORS_32_JOEKUO6 = 101,
  HIPRAND_SCRAMBLED_DIRECTION_VECTORS_32_JOEKUO6 = 102,
  HIPRAND_DIRECTION_VECTORS_64_JOEKUO6 = 103,
  HIPRAND_SCRAMBLED_DIRECTION_VECTORS_64_JOEKUO6 = 104
} hiprandDirectionVectorSet_t;

// The same typedefs as hiprand_kernel.h's (a repeated identical typedef is
// valid C++), so host code that includes only this header can name them.
typedef unsigned int hiprandDirectionVectors32_t[32];
typedef unsigned long long hiprandDirectionVectors64_t[64];

extern "C" {
hiprandStatus_t hiprandSetGeneratorOrdering(hiprandGenerator_t generator,
                                            hiprandOrdering_t order);
hiprandStatus_t
hiprandGetDirectionVectors32(hiprandDirectionVectors32_t **vectors,
                             hiprandDirectionVectorSet_t set);
hiprandStatus_t
hiprandGetDirectionVectors64(hiprandDirectionVectors64_t **vectors,
                             hiprandDirectionVectorSet_t set);
}
#endif
#endif // HIPWRIGHT_COMPAT_HIPRAND_H
