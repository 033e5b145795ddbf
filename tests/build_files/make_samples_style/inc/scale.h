#pragma once
void scaleOnHost(const float *in, float *out, float s, int n);
