// does nvcc merge an unrolled loop's 4 consecutive shared stores into STS.128?
__global__ void guarded_select(const float* B, float* out, int K, int N) {
    __shared__ float Bs[8][132];
    int tid = threadIdx.x, load_b_k = tid >> 5, load_b_col = (tid & 31) * 4;
#pragma unroll
    for (int i = 0; i < 4; ++i) {
        int gk = load_b_k, gc = blockIdx.x * 128 + load_b_col + i;
        Bs[load_b_k][load_b_col + i] = (gk < K && gc < N) ? B[(long long)gk * N + gc] : 0.0f;
    }
    __syncthreads();
    out[tid] = Bs[tid & 7][tid >> 3];
}
__global__ void uniform_select(const float* B, float* out, int K, int N) {
    __shared__ float Bs[8][132];
    int tid = threadIdx.x, load_b_k = tid >> 5, load_b_col = (tid & 31) * 4;
    bool in = load_b_k < K && blockIdx.x * 128 + load_b_col + 3 < N;
#pragma unroll
    for (int i = 0; i < 4; ++i)
        Bs[load_b_k][load_b_col + i] = in ? B[(long long)load_b_k * N + blockIdx.x * 128 + load_b_col + i] : 0.0f;
    __syncthreads();
    out[tid] = Bs[tid & 7][tid >> 3];
}
__global__ void plain(const float* B, float* out, int K, int N) {
    __shared__ float Bs[8][132];
    int tid = threadIdx.x, load_b_k = tid >> 5, load_b_col = (tid & 31) * 4;
#pragma unroll
    for (int i = 0; i < 4; ++i)
        Bs[load_b_k][load_b_col + i] = B[(long long)load_b_k * N + blockIdx.x * 128 + load_b_col + i];
    __syncthreads();
    out[tid] = Bs[tid & 7][tid >> 3];
}
__global__ void computed(const float* B, float* out, int K, int N) {
    __shared__ float Bs[8][132];
    int tid = threadIdx.x, load_b_k = tid >> 5, load_b_col = (tid & 31) * 4;
    float x = B[tid];
#pragma unroll
    for (int i = 0; i < 4; ++i)
        Bs[load_b_k][load_b_col + i] = x * (i + 1);
    __syncthreads();
    out[tid] = Bs[tid & 7][tid >> 3];
}
__global__ void loads(const float* B, float* out, int K, int N) {
    __shared__ float Bs[8][132];
    int tid = threadIdx.x;
    Bs[tid & 7][tid >> 3] = B[tid];
    __syncthreads();
    float r[4];
#pragma unroll
    for (int i = 0; i < 4; ++i) r[i] = Bs[tid >> 5][(tid & 31) * 4 + i];
    out[tid] = r[0] + r[1] * r[2] - r[3];
}
