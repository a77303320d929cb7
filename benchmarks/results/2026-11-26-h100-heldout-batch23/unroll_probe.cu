// Which shared loads nvcc (sm_90, -O3) merges into LDS.64/LDS.128 across an unrolled loop
__global__ void pragma32(const float* in, float* out) {
    __shared__ float rows[32][32];
    int tx = threadIdx.x, ty = threadIdx.y;
    rows[ty][tx] = in[ty * 32 + tx];
    __syncthreads();
    float sum = 0.0f;
#pragma unroll
    for (int k = 0; k < 32; ++k) sum += rows[ty][k];
    out[ty * 32 + tx] = sum;
}
__global__ void plain16(const float* in, float* out) {
    __shared__ float rows[32][32];
    int tx = threadIdx.x, ty = threadIdx.y;
    rows[ty][tx] = in[ty * 32 + tx];
    __syncthreads();
    float sum = 0.0f;
    for (int k = 0; k < 16; ++k) sum += rows[ty][k];
    out[ty * 32 + tx] = sum;
}
__global__ void plain8_outer(const float* in, float* out) {
    __shared__ float as[64][8];
    int tx = threadIdx.x, ty = threadIdx.y;
    as[ty * 2 + tx / 16][tx % 8] = in[ty * 32 + tx];
    __syncthreads();
    float acc[4] = {0, 0, 0, 0};
    for (int k = 0; k < 8; ++k)
        for (int i = 0; i < 4; ++i) acc[i] += as[(ty % 16) * 4 + i][k];
    out[ty * 32 + tx] = acc[0] + acc[1] + acc[2] + acc[3];
}
__global__ void pragma64(const float* in, float* out) {
    __shared__ float rows[8][64];
    int tx = threadIdx.x, ty = threadIdx.y;
    rows[ty % 8][tx] = in[ty * 32 + tx];
    rows[ty % 8][tx + 32] = in[ty * 32 + tx];
    __syncthreads();
    float sum = 0.0f;
#pragma unroll
    for (int k = 0; k < 64; ++k) sum += rows[ty % 8][k];
    out[ty * 32 + tx] = sum;
}
__global__ void pragma_runtime_outer(const float* in, float* out, int n) {
    __shared__ float as[64][16];
    int tx = threadIdx.x, ty = threadIdx.y;
    as[ty * 2 + tx / 16][tx % 16] = in[ty * 32 + tx];
    __syncthreads();
    float acc[4] = {0, 0, 0, 0};
    for (int r = 0; r < n; ++r) {
#pragma unroll
        for (int k = 0; k < 16; ++k) {
#pragma unroll
            for (int i = 0; i < 4; ++i) acc[i] += as[(ty % 16) * 4 + i][k];
        }
    }
    out[ty * 32 + tx] = acc[0] + acc[1] + acc[2] + acc[3];
}
