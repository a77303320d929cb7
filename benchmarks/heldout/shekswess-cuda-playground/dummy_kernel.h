#ifndef DUMMY_KERNEL_H
#define DUMMY_KERNEL_H

/**
 * @brief A dummy CUDA kernel that prints the block and thread indices.
 */
__global__ void dummyKernel();

#endif