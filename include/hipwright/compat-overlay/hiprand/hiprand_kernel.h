// hipwright/compat-overlay/hiprand/hiprand_kernel.h - hipRAND's device API
// as of hipRAND 2.11 (ROCm 6.2), for older hipRAND (Debian ships 2.10.9).
//
// Read instead of hipRAND's own header (see compat-overlay/hiprand/
// hiprand.h), which it includes first. Adds the 64-bit Sobol state
// (curandStateSobol64 -> hiprandStateSobol64) on rocRAND's sobol64 engine,
// which the old hipRAND already ships but does not expose, with the
// functions CUDA offers for it. Unlike the host declarations these are
// definitions: device code must link in the compile check.
#include_next <hiprand/hiprand_kernel.h>

#ifndef HIPWRIGHT_COMPAT_HIPRAND_KERNEL_H
#define HIPWRIGHT_COMPAT_HIPRAND_KERNEL_H
#if defined(__HIP_PLATFORM_AMD__) && defined(HIPRAND_VERSION) &&               \
    HIPRAND_VERSION < 201100 && !defined(HIPWRIGHT_NO_HOST_API_COMPAT)
struct hiprandStateSobol64 : public rocrand_state_sobol64 {
  typedef rocrand_state_sobol64 base;
};
typedef struct hiprandStateSobol64 hiprandStateSobol64_t;
typedef unsigned long long hiprandDirectionVectors64_t[64];

// Non-template overloads: hipRAND's templates accept only the states it
// lists, and an exact non-template match is chosen over them.
QUALIFIERS void hiprand_init(hiprandDirectionVectors64_t direction_vectors,
                             unsigned long long offset,
                             hiprandStateSobol64_t *state) {
  // rocRAND 2.10 counts the offset in 32 bits.
  rocrand_init(direction_vectors, static_cast<unsigned int>(offset), state);
}
QUALIFIERS unsigned long long hiprand(hiprandStateSobol64_t *state) {
  return rocrand(state);
}
QUALIFIERS float hiprand_uniform(hiprandStateSobol64_t *state) {
  return rocrand_uniform(state);
}
QUALIFIERS double hiprand_uniform_double(hiprandStateSobol64_t *state) {
  return rocrand_uniform_double(state);
}
QUALIFIERS float hiprand_normal(hiprandStateSobol64_t *state) {
  return rocrand_normal(state);
}
QUALIFIERS double hiprand_normal_double(hiprandStateSobol64_t *state) {
  return rocrand_normal_double(state);
}
QUALIFIERS float hiprand_log_normal(hiprandStateSobol64_t *state, float mean,
                                    float stddev) {
  return rocrand_log_normal(state, mean, stddev);
}
QUALIFIERS double hiprand_log_normal_double(hiprandStateSobol64_t *state,
                                            double mean, double stddev) {
  return rocrand_log_normal_double(state, mean, stddev);
}
QUALIFIERS void skipahead(unsigned long long n, hiprandStateSobol64_t *state) {
  state->discard(static_cast<unsigned int>(n)); // as rocRAND 2.10 counts
}
#endif
#endif // HIPWRIGHT_COMPAT_HIPRAND_KERNEL_H
