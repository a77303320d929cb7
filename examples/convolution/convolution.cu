// 1-D convolution out[i] = sum_j in[i - RADIUS + j] * mask[j], elements outside the input
// ("ghost" elements) counting as zero: the naive kernel and the optimised one of seed 003
// (Pallipuram & Gao, section 8.8), with the mask in constant memory and the input in
// shared-memory tiles that carry their halos.
//
// The kernels compile under NVRTC (the tests launch them through CuPy and fill c_mask through
// RawModule.get_global); the host code at the end is compiled only by nvcc and documents the
// launch configuration kernel-lint checks.

#define MASK_WIDTH 7
#define RADIUS (MASK_WIDTH / 2)
#define BLOCK 256

// Naive: every thread reads MASK_WIDTH input elements and MASK_WIDTH mask elements from global
// memory (two loads per multiply-add) and tests each neighbour against the array ends.
extern "C" __global__ void conv1d_naive(const float* in, const float* mask, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float sum = 0.0f;
    for (int j = 0; j < MASK_WIDTH; ++j) {
        int k = i - RADIUS + j;
        if (k >= 0 && k < n)
            sum += in[k] * mask[j];
    }
    out[i] = sum;
}

// The mask is read by every thread at the same index: constant memory serves such a warp-wide
// broadcast from its cache in one access.
__constant__ float c_mask[MASK_WIDTH];

// Tiled: the block loads its BLOCK elements plus RADIUS halo elements on each side into shared
// memory once (ghosts as zeros), then every product reads shared and constant memory only.
extern "C" __global__ void conv1d_tiled(const float* in, float* out, int n)
{
    __shared__ float tile[BLOCK + 2 * RADIUS];
    int i = blockIdx.x * BLOCK + threadIdx.x;
    tile[RADIUS + threadIdx.x] = (i < n) ? in[i] : 0.0f;
    if (threadIdx.x < RADIUS) {
        int left = i - RADIUS;
        int right = i + BLOCK;
        tile[threadIdx.x] = (left >= 0) ? in[left] : 0.0f;
        tile[RADIUS + BLOCK + threadIdx.x] = (right < n) ? in[right] : 0.0f;
    }
    __syncthreads();
    if (i < n) {
        float sum = 0.0f;
        for (int j = 0; j < MASK_WIDTH; ++j)
            sum += tile[threadIdx.x + j] * c_mask[j];
        out[i] = sum;
    }
}

#ifndef __CUDACC_RTC__
// Launch configurations; test_convolution.py launches the same kernels through CuPy.

void launch_conv1d_naive(const float* in, const float* mask, float* out, int n)
{
    conv1d_naive<<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(in, mask, out, n);
}

void launch_conv1d_tiled(const float* in, const float* mask, float* out, int n)
{
    cudaMemcpyToSymbol(c_mask, mask, MASK_WIDTH * sizeof(float));
    conv1d_tiled<<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(in, out, n);
}
#endif
