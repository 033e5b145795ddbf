#ifndef HOST_STATS_H
#define HOST_STATS_H
/* Plain C statistics helpers, shared with the CUDA code. */
#ifdef __cplusplus
extern "C" {
#endif
double mean(const float *v, int n);
#ifdef __cplusplus
}
#endif
#endif
