// The minimal examples: one thread per element, nothing to optimise but the launch itself.
// Both are bound by memory bandwidth; the tests hold them to a fraction of the GPU's peak.
//
// The kernels compile under NVRTC (the tests launch them through CuPy); the host code at the
// end is compiled only by nvcc and documents the launch configurations kernel-lint checks.

// c = a + b over n floats; lane i touches element i of each array (fully coalesced).
extern "C" __global__ void vector_add(const float* a, const float* b, float* c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = a[i] + b[i];
}

// out = alpha * in for a row-major rows x cols matrix, on a 2-D grid: x runs along a row, so
// a warp of a 32 x 8 block reads and writes 128 contiguous bytes.
extern "C" __global__ void matrix_scale(const float* in, float* out, float alpha, int rows, int cols)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < rows && col < cols)
        out[row * cols + col] = alpha * in[row * cols + col];
}

#ifndef __CUDACC_RTC__
// Launch configurations; test_basics.py launches the same kernels through CuPy.

void launch_vector_add(const float* a, const float* b, float* c, int n)
{
    vector_add<<<(n + 255) / 256, 256>>>(a, b, c, n);
}

void launch_matrix_scale(const float* in, float* out, float alpha, int rows, int cols)
{
    dim3 block(32, 8);
    dim3 grid((cols + 31) / 32, (rows + 7) / 8);
    matrix_scale<<<grid, block>>>(in, out, alpha, rows, cols);
}
#endif
