// Runs NVIDIA's cuda_occupancy.h on the host (g++) as the oracle for kernel_lint's occupancy model.
// stdin: one line of device properties
//   major minor maxThreadsPerBlock maxThreadsPerSM regsPerBlock regsPerSM warpSize
//   sharedMemPerBlock sharedMemPerSM numSms sharedMemPerBlockOptin reservedSharedMemPerBlock
// then one query per line: threads registers sharedBytes carveoutPercent (-1 = no preference).
// stdout: one line per query: activeBlocksPerSM limitingFactorsBitmask (or "error CODE").
// The function attributes are what the runtime derives from a compiled kernel: opted in to the
// larger per-block shared memory limit, one block barrier, all shared memory passed as dynamic.
#include <cstdio>
#include <cuda_occupancy.h>

int main() {
    cudaOccDeviceProp prop;
    long long smemPerBlock, smemPerSm, smemOptin, reserved;
    if (std::scanf("%d %d %d %d %d %d %d %lld %lld %d %lld %lld", &prop.computeMajor, &prop.computeMinor,
                   &prop.maxThreadsPerBlock, &prop.maxThreadsPerMultiprocessor, &prop.regsPerBlock,
                   &prop.regsPerMultiprocessor, &prop.warpSize, &smemPerBlock, &smemPerSm, &prop.numSms,
                   &smemOptin, &reserved) != 12) {
        std::fprintf(stderr, "bad device line\n");
        return 2;
    }
    prop.sharedMemPerBlock = (size_t)smemPerBlock;
    prop.sharedMemPerMultiprocessor = (size_t)smemPerSm;
    prop.sharedMemPerBlockOptin = (size_t)smemOptin;
    prop.reservedSharedMemPerBlock = (size_t)reserved;

    int threads, regs, carveout;
    long long smem;
    while (std::scanf("%d %d %lld %d", &threads, &regs, &smem, &carveout) == 4) {
        cudaOccFuncAttributes attr;
        attr.maxThreadsPerBlock = 1024;
        attr.numRegs = regs;
        attr.sharedSizeBytes = 0;
        attr.shmemLimitConfig = FUNC_SHMEM_LIMIT_OPTIN;
        attr.maxDynamicSharedSizeBytes = prop.sharedMemPerBlockOptin;
        attr.numBlockBarriers = 1;
        cudaOccDeviceState state;
        state.carveoutConfig = carveout;
        cudaOccResult result;
        cudaOccError status = cudaOccMaxActiveBlocksPerMultiprocessor(&result, &prop, &attr, &state, threads, (size_t)smem);
        if (status != CUDA_OCC_SUCCESS) {
            std::printf("error %d\n", (int)status);
        } else {
            std::printf("%d %u\n", result.activeBlocksPerMultiprocessor, result.limitingFactors);
        }
    }
    return 0;
}
