// C = A * B for square, row-major float matrices: the optimisation steps of seed 001
// (Skrceska, GTX 480: MM00 70.7 -> MM04 524 GFLOP/s) with the coalescing step of seed 002
// (Yang et al.) between tiling and coarsening.
//
// The kernels compile under NVRTC (the tests launch them through CuPy); the host launchers at
// the end are compiled only by nvcc and document each launch configuration, which is also
// where kernel-lint reads the block sizes from. The tiled steps need n to be a multiple of 64.

#define TILE 16                            // tile edge = block edge (seed 001: 16 x 16)
#define COARSEN 4                          // output tiles per block in block coarsening
#define STRIP 8                            // outputs per thread in thread coarsening
#define STRIP_ROWS 8                       // blockDim.y of the coarsened kernels
#define STRIP_HEIGHT (STRIP * STRIP_ROWS)  // rows of C one coarsened block computes

// Step 1 (MM00). One thread per element of C, written as the formula C[i][j] reads: i, the
// row, on threadIdx.x. Neighbouring lanes then read A and write C n floats apart.
extern "C" __global__ void matmul_naive(const float* a, const float* b, float* c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int j = blockIdx.y * blockDim.y + threadIdx.y;
    if (i >= n || j >= n)
        return;
    float sum = 0.0f;
    for (int k = 0; k < n; ++k)
        sum += a[i * n + k] * b[k * n + j];
    c[i * n + j] = sum;
}

// Step 2 (MM01). Shared-memory tiling: each element of A and B is read from global memory
// once per tile instead of once per product, with the same row-on-x mapping as step 1.
extern "C" __global__ void matmul_tiled(const float* a, const float* b, float* c, int n)
{
    __shared__ float a_tile[TILE][TILE];
    __shared__ float b_tile[TILE][TILE];
    int tx = threadIdx.x;
    int ty = threadIdx.y;
    int i = blockIdx.x * TILE + tx;
    int j = blockIdx.y * TILE + ty;
    float sum = 0.0f;
    for (int k0 = 0; k0 < n; k0 += TILE) {
        a_tile[tx][ty] = a[i * n + k0 + ty];
        b_tile[tx][ty] = b[(k0 + tx) * n + j];
        __syncthreads();
        for (int k = 0; k < TILE; ++k)
            sum += a_tile[tx][k] * b_tile[k][ty];
        __syncthreads();
    }
    c[i * n + j] = sum;
}

// Step 3 (seed 002's coalescing pass). threadIdx.x now runs along the contiguous index of
// every access: the tile loads of A and B and the store of C are whole 32-byte sectors, and
// the shared-memory reads are broadcasts or conflict-free rows.
extern "C" __global__ void matmul_coalesced(const float* a, const float* b, float* c, int n)
{
    __shared__ float a_tile[TILE][TILE];
    __shared__ float b_tile[TILE][TILE];
    int tx = threadIdx.x;
    int ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;
    float sum = 0.0f;
    for (int k0 = 0; k0 < n; k0 += TILE) {
        a_tile[ty][tx] = a[row * n + k0 + tx];
        b_tile[ty][tx] = b[(k0 + ty) * n + col];
        __syncthreads();
        for (int k = 0; k < TILE; ++k)
            sum += a_tile[ty][k] * b_tile[k][tx];
        __syncthreads();
    }
    c[row * n + col] = sum;
}

// Step 4 (MM02a). Block coarsening: one block computes COARSEN neighbouring tiles of a row of
// C, so the A tile they share is loaded from global memory once instead of COARSEN times.
extern "C" __global__ void matmul_block_coarsened(const float* a, const float* b, float* c, int n)
{
    __shared__ float a_tile[TILE][TILE];
    __shared__ float b_tiles[COARSEN][TILE][TILE];
    int tx = threadIdx.x;
    int ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col0 = blockIdx.x * (TILE * COARSEN) + tx;
    float sum[COARSEN];
    for (int t = 0; t < COARSEN; ++t)
        sum[t] = 0.0f;
    for (int k0 = 0; k0 < n; k0 += TILE) {
        a_tile[ty][tx] = a[row * n + k0 + tx];
        for (int t = 0; t < COARSEN; ++t)
            b_tiles[t][ty][tx] = b[(k0 + ty) * n + col0 + t * TILE];
        __syncthreads();
        for (int k = 0; k < TILE; ++k) {
            float a_value = a_tile[ty][k];
            for (int t = 0; t < COARSEN; ++t)
                sum[t] += a_value * b_tiles[t][k][tx];
        }
        __syncthreads();
    }
    for (int t = 0; t < COARSEN; ++t)
        c[row * n + col0 + t * TILE] = sum[t];
}

// Step 5 (MM03). Thread coarsening: one thread computes a strip of STRIP elements of one column
// of C (rows ty, ty + STRIP_ROWS, ...). Each B element read from shared memory is kept in a
// register and used STRIP times; a block covers STRIP_HEIGHT rows with a 16 x 8 block.
extern "C" __global__ void matmul_thread_coarsened(const float* a, const float* b, float* c, int n)
{
    __shared__ float a_tile[STRIP_HEIGHT][TILE];
    __shared__ float b_tile[TILE][TILE];
    int tx = threadIdx.x;
    int ty = threadIdx.y;
    int row0 = blockIdx.y * STRIP_HEIGHT + ty;
    int col = blockIdx.x * TILE + tx;
    float sum[STRIP];
    for (int s = 0; s < STRIP; ++s)
        sum[s] = 0.0f;
    for (int k0 = 0; k0 < n; k0 += TILE) {
        for (int s = 0; s < STRIP; ++s)
            a_tile[ty + s * STRIP_ROWS][tx] = a[(row0 + s * STRIP_ROWS) * n + k0 + tx];
        for (int r = 0; r < TILE / STRIP_ROWS; ++r)
            b_tile[ty + r * STRIP_ROWS][tx] = b[(k0 + ty + r * STRIP_ROWS) * n + col];
        __syncthreads();
        for (int k = 0; k < TILE; ++k) {
            float b_value = b_tile[k][tx];
            for (int s = 0; s < STRIP; ++s)
                sum[s] += a_tile[ty + s * STRIP_ROWS][k] * b_value;
        }
        __syncthreads();
    }
    for (int s = 0; s < STRIP; ++s)
        c[(row0 + s * STRIP_ROWS) * n + col] = sum[s];
}

// Step 6 (MM04). Step 5 plus prefetching and unrolling: the next tiles are loaded into
// registers while the current ones are multiplied, so the global-memory latency overlaps the
// arithmetic, and the fixed-count loops are unrolled so that loop counters and address
// arithmetic leave the inner loop.
extern "C" __global__ void matmul_prefetched(const float* a, const float* b, float* c, int n)
{
    __shared__ float a_tile[STRIP_HEIGHT][TILE];
    __shared__ float b_tile[TILE][TILE];
    int tx = threadIdx.x;
    int ty = threadIdx.y;
    int row0 = blockIdx.y * STRIP_HEIGHT + ty;
    int col = blockIdx.x * TILE + tx;
    float sum[STRIP];
    float a_next[STRIP];
    float b_next[TILE / STRIP_ROWS];
#pragma unroll
    for (int s = 0; s < STRIP; ++s) {
        sum[s] = 0.0f;
        a_next[s] = a[(row0 + s * STRIP_ROWS) * n + tx];
    }
#pragma unroll
    for (int r = 0; r < TILE / STRIP_ROWS; ++r)
        b_next[r] = b[(ty + r * STRIP_ROWS) * n + col];
    for (int k0 = 0; k0 < n; k0 += TILE) {
#pragma unroll
        for (int s = 0; s < STRIP; ++s)
            a_tile[ty + s * STRIP_ROWS][tx] = a_next[s];
#pragma unroll
        for (int r = 0; r < TILE / STRIP_ROWS; ++r)
            b_tile[ty + r * STRIP_ROWS][tx] = b_next[r];
        __syncthreads();
        int k_next = k0 + TILE;
        if (k_next < n) {
#pragma unroll
            for (int s = 0; s < STRIP; ++s)
                a_next[s] = a[(row0 + s * STRIP_ROWS) * n + k_next + tx];
#pragma unroll
            for (int r = 0; r < TILE / STRIP_ROWS; ++r)
                b_next[r] = b[(k_next + ty + r * STRIP_ROWS) * n + col];
        }
#pragma unroll
        for (int k = 0; k < TILE; ++k) {
            float b_value = b_tile[k][tx];
#pragma unroll
            for (int s = 0; s < STRIP; ++s)
                sum[s] += a_tile[ty + s * STRIP_ROWS][k] * b_value;
        }
        __syncthreads();
    }
#pragma unroll
    for (int s = 0; s < STRIP; ++s)
        c[(row0 + s * STRIP_ROWS) * n + col] = sum[s];
}

#ifndef __CUDACC_RTC__
// Launch configurations; test_matmul.py launches the same kernels through CuPy with these grids.

void launch_matmul_naive(const float* a, const float* b, float* c, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid((n + TILE - 1) / TILE, (n + TILE - 1) / TILE);
    matmul_naive<<<grid, block>>>(a, b, c, n);
}

void launch_matmul_tiled(const float* a, const float* b, float* c, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    matmul_tiled<<<grid, block>>>(a, b, c, n);
}

void launch_matmul_coalesced(const float* a, const float* b, float* c, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    matmul_coalesced<<<grid, block>>>(a, b, c, n);
}

void launch_matmul_block_coarsened(const float* a, const float* b, float* c, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / (TILE * COARSEN), n / TILE);
    matmul_block_coarsened<<<grid, block>>>(a, b, c, n);
}

void launch_matmul_thread_coarsened(const float* a, const float* b, float* c, int n)
{
    dim3 block(TILE, STRIP_ROWS);
    dim3 grid(n / TILE, n / STRIP_HEIGHT);
    matmul_thread_coarsened<<<grid, block>>>(a, b, c, n);
}

void launch_matmul_prefetched(const float* a, const float* b, float* c, int n)
{
    dim3 block(TILE, STRIP_ROWS);
    dim3 grid(n / TILE, n / STRIP_HEIGHT);
    matmul_prefetched<<<grid, block>>>(a, b, c, n);
}
#endif
