// What compute-sanitizer's racecheck says about shared tiles written and read through float4 pointers, with a
// __syncwarp() (as leimao/CUDA-GEMM-Optimization's gemm_v06_vectorized ends each tile) or a __syncthreads() at
// the end of each iteration (tests/rules/test_barriers.py: kernel-lint reports the first at the float4 store).
#include <cstdio>

__global__ void vec_tiles_syncwarp(const float4 *x, float *out, int n)
{
    __shared__ float tile[8][128];
    float acc = 0.0f;
    for (int j = 0; j < n; ++j) {
        *reinterpret_cast<float4 *>(&tile[threadIdx.y][threadIdx.x * 4]) = x[j * 256 + threadIdx.y * 32 + threadIdx.x];
        __syncthreads();
        float4 v = *reinterpret_cast<const float4 *>(&tile[7 - threadIdx.y][threadIdx.x * 4]);
        acc += v.x + v.w;
        __syncwarp();
    }
    out[threadIdx.y * 32 + threadIdx.x] = acc;
}

__global__ void vec_tiles_syncthreads(const float4 *x, float *out, int n)
{
    __shared__ float tile[8][128];
    float acc = 0.0f;
    for (int j = 0; j < n; ++j) {
        *reinterpret_cast<float4 *>(&tile[threadIdx.y][threadIdx.x * 4]) = x[j * 256 + threadIdx.y * 32 + threadIdx.x];
        __syncthreads();
        float4 v = *reinterpret_cast<const float4 *>(&tile[7 - threadIdx.y][threadIdx.x * 4]);
        acc += v.x + v.w;
        __syncthreads();
    }
    out[threadIdx.y * 32 + threadIdx.x] = acc;
}

int main(int argc, char **argv)
{
    const int n = 8;
    float4 *x;
    float *out;
    cudaMalloc(&x, n * 256 * sizeof(float4));
    cudaMemset(x, 0, n * 256 * sizeof(float4));
    cudaMalloc(&out, 256 * sizeof(float));
    bool block_barrier = argc > 1;
    if (block_barrier) vec_tiles_syncthreads<<<1, dim3(32, 8)>>>(x, out, n); else vec_tiles_syncwarp<<<1, dim3(32, 8)>>>(x, out, n);
    printf("%s: %s\n", block_barrier ? "__syncthreads" : "__syncwarp", cudaGetErrorString(cudaDeviceSynchronize()));
    return 0;
}
