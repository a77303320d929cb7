// Which shared loads nvcc 13 (sm_90, -O3) issues as LDS.64/LDS.128 when the loop around them steps one
// element per iteration and is not unrolled by `#pragma unroll`: the trip count and the loop body's size
// decide whether NVVM unrolls the loop whole (straight-line PTX) or leaves it rolled for ptxas.
template <int BK>
__global__ void outer_dot_inner_i(const float* in, float* out) {
    // DengYiping's async matmul shape: for (dot < BK) for (i < 8) reg[i] = s[(row * 8 + i) * BK + dot]
    __shared__ float s[64 * BK];
    for (int t = threadIdx.x; t < 64 * BK; t += blockDim.x) s[t] = in[t];
    __syncthreads();
    int row = threadIdx.x / 16;
    float reg[8], acc[8][4] = {};
    for (int dot = 0; dot < BK; ++dot) {
        for (int i = 0; i < 8; ++i) reg[i] = s[(row * 8 + i) * BK + dot];
        for (int i = 0; i < 8; ++i)
            for (int j = 0; j < 4; ++j) acc[i][j] += reg[i] * in[j];
    }
    float total = 0.0f;
    for (int i = 0; i < 8; ++i)
        for (int j = 0; j < 4; ++j) total += acc[i][j];
    out[threadIdx.x] = total;
}
template <int N>
__global__ void row_sum(const float* in, float* out) {
    // one load per iteration, the row a lane's own: sum += s[tx][k]
    __shared__ float s[32][N];
    for (int t = threadIdx.x; t < 32 * N; t += blockDim.x) s[t / N][t % N] = in[t];
    __syncthreads();
    float sum = 0.0f;
    for (int k = 0; k < N; ++k) sum += s[threadIdx.x % 32][k];
    out[threadIdx.x] = sum;
}
template <int N>
__global__ void row_sum_fma(const float* in, float* out) {
    // the classic tiled product's inner loop: sum += a[ty][k] * b[k][tx]
    __shared__ float a[32][N], b[N][32];
    for (int t = threadIdx.x; t < 32 * N; t += blockDim.x) { a[t / N][t % N] = in[t]; b[t / 32][t % 32] = in[t + 7]; }
    __syncthreads();
    float sum = 0.0f;
    for (int k = 0; k < N; ++k) sum += a[threadIdx.x % 32][k] * b[k][threadIdx.x % 32];
    out[threadIdx.x] = sum;
}
template __global__ void outer_dot_inner_i<8>(const float*, float*);
template __global__ void outer_dot_inner_i<16>(const float*, float*);
template __global__ void outer_dot_inner_i<32>(const float*, float*);
template __global__ void outer_dot_inner_i<64>(const float*, float*);
template __global__ void outer_dot_inner_i<128>(const float*, float*);
template __global__ void row_sum<8>(const float*, float*);
template __global__ void row_sum<16>(const float*, float*);
template __global__ void row_sum<32>(const float*, float*);
template __global__ void row_sum<64>(const float*, float*);
template __global__ void row_sum<128>(const float*, float*);
template __global__ void row_sum_fma<8>(const float*, float*);
template __global__ void row_sum_fma<16>(const float*, float*);
template __global__ void row_sum_fma<32>(const float*, float*);
template __global__ void row_sum_fma<64>(const float*, float*);
template __global__ void row_sum_fma<128>(const float*, float*);
