#pragma once
void runSaxpy(int n, float a, const float *x, float *y);
void fillRandom(float *data, int n);
int hostHelper();
