#pragma once
#include <string>

// Formats results; knows nothing about cudaMalloc or cudaStream_t.
std::string formatResult(const char *label, double value);
// A user function whose name merely starts like CUDA's.
inline int cudaLikeRounding(double v) { return static_cast<int>(v + 0.5); }
