// out = transpose(in) for a square, row-major n x n float matrix: the three versions of seed
// 004 (Truong, V100, 1024 x 1024: naive 23.8, shared 40.3, padded 45.5 billion elements/s at
// 16 x 16 blocks) at tile = block edge TILE of 8, 16 or 32 (compile with -DTILE=8 etc.).
//
// The kernels compile under NVRTC (the tests launch them through CuPy); the host launchers
// at the end are compiled only by nvcc and document the launch configuration kernel-lint checks.

#ifndef TILE
#define TILE 32
#endif

// Naive: each thread copies one element. The read of row y is coalesced; the write goes to
// column y of `out`, so neighbouring lanes store n floats apart (one 32-byte sector per lane).
extern "C" __global__ void transpose_naive(const float* in, float* out, int n)
{
    int x = blockIdx.x * TILE + threadIdx.x;
    int y = blockIdx.y * TILE + threadIdx.y;
    if (x < n && y < n)
        out[x * n + y] = in[y * n + x];
}

// Shared-memory tile: the block reads a TILE x TILE tile row by row, then writes the
// transposed tile row by row as well (block indices swapped), so both global accesses are
// coalesced. Reading the tile by column, tile[threadIdx.x][threadIdx.y], puts lanes TILE words
// apart in shared memory: with TILE = 32 all 32 lanes hit one bank (a 32-way conflict).
extern "C" __global__ void transpose_shared(const float* in, float* out, int n)
{
    __shared__ float tile[TILE][TILE];
    int x = blockIdx.x * TILE + threadIdx.x;
    int y = blockIdx.y * TILE + threadIdx.y;
    if (x < n && y < n)
        tile[threadIdx.y][threadIdx.x] = in[y * n + x];
    __syncthreads();
    x = blockIdx.y * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
    if (x < n && y < n)
        out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}

// Padded tile: one unused column makes a row TILE + 1 words long, so the words of a tile column
// fall into different banks: conflict-free at TILE = 32. At 16 and 8 a warp covers 2 and 4 rows,
// which then span more than 32 words, and the store and the column read stay 2-way conflicts.
extern "C" __global__ void transpose_padded(const float* in, float* out, int n)
{
    __shared__ float tile[TILE][TILE + 1];
    int x = blockIdx.x * TILE + threadIdx.x;
    int y = blockIdx.y * TILE + threadIdx.y;
    if (x < n && y < n)
        tile[threadIdx.y][threadIdx.x] = in[y * n + x];
    __syncthreads();
    x = blockIdx.y * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
    if (x < n && y < n)
        out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}

#ifndef __CUDACC_RTC__
// Launch configuration (the same for the three kernels); test_transpose.py uses these grids.

void launch_transpose_naive(const float* in, float* out, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid((n + TILE - 1) / TILE, (n + TILE - 1) / TILE);
    transpose_naive<<<grid, block>>>(in, out, n);
}

void launch_transpose_shared(const float* in, float* out, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid((n + TILE - 1) / TILE, (n + TILE - 1) / TILE);
    transpose_shared<<<grid, block>>>(in, out, n);
}

void launch_transpose_padded(const float* in, float* out, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid((n + TILE - 1) / TILE, (n + TILE - 1) / TILE);
    transpose_padded<<<grid, block>>>(in, out, n);
}
#endif
