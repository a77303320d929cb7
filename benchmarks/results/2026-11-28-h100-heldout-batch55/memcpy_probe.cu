#include <cstring>
typedef unsigned char BYTE;
struct S { float a, b, c, d; };
__global__ void bytes(BYTE* out, int n) { BYTE st[16]; for (int i = 0; i < 16; ++i) st[i] = i * n; memcpy(out + (blockIdx.x * blockDim.x + threadIdx.x) * 16, st, 16); }
__global__ void floats(float* out, int n) { float st[4]; for (int i = 0; i < 4; ++i) st[i] = i * n; memcpy(out + (blockIdx.x * blockDim.x + threadIdx.x) * 4, st, 16); }
__global__ void float4s(float4* out, int n) { float4 v = make_float4(n, n, n, n); memcpy(out + (blockIdx.x * blockDim.x + threadIdx.x), &v, 16); }
__global__ void loadf(float* out, const float* in) { float v[4]; memcpy(v, in + (blockIdx.x * blockDim.x + threadIdx.x) * 4, 16); out[threadIdx.x] = v[0] + v[3]; }
__global__ void structs(S* out, const S* in) { S v; memcpy(&v, &in[blockIdx.x * blockDim.x + threadIdx.x], sizeof(S)); out[threadIdx.x] = v; }
__global__ void setb(BYTE* out) { memset(out + (blockIdx.x * blockDim.x + threadIdx.x) * 8, 0, 8); }
__global__ void setf(float* out) { memset(out + (blockIdx.x * blockDim.x + threadIdx.x) * 2, 0, 8); }
__global__ void varlen(BYTE* out, const BYTE* in, int n) { memcpy(out + threadIdx.x * n, in + threadIdx.x * n, n); }
