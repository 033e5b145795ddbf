#pragma once
int areaSum(const int *w, const int *h, int n);
void areasOnDevice(const int *w, const int *h, int *area, int n);
void scaleOnDevice(int *a, int k, int n);
