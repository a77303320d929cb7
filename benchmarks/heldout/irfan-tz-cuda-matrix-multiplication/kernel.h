#ifndef KERNEL_CUH_
#define KERNEL_CUH_

void matrixMultiplication(double *A, double *B, double *C, int N);

#endif
