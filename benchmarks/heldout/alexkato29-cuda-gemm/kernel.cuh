#pragma once

void kernel(float* d_A, float* d_B, float* d_C, float alpha, float beta, int N);
