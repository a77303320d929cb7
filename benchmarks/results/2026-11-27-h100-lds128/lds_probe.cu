// How many shared wavefronts one LDS.128 (float4) or LDS.64 (float2) costs on sm_90 for lane patterns that tell
// quarter-warps from half-warps: ncu's l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum per
// smsp__sass_inst_executed_op_shared_ld.sum of each kernel (one 128-thread block, 64 loads a thread).
#include <cstdio>

__device__ float4 splat(float4, int i) { return make_float4(i, i, i, i); }
__device__ float2 splat(float2, int i) { return make_float2(i, i); }
__device__ float4 plus(float4 a, float4 b) { return make_float4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w); }
__device__ float2 plus(float2 a, float2 b) { return make_float2(a.x + b.x, a.y + b.y); }

#define PATTERN(name, expr)                                                          \
template <typename V>                                                                \
__global__ void name(V* out) {                                                       \
    __shared__ V s[1024];                                                            \
    for (int i = threadIdx.x; i < 1024; i += blockDim.x) s[i] = splat(V{}, i);       \
    __syncthreads();                                                                 \
    int lane = threadIdx.x % 32;                                                     \
    V acc = splat(V{}, 0);                                                           \
    _Pragma("unroll 1")                                                              \
    for (int k = 0; k < 64; ++k) {                                                   \
        acc = plus(acc, s[((expr) + k * 0) & 1023]);                                 \
        __syncwarp();                                                                \
    }                                                                                \
    out[blockIdx.x * blockDim.x + threadIdx.x] = acc;                                \
}
// every lane the same element
PATTERN(all_same, lane * 0)
// lanes 0-15 one element, 16-31 another 32 elements on: the same banks
PATTERN(halves_same_banks, (lane / 16) * 32)
// lanes 0-15 one element, 16-31 the next: other banks
PATTERN(halves_other_banks, lane / 16)
// quarters A B A B, A and B in other banks
PATTERN(quarters_abab, (lane / 8) % 2)
// quarters A B C D, each in other banks
PATTERN(quarters_abcd, lane / 8)
// quarters A B C D, all in the same banks (32 elements apart)
PATTERN(quarters_abcd_same_banks, (lane / 8) * 32)
// pairs of lanes share an address: 16 distinct consecutive addresses
PATTERN(pairs, lane / 2)
// 32 distinct consecutive addresses
PATTERN(consecutive, lane)
// lanes i and i + 8 share an address: 8 distinct consecutive addresses, repeated per quarter
PATTERN(quarter_repeat, lane % 8)
// lanes two elements apart
PATTERN(stride2, lane * 2)

int main() {
    float4* out4;
    float2* out2;
    cudaMalloc(&out4, 128 * sizeof(float4));
    cudaMalloc(&out2, 128 * sizeof(float2));
    all_same<<<1, 128>>>(out4);
    all_same<<<1, 128>>>(out2);
    halves_same_banks<<<1, 128>>>(out4);
    halves_same_banks<<<1, 128>>>(out2);
    halves_other_banks<<<1, 128>>>(out4);
    halves_other_banks<<<1, 128>>>(out2);
    quarters_abab<<<1, 128>>>(out4);
    quarters_abab<<<1, 128>>>(out2);
    quarters_abcd<<<1, 128>>>(out4);
    quarters_abcd<<<1, 128>>>(out2);
    quarters_abcd_same_banks<<<1, 128>>>(out4);
    quarters_abcd_same_banks<<<1, 128>>>(out2);
    pairs<<<1, 128>>>(out4);
    pairs<<<1, 128>>>(out2);
    consecutive<<<1, 128>>>(out4);
    consecutive<<<1, 128>>>(out2);
    quarter_repeat<<<1, 128>>>(out4);
    quarter_repeat<<<1, 128>>>(out2);
    stride2<<<1, 128>>>(out4);
    stride2<<<1, 128>>>(out2);
    cudaDeviceSynchronize();
    printf("%s\n", cudaGetErrorString(cudaGetLastError()));
    return 0;
}
