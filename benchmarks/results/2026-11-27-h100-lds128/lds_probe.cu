// How many shared wavefronts one LDS.128 or LDS.64 costs on sm_90 for lane patterns that tell quarter-warp phases
// from half-warp phases: ncu's l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum per
// smsp__sass_inst_executed_op_shared_ld.sum of each kernel (one 128-thread block, 64 loads a thread).
#include <cstdio>
#define PATTERN(name, expr)                                                          \
__global__ void name(float4* out) {                                                  \
    __shared__ float4 s[1024];                                                       \
    for (int i = threadIdx.x; i < 1024; i += blockDim.x) s[i] = make_float4(i, i, i, i); \
    __syncthreads();                                                                 \
    int lane = threadIdx.x % 32;                                                     \
    float4 acc = make_float4(0, 0, 0, 0);                                            \
    _Pragma("unroll 1")                                                              \
    for (int k = 0; k < 64; ++k) {                                                   \
        float4 v = s[((expr) + k * 0) & 1023];                                       \
        acc.x += v.x; acc.y += v.y; acc.z += v.z; acc.w += v.w;                      \
        __syncwarp();                                                                \
    }                                                                                \
    out[blockIdx.x * blockDim.x + threadIdx.x] = acc;                                \
}
// every lane the same 16 bytes
PATTERN(all_same, lane * 0)
// lanes 0-15 one address, 16-31 another 512 bytes on: the same banks
PATTERN(halves_same_banks, (lane / 16) * 32)
// lanes 0-15 one address, 16-31 the next 16 bytes: other banks
PATTERN(halves_other_banks, lane / 16)
// quarters A B A B, A and B in other banks
PATTERN(quarters_abab, (lane / 8) % 2)
// quarters A B C D, each in other banks
PATTERN(quarters_abcd, lane / 8)
// quarters A B C D, all in the same banks (512 bytes apart)
PATTERN(quarters_abcd_same_banks, (lane / 8) * 32)
// pairs of lanes share an address: 16 distinct consecutive addresses
PATTERN(pairs, lane / 2)
// 32 distinct consecutive addresses
PATTERN(consecutive, lane)
// lanes i and i + 8 share an address: 8 distinct consecutive addresses, repeated per quarter
PATTERN(quarter_repeat, lane % 8)
// 32 lanes 32 bytes apart (stride 2 float4): a 2-way conflict in 16-byte terms
PATTERN(stride2, lane * 2)

// the same lane patterns with 8-byte elements (LDS.64)
#define PATTERN64(name, expr)                                                          \
__global__ void name(float2* out) {                                                  \
    __shared__ float2 s[1024];                                                       \
    for (int i = threadIdx.x; i < 1024; i += blockDim.x) s[i] = make_float2(i, i); \
    __syncthreads();                                                                 \
    int lane = threadIdx.x % 32;                                                     \
    float2 acc = make_float2(0, 0);                                            \
    _Pragma("unroll 1")                                                              \
    for (int k = 0; k < 64; ++k) {                                                   \
        float2 v = s[((expr) + k * 0) & 1023];                                       \
        acc.x += v.x; acc.y += v.y;                                                    \
        __syncwarp();                                                                \
    }                                                                                \
    out[blockIdx.x * blockDim.x + threadIdx.x] = acc;                                \
}
// every lane the same 16 bytes
PATTERN64(all_same_64, lane * 0)
// lanes 0-15 one address, 16-31 another 512 bytes on: the same banks
PATTERN64(halves_same_banks_64, (lane / 16) * 32)
// lanes 0-15 one address, 16-31 the next 16 bytes: other banks
PATTERN64(halves_other_banks_64, lane / 16)
// quarters A B A B, A and B in other banks
PATTERN64(quarters_abab_64, (lane / 8) % 2)
// quarters A B C D, each in other banks
PATTERN64(quarters_abcd_64, lane / 8)
// quarters A B C D, all in the same banks (512 bytes apart)
PATTERN64(quarters_abcd_same_banks_64, (lane / 8) * 32)
// pairs of lanes share an address: 16 distinct consecutive addresses
PATTERN64(pairs_64, lane / 2)
// 32 distinct consecutive addresses
PATTERN64(consecutive_64, lane)
// lanes i and i + 8 share an address: 8 distinct consecutive addresses, repeated per quarter
PATTERN64(quarter_repeat_64, lane % 8)
// 32 lanes 32 bytes apart (stride 2 float2): a 2-way conflict in 16-byte terms
PATTERN64(stride2_64, lane * 2)


int main() {
    float4* out;
    float2* out2;
    cudaMalloc(&out, 128 * sizeof(float4));
    cudaMalloc(&out2, 128 * sizeof(float2));
    all_same<<<1, 128>>>(out); halves_same_banks<<<1, 128>>>(out); halves_other_banks<<<1, 128>>>(out); quarters_abab<<<1, 128>>>(out); quarters_abcd<<<1, 128>>>(out); quarters_abcd_same_banks<<<1, 128>>>(out); pairs<<<1, 128>>>(out); consecutive<<<1, 128>>>(out); quarter_repeat<<<1, 128>>>(out); stride2<<<1, 128>>>(out);
    all_same_64<<<1, 128>>>(out2); halves_same_banks_64<<<1, 128>>>(out2); halves_other_banks_64<<<1, 128>>>(out2); quarters_abab_64<<<1, 128>>>(out2); quarters_abcd_64<<<1, 128>>>(out2); quarters_abcd_same_banks_64<<<1, 128>>>(out2); pairs_64<<<1, 128>>>(out2); consecutive_64<<<1, 128>>>(out2); quarter_repeat_64<<<1, 128>>>(out2); stride2_64<<<1, 128>>>(out2);
    cudaDeviceSynchronize();
    printf("%s\n", cudaGetErrorString(cudaGetLastError()));
    return 0;
}
