// What compute-sanitizer's synccheck says about a continue taken after a barrier, against one taken before
// it (tests/rules/test_barriers.py: kernel-lint reports the barrier under the condition in `matched`, and the
// two barriers after the continue in `unmatched`). Half the lanes of every warp read a zero and leave early.
#include <cstdio>

__global__ void matched(const float *x, float *out, int n)
{
    __shared__ float tile[64];
    float acc = 0.0f;
    for (int j = 0; j < n; ++j) {
        tile[threadIdx.x] = x[j * 64 + threadIdx.x];
        __syncthreads();
        float v = tile[(threadIdx.x + 1) % 64];
        if (v == 0.0f) {
            __syncthreads();
            continue;
        }
        acc += v;
        __syncthreads();
    }
    out[threadIdx.x] = acc;
}

__global__ void unmatched(const float *x, float *out, int n)
{
    __shared__ float tile[64];
    float acc = 0.0f;
    for (int j = 0; j < n; ++j) {
        tile[threadIdx.x] = x[j * 64 + threadIdx.x];
        __syncthreads();
        float v = tile[(threadIdx.x + 1) % 64];
        if (v == 0.0f) {
            continue;
        }
        acc += v;
        __syncthreads();
    }
    out[threadIdx.x] = acc;
}

int main(int argc, char **argv)
{
    const int n = 8;
    float host[n * 64];
    for (int i = 0; i < n * 64; ++i) host[i] = (i % 2) ? 1.0f : 0.0f;
    float *x, *out;
    cudaMalloc(&x, sizeof host);
    cudaMalloc(&out, 64 * sizeof(float));
    cudaMemcpy(x, host, sizeof host, cudaMemcpyHostToDevice);
    bool run_unmatched = argc > 1;
    if (run_unmatched) unmatched<<<1, 64>>>(x, out, n); else matched<<<1, 64>>>(x, out, n);
    cudaError_t err = cudaDeviceSynchronize();
    float result[64];
    cudaMemcpy(result, out, sizeof result, cudaMemcpyDeviceToHost);
    printf("%s: %s, out[0] = %g, out[1] = %g\n", run_unmatched ? "unmatched" : "matched", cudaGetErrorString(err),
           result[0], result[1]);
    return 0;
}
