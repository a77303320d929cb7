// Which neighbouring shared accesses nvcc 13 -O3 (sm_90) issues as one vector access.
__global__ void store_pair(const float* in, float* out) {
    __shared__ float s[512];
    int t = threadIdx.x;
    s[2 * t] = in[t];
    s[2 * t + 1] = in[t + 256];
    __syncthreads();
    out[t] = s[t];
}
__global__ void store_pair_reversed(const float* in, float* out) {
    __shared__ float s[512];
    int t = threadIdx.x;
    s[2 * t + 1] = in[t + 256];
    s[2 * t] = in[t];
    __syncthreads();
    out[t] = s[t];
}
__global__ void load_pair(const float* in, float* out) {
    __shared__ float s[512];
    int t = threadIdx.x;
    s[t] = in[t];
    s[t + 256] = in[t + 256];
    __syncthreads();
    float a = s[2 * t];
    float b = s[2 * t + 1];
    out[t] = a * b;
}
__global__ void load_pair_one_statement(const float* in, float* out) {
    __shared__ float s[512];
    int t = threadIdx.x;
    s[t] = in[t];
    s[t + 256] = in[t + 256];
    __syncthreads();
    out[t] = s[2 * t] - s[2 * t + 1];
}
extern __shared__ unsigned dyn[];
__global__ void dynamic_pair(const uint2* in, unsigned* out) {
    uint2 v = in[threadIdx.x];
    dyn[2 * threadIdx.x] = v.x & 0xF;
    dyn[2 * threadIdx.x + 1] = v.y & 0xF;
    __syncthreads();
    out[threadIdx.x] = dyn[threadIdx.x];
}
__global__ void odd_pair(const float* in, float* out) {
    __shared__ float s[1024];
    int t = threadIdx.x;
    s[2 * t + 1] = in[t];
    s[2 * t + 2] = in[t + 256];
    __syncthreads();
    out[t] = s[t];
}
__global__ void double_pair(const double* in, double* out) {
    __shared__ double s[512];
    int t = threadIdx.x;
    s[2 * t] = in[t];
    s[2 * t + 1] = in[t + 256];
    __syncthreads();
    out[t] = s[t];
}
__global__ void store_pair_with_read_between(const float* in, float* out) {
    __shared__ float s[1024];
    int t = threadIdx.x;
    s[2 * t] = in[t];
    s[2 * t + 1] = s[t + 700];
    __syncthreads();
    out[t] = s[t];
}

int main() {
    float *fi, *fo; double *di, *dout; uint2* ui; unsigned* uo;
    cudaMalloc(&fi, 4096); cudaMalloc(&fo, 4096); cudaMalloc(&di, 8192); cudaMalloc(&dout, 8192);
    cudaMalloc(&ui, 8192); cudaMalloc(&uo, 4096);
    store_pair<<<1, 256>>>(fi, fo);
    store_pair_reversed<<<1, 256>>>(fi, fo);
    load_pair<<<1, 256>>>(fi, fo);
    load_pair_one_statement<<<1, 256>>>(fi, fo);
    dynamic_pair<<<1, 256, 2048>>>(ui, uo);
    odd_pair<<<1, 256>>>(fi, fo);
    double_pair<<<1, 256>>>(di, dout);
    store_pair_with_read_between<<<1, 256>>>(fi, fo);
    return cudaDeviceSynchronize() != cudaSuccess;
}
