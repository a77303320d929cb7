"""kernel_lint's occupancy prediction against the CUDA runtime on a real GPU.

    python3 benchmarks/occupancy_vs_cuda.py --out DIR [--arch native]

Compiles kernels with different register counts and static shared memory with nvcc, asks the runtime
(cudaFuncGetAttributes + cudaOccupancyMaxActiveBlocksPerMultiprocessor) for the active blocks per SM
over block sizes and dynamic shared-memory sizes, and compares with kernel_lint.analyses.occupancy
for the GPU the runtime names. Writes DIR/occupancy_vs_cuda.md and .json; exits 1 on any mismatch,
2 when nvcc, a GPU or the GPU's database entry is missing.
"""
from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import List, Optional, Tuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kernel_lint.analyses.occupancy import occupancy  # noqa: E402
from kernel_lint.gpus import GpuSpec, lookup_by_device_name, resolve_gpu  # noqa: E402

BLOCK_SIZES = (32, 64, 96, 128, 160, 192, 256, 320, 384, 512, 640, 768, 896, 1024)
DYNAMIC_BYTES = (0, 1000, 8192, 20000, 32768, 49152, 65536, 100000, 150000, 200000, 226000)

PROGRAM = r"""
#include <cstdio>
#include <cuda_runtime.h>

// N live accumulators per thread: more N, more registers.
template <int N>
__global__ void accumulate(float* data, int steps) {
    float acc[N];
#pragma unroll
    for (int i = 0; i < N; ++i) acc[i] = data[i * blockDim.x + threadIdx.x];
    for (int s = 0; s < steps; ++s) {
#pragma unroll
        for (int i = 0; i < N; ++i) acc[i] = acc[i] * acc[(i + 1) % N] + 1.0f;
    }
    float sum = 0.0f;
#pragma unroll
    for (int i = 0; i < N; ++i) sum += acc[i];
    data[threadIdx.x] = sum;
}

template <int BYTES>
__global__ void staged(float* data) {
    __shared__ float tile[BYTES / 4];
    tile[threadIdx.x % (BYTES / 4)] = data[threadIdx.x];
    __syncthreads();
    data[threadIdx.x] = tile[(threadIdx.x + 1) % (BYTES / 4)];
}

__global__ void __launch_bounds__(256, 4) bounded(float* data, int steps) {
    float a = data[threadIdx.x], b = a * 2.0f;
    for (int s = 0; s < steps; ++s) { a = a * b + 1.0f; b = b * a - 1.0f; }
    data[threadIdx.x] = a + b;
}

__global__ void dynamic_only(float* data) {
    extern __shared__ float buffer[];
    buffer[threadIdx.x] = data[threadIdx.x];
    __syncthreads();
    data[threadIdx.x] = buffer[blockDim.x - 1 - threadIdx.x];
}

static const int kBlocks[] = {@BLOCKS@};
static const long kDynamic[] = {@DYNAMIC@};

template <typename Kernel>
static void report(const char* name, Kernel kernel, long optin) {
    cudaFuncAttributes attr;
    if (cudaFuncGetAttributes(&attr, kernel) != cudaSuccess) { std::printf("error %s attributes\n", name); return; }
    long room = optin - (long)attr.sharedSizeBytes;
    cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)room);
    for (int block : kBlocks) {
        if (block > attr.maxThreadsPerBlock) continue;
        for (long dynamic : kDynamic) {
            if (dynamic > room) continue;
            int active = -1;
            cudaError_t status = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&active, kernel, block, (size_t)dynamic);
            std::printf("row %s %d %zu %d %ld %d\n", name, attr.numRegs, attr.sharedSizeBytes, block, dynamic,
                        status == cudaSuccess ? active : -1);
        }
    }
}

int main() {
    cudaDeviceProp prop;
    if (cudaGetDeviceProperties(&prop, 0) != cudaSuccess) { std::printf("error no GPU\n"); return 2; }
    std::printf("device %s\n", prop.name);
    std::printf("limits %d %d %zu %zu %zu\n", prop.major, prop.minor, prop.sharedMemPerMultiprocessor,
                prop.sharedMemPerBlockOptin, prop.reservedSharedMemPerBlock);
    long optin = (long)prop.sharedMemPerBlockOptin;
    report("accumulate<4>", accumulate<4>, optin);
    report("accumulate<24>", accumulate<24>, optin);
    report("accumulate<48>", accumulate<48>, optin);
    report("accumulate<96>", accumulate<96>, optin);
    report("accumulate<160>", accumulate<160>, optin);
    report("staged<4096>", staged<4096>, optin);
    report("staged<16384>", staged<16384>, optin);
    report("staged<40960>", staged<40960>, optin);
    report("bounded", bounded, optin);
    report("dynamic_only", dynamic_only, optin);
    return 0;
}
"""


@dataclass(frozen=True)
class Row:
    kernel: str
    registers: int
    static_bytes: int
    threads: int
    dynamic_bytes: int
    runtime_blocks: int
    predicted_blocks: int
    limited_by: str

    @property
    def matches(self) -> bool:
        return self.runtime_blocks == self.predicted_blocks


def program_source() -> str:
    return (PROGRAM.replace("@BLOCKS@", ", ".join(map(str, BLOCK_SIZES)))
            .replace("@DYNAMIC@", ", ".join(map(str, DYNAMIC_BYTES))))


def build_and_run(out: Path, arch: str) -> str:
    source = out / "occupancy_query.cu"
    binary = out / "occupancy_query"
    source.write_text(program_source())
    subprocess.run(["nvcc", "-O3", f"-arch={arch}", str(source), "-o", str(binary)], check=True,
                   capture_output=True, text=True)
    return subprocess.run([str(binary)], capture_output=True, text=True, check=True).stdout


def parse_rows(output: str, gpu: GpuSpec) -> List[Row]:
    rows = []
    for line in output.splitlines():
        parts = line.split()
        if not parts or parts[0] != "row":
            continue
        name, regs, static, threads, dynamic, active = parts[1], *map(int, parts[2:])
        predicted = occupancy(gpu, threads, regs, static + dynamic)
        rows.append(Row(name, regs, static, threads, dynamic, active, predicted.active_blocks_per_sm,
                        "+".join(predicted.limited_by)))
    return rows


def device_of(output: str) -> Tuple[Optional[str], Optional[str]]:
    device = next((line[len("device "):] for line in output.splitlines() if line.startswith("device ")), None)
    limits = next((line[len("limits "):] for line in output.splitlines() if line.startswith("limits ")), None)
    return device, limits


def write_report(out: Path, gpu: GpuSpec, device: str, limits: str, rows: List[Row]) -> None:
    mismatches = [r for r in rows if not r.matches]
    lines = [
        f"# kernel_lint occupancy vs cudaOccupancyMaxActiveBlocksPerMultiprocessor on {device}",
        "",
        f"Database entry: {gpu.key} ({gpu.name}, cc {gpu.compute_capability}). Runtime limits "
        f"(major minor smem/SM optin reserved): {limits}.",
        f"{len(rows)} configurations, {len(rows) - len(mismatches)} match, {len(mismatches)} differ.",
        "",
        "| kernel | regs | static smem | threads | dynamic smem | runtime blocks/SM | kernel_lint | limited by |",
        "|---|---:|---:|---:|---:|---:|---:|---|",
    ]
    lines += [f"| {r.kernel} | {r.registers} | {r.static_bytes} | {r.threads} | {r.dynamic_bytes} | "
              f"{r.runtime_blocks} | {r.predicted_blocks}{'' if r.matches else ' **DIFFERS**'} | {r.limited_by} |"
              for r in rows]
    (out / "occupancy_vs_cuda.md").write_text("\n".join(lines) + "\n")
    (out / "occupancy_vs_cuda.json").write_text(json.dumps(
        {"device": device, "gpu": gpu.key, "limits": limits, "rows": [asdict(r) for r in rows]}, indent=2))


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True, help="folder for the Markdown and JSON tables")
    parser.add_argument("--arch", default="native", help="nvcc -arch value (default: native)")
    parser.add_argument("--gpu", help="database name to compare with (default: from the device name)")
    args = parser.parse_args(argv)
    if shutil.which("nvcc") is None:
        print("error: nvcc is not on PATH", file=sys.stderr)
        return 2
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    try:
        output = build_and_run(out, args.arch)
    except subprocess.CalledProcessError as error:
        print(f"error: {' '.join(map(str, error.cmd))} failed (exit {error.returncode}): {error.stdout or ''}"
              f"{error.stderr or ''}", file=sys.stderr)
        return 2
    device, limits = device_of(output)
    gpu = resolve_gpu(args.gpu) if args.gpu else lookup_by_device_name(device or "")
    if device is None or gpu is None:
        print(f"error: no database entry for device {device!r}; pass --gpu NAME", file=sys.stderr)
        return 2
    rows = parse_rows(output, gpu)
    write_report(out, gpu, device, limits or "", rows)
    mismatches = sum(not r.matches for r in rows)
    print(f"{device} -> {gpu.key}: {len(rows)} configurations, {mismatches} differ; table in "
          f"{out / 'occupancy_vs_cuda.md'}")
    return 1 if mismatches or not rows else 0


if __name__ == "__main__":
    sys.exit(main())
