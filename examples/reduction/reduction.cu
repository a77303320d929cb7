// Sum of n floats, in the refinement steps of seed 004 (Truong, V100, 2^26 floats: naive
// 99.6 GB/s -> algorithm cascading 756 GB/s) and seed 003's divergent-warp variants.
//
// Every kernel reads `in[0..n)` and writes one partial sum per block to `out[blockIdx.x]`;
// the host launches it again on the partials until one value is left. The kernels compile
// under NVRTC (the tests launch them through CuPy); the host code at the end is compiled only
// by nvcc and documents the launch configurations kernel-lint checks.

#define BLOCK 256  // threads per block for every step
#define WARP 32
#define FULL_MASK 0xffffffffu

// Sum over the 32 lanes of a warp through register shuffles; lane 0 holds the total.
__device__ float warp_sum(float value)
{
#pragma unroll
    for (int offset = WARP / 2; offset > 0; offset /= 2)
        value += __shfl_down_sync(FULL_MASK, value, offset);
    return value;
}

// Step 1. Interleaved addressing: in round s the threads whose id is a multiple of 2s add
// their neighbour s away. `tid % (2 * s)` leaves most lanes of every warp idle and the
// modulo itself is slow.
extern "C" __global__ void reduce_interleaved_divergent(const float* in, float* out, unsigned int n)
{
    __shared__ float partial[BLOCK];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + tid;
    partial[tid] = (i < n) ? in[i] : 0.0f;
    __syncthreads();
    for (unsigned int s = 1; s < blockDim.x; s *= 2) {
        if (tid % (2 * s) == 0)
            partial[tid] += partial[tid + s];
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = partial[0];
}

// Step 2. Interleaved addressing with a strided index: the active threads are now contiguous
// (no divergence until fewer than 32 remain), but thread t touches word 2*s*t, so lanes of a
// warp hit the same shared-memory bank: a 2-, 4-, then 8-way bank conflict.
extern "C" __global__ void reduce_interleaved_strided(const float* in, float* out, unsigned int n)
{
    __shared__ float partial[BLOCK];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + tid;
    partial[tid] = (i < n) ? in[i] : 0.0f;
    __syncthreads();
    for (unsigned int s = 1; s < blockDim.x; s *= 2) {
        unsigned int index = 2 * s * tid;
        if (index < blockDim.x)
            partial[index] += partial[index + s];
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = partial[0];
}

// Step 3. Sequential addressing: thread t adds word t + s to word t, with s halving from
// blockDim.x / 2. Consecutive lanes touch consecutive words, so there is no bank conflict.
extern "C" __global__ void reduce_sequential(const float* in, float* out, unsigned int n)
{
    __shared__ float partial[BLOCK];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + tid;
    partial[tid] = (i < n) ? in[i] : 0.0f;
    __syncthreads();
    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s)
            partial[tid] += partial[tid + s];
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = partial[0];
}

// Step 4. First add during load: half the blocks, each thread adding two elements (a block
// apart, so both loads stay coalesced) before the tree. Step 3 left half its threads idle from
// the first round on.
extern "C" __global__ void reduce_first_add(const float* in, float* out, unsigned int n)
{
    __shared__ float partial[BLOCK];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * (2 * blockDim.x) + tid;
    float sum = (i < n) ? in[i] : 0.0f;
    if (i + blockDim.x < n)
        sum += in[i + blockDim.x];
    partial[tid] = sum;
    __syncthreads();
    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s)
            partial[tid] += partial[tid + s];
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = partial[0];
}

// Step 5. Last warp unrolled: once 64 partial sums are left one warp finishes them with
// register shuffles, without the five __syncthreads() rounds where most threads were idle.
// (The seed's volatile shared-memory version relies on implicit warp synchrony, which Volta's
// independent thread scheduling no longer guarantees; __shfl_down_sync is today's form.)
extern "C" __global__ void reduce_unrolled_warp(const float* in, float* out, unsigned int n)
{
    __shared__ float partial[BLOCK];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * (2 * blockDim.x) + tid;
    float sum = (i < n) ? in[i] : 0.0f;
    if (i + blockDim.x < n)
        sum += in[i + blockDim.x];
    partial[tid] = sum;
    __syncthreads();
    for (unsigned int s = blockDim.x / 2; s > WARP; s >>= 1) {
        if (tid < s)
            partial[tid] += partial[tid + s];
        __syncthreads();
    }
    if (tid < WARP) {
        sum = warp_sum(partial[tid] + partial[tid + WARP]);
        if (tid == 0)
            out[blockIdx.x] = sum;
    }
}

// Step 6. Algorithm cascading: a grid of one wave of blocks, each thread summing many elements
// in a grid-stride loop of 16-byte loads (sequential work in registers is cheaper than tree
// levels), then shuffles within each warp and one shared-memory exchange between warps.
// `in` must be 16-byte aligned (every cudaMalloc / CuPy allocation is).
extern "C" __global__ void reduce_cascaded(const float* __restrict__ in, float* __restrict__ out,
                                           unsigned int n)
{
    __shared__ float warp_sums[BLOCK / WARP];
    unsigned int tid = threadIdx.x;
    unsigned int lane = tid % WARP;
    unsigned int warp = tid / WARP;
    unsigned int stride = gridDim.x * blockDim.x;
    unsigned int quads = n / 4;
    const float4* in4 = (const float4*)in;
    float sum = 0.0f;
    unsigned int q = blockIdx.x * blockDim.x + tid;
    // Four independent 16-byte loads per round keep enough bytes in flight per SM to cover
    // DRAM latency; one load per round left the H100 at 87% of a device-to-device copy.
    for (; q + 3 * stride < quads; q += 4 * stride) {
        float4 a = in4[q];
        float4 b = in4[q + stride];
        float4 c = in4[q + 2 * stride];
        float4 d = in4[q + 3 * stride];
        sum += ((a.x + a.y) + (a.z + a.w)) + ((b.x + b.y) + (b.z + b.w))
             + ((c.x + c.y) + (c.z + c.w)) + ((d.x + d.y) + (d.z + d.w));
    }
    for (; q < quads; q += stride) {
        float4 v = in4[q];
        sum += (v.x + v.y) + (v.z + v.w);
    }
    for (unsigned int i = 4 * quads + blockIdx.x * blockDim.x + tid; i < n; i += stride)
        sum += in[i];
    sum = warp_sum(sum);
    if (lane == 0)
        warp_sums[warp] = sum;
    __syncthreads();
    if (warp == 0) {
        sum = warp_sum(tid < BLOCK / WARP ? warp_sums[lane] : 0.0f);
        if (tid == 0)
            out[blockIdx.x] = sum;
    }
}

#ifndef __CUDACC_RTC__
// Launch configurations; test_reduction.py launches the same kernels through CuPy with the same
// grids. Each launcher returns where the total ends up: `partials` holds every pass's output
// (n / BLOCK + n / BLOCK^2 + ... floats for steps 1-3).

typedef void (*ReduceKernel)(const float*, float*, unsigned int);

// Steps 1-5 finish by applying the same kernel to the partial sums until one is left.
static const float* reduce_partials(ReduceKernel kernel, unsigned int elements_per_block, float* partials,
                                    unsigned int n)
{
    while (n > 1) {
        unsigned int blocks = (n + elements_per_block - 1) / elements_per_block;
        kernel<<<blocks, BLOCK>>>(partials, partials + n, n);
        partials += n;
        n = blocks;
    }
    return partials;
}

const float* launch_reduce_interleaved_divergent(const float* in, float* partials, unsigned int n)
{
    unsigned int blocks = (n + BLOCK - 1) / BLOCK;
    reduce_interleaved_divergent<<<blocks, BLOCK>>>(in, partials, n);
    return reduce_partials(reduce_interleaved_divergent, BLOCK, partials, blocks);
}

const float* launch_reduce_interleaved_strided(const float* in, float* partials, unsigned int n)
{
    unsigned int blocks = (n + BLOCK - 1) / BLOCK;
    reduce_interleaved_strided<<<blocks, BLOCK>>>(in, partials, n);
    return reduce_partials(reduce_interleaved_strided, BLOCK, partials, blocks);
}

const float* launch_reduce_sequential(const float* in, float* partials, unsigned int n)
{
    unsigned int blocks = (n + BLOCK - 1) / BLOCK;
    reduce_sequential<<<blocks, BLOCK>>>(in, partials, n);
    return reduce_partials(reduce_sequential, BLOCK, partials, blocks);
}

const float* launch_reduce_first_add(const float* in, float* partials, unsigned int n)
{
    unsigned int blocks = (n + 2 * BLOCK - 1) / (2 * BLOCK);
    reduce_first_add<<<blocks, BLOCK>>>(in, partials, n);
    return reduce_partials(reduce_first_add, 2 * BLOCK, partials, blocks);
}

const float* launch_reduce_unrolled_warp(const float* in, float* partials, unsigned int n)
{
    unsigned int blocks = (n + 2 * BLOCK - 1) / (2 * BLOCK);
    reduce_unrolled_warp<<<blocks, BLOCK>>>(in, partials, n);
    return reduce_partials(reduce_unrolled_warp, 2 * BLOCK, partials, blocks);
}

// Step 6: at most one wave of blocks (8 resident blocks of 256 threads on each SM) with at least
// 8 elements per thread, then a single block for the partial sums (up to 8 * BLOCK of them).
const float* launch_reduce_cascaded(const float* in, float* partials, unsigned int n, unsigned int sm_count)
{
    unsigned int blocks = (n + 8 * BLOCK - 1) / (8 * BLOCK);
    if (blocks > 8 * sm_count)
        blocks = 8 * sm_count;
    reduce_cascaded<<<blocks, BLOCK>>>(in, partials, n);
    // One block is the right size for at most 8 * BLOCK partial sums: a few microseconds.
    reduce_cascaded<<<1, BLOCK>>>(partials, partials + blocks, blocks);
    return partials + blocks;
}
#endif
