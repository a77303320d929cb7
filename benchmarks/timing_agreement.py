#!/usr/bin/env python3
"""Does the gpuperf fixture's median agree with ncu and triton's do_bench? Is it repeatable?

One shot, on a GPU machine with CuPy, triton (+ torch) and Nsight Compute:

    python3 benchmarks/timing_agreement.py --out DIR

For each self-contained kernel (vector add, copy, naive and tiled transpose, reduction)
it measures the cold median with the plugin's own loop (L2 flushed, CUDA events), with
triton.testing.do_bench (which also flushes L2), and with ncu's gpu__time_duration
(--cache-control all, clocks left alone), then repeats the plugin's measurement to get
its run-to-run spread. Writes DIR/timing_agreement.md and .json; exits 1 when a check
fails (agreement beyond --tolerance, spread beyond --spread) and 2 when a tool is missing
that was not switched off with --no-ncu / --no-triton.

Kernels shorter than --gate-us are reported but not gated: a ~1-2 us event/launch floor
is already more than 5% of them.
"""
from __future__ import annotations

import argparse
import csv
import io
import json
import shutil
import statistics
import subprocess
import sys
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Callable, Dict, List, Optional, Tuple

SOURCE = r"""
extern "C" __global__ void vector_add(const float* a, const float* b, float* c, long long n) {
    long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}
extern "C" __global__ void copy(const float* a, float* b, long long n) {
    long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
    if (i < n) b[i] = a[i];
}
extern "C" __global__ void transpose_naive(const float* in, float* out, int rows, int cols) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < cols && y < rows) out[(long long)x * rows + y] = in[(long long)y * cols + x];
}
extern "C" __global__ void transpose_tiled(const float* in, float* out, int rows, int cols) {
    __shared__ float tile[32][33];
    int x = blockIdx.x * 32 + threadIdx.x;
    int y = blockIdx.y * 32 + threadIdx.y;
    for (int j = 0; j < 32; j += 8)
        if (x < cols && y + j < rows) tile[threadIdx.y + j][threadIdx.x] = in[(long long)(y + j) * cols + x];
    __syncthreads();
    x = blockIdx.y * 32 + threadIdx.x;
    y = blockIdx.x * 32 + threadIdx.y;
    for (int j = 0; j < 32; j += 8)
        if (x < rows && y + j < cols) out[(long long)(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
}
extern "C" __global__ void reduce_sum(const float* in, float* out, long long n) {
    __shared__ float partial[256];
    float sum = 0.0f;
    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
         i += (long long)gridDim.x * blockDim.x)
        sum += in[i];
    partial[threadIdx.x] = sum;
    __syncthreads();
    for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
        if (threadIdx.x < stride) partial[threadIdx.x] += partial[threadIdx.x + stride];
        __syncthreads();
    }
    if (threadIdx.x == 0) atomicAdd(out, partial[0]);
}
"""

KERNEL_NAMES = ("vector_add", "copy", "transpose_naive", "transpose_tiled", "reduce_sum")


@dataclass(frozen=True)
class Case:
    label: str
    kernel: str
    size: int  # elements (or rows = cols for transposes)
    bytes_moved: float


def cases() -> List[Case]:
    big, small, side = 1 << 26, 1 << 20, 8192
    return [
        Case("vector_add 64M", "vector_add", big, 12.0 * big),
        Case("vector_add 1M", "vector_add", small, 12.0 * small),
        Case("copy 64M", "copy", big, 8.0 * big),
        Case("transpose_naive 8192^2", "transpose_naive", side, 8.0 * side * side),
        Case("transpose_tiled 8192^2", "transpose_tiled", side, 8.0 * side * side),
        Case("reduce_sum 64M", "reduce_sum", big, 4.0 * big),
    ]


def build_launch(case: Case) -> Tuple[Callable[[], None], Callable]:
    """(launch on the current CuPy stream, kernel + grid/block/args for the plugin)."""
    import cupy

    module = cupy.RawModule(code=SOURCE)
    kernel = module.get_function(case.kernel)
    n = case.size
    if case.kernel.startswith("transpose"):
        a = cupy.random.random((n, n), dtype=cupy.float32)
        b = cupy.empty_like(a)
        block = (32, 32) if case.kernel == "transpose_naive" else (32, 8)
        grid = ((n + 31) // 32, (n + 31) // 32)
        args = (a, b, cupy.int32(n), cupy.int32(n))
    elif case.kernel == "reduce_sum":
        a = cupy.random.random(n, dtype=cupy.float32)
        out = cupy.zeros(1, dtype=cupy.float32)
        block, grid = (256,), (cupy.cuda.Device().attributes["MultiProcessorCount"] * 8,)
        args = (a, out, cupy.int64(n))
    else:
        a = cupy.random.random(n, dtype=cupy.float32)
        b = cupy.random.random(n, dtype=cupy.float32)
        c = cupy.empty_like(a)
        block, grid = (256,), ((n + 255) // 256,)
        args = (a, b, c, cupy.int64(n)) if case.kernel == "vector_add" else (a, b, cupy.int64(n))

    def launch() -> None:
        kernel(grid, block, args)

    return launch, (kernel, grid, block, args)


def plugin_median_ms(case: Case, min_time_s: float) -> Tuple[float, int, float]:
    """Median, sample count and noise of one cold measurement with the plugin's loop."""
    from pytest_gpuperf import stats
    from pytest_gpuperf.backends.cupy import CupyBackend
    from pytest_gpuperf.fixture import build_result, measure

    backend = CupyBackend()
    device = backend.device_info()
    _, (kernel, grid, block, args) = build_launch(case)
    stream = backend.new_stream()
    rule = stats.StopRule(min_time_s=min_time_s, max_time_s=max(10.0, min_time_s))
    measurement = measure(backend, backend.launcher(kernel, grid, block, args, 0), stream, "cold", rule,
                          backend.clock_reader(device))
    result = build_result(case.label, "agreement", "cold", measurement, 0.1, case.bytes_moved, None, device)
    return result.median_ms, result.count, result.relative_noise or 0.0


def triton_median_ms(case: Case) -> float:
    import triton.testing

    launch, _ = build_launch(case)
    return float(triton.testing.do_bench(launch, warmup=25, rep=200, return_mode="median"))


_UNIT_TO_MS = {"nsecond": 1e-6, "ns": 1e-6, "usecond": 1e-3, "us": 1e-3, "msecond": 1.0, "ms": 1.0,
               "second": 1e3, "s": 1e3}


def parse_ncu_csv(text: str, kernel: str) -> List[float]:
    """gpu__time_duration values (ms) of rows whose kernel name starts with `kernel`."""
    rows = [line for line in text.splitlines() if line.startswith('"')]
    values = []
    for row in csv.DictReader(io.StringIO("\n".join(rows))):
        if row.get("Metric Name", "").startswith("gpu__time_duration") and \
                row.get("Kernel Name", "").startswith(kernel):
            unit = row.get("Metric Unit", "nsecond")
            values.append(float(row["Metric Value"].replace(",", "")) * _UNIT_TO_MS[unit])
    return values


def ncu_median_ms(case: Case, ncu: str, clock_control: str, launches: int) -> float:
    command = [ncu, "--metrics", "gpu__time_duration.sum", "--csv", "--cache-control", "all",
               "--clock-control", clock_control, "--kernel-name", case.kernel,
               sys.executable, __file__, "--ncu-child", case.label, "--launches", str(launches)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=600)
    values = parse_ncu_csv(done.stdout, case.kernel)
    if done.returncode != 0 or not values:
        raise RuntimeError(f"ncu failed (exit {done.returncode}): {(done.stderr or done.stdout)[-800:]}")
    return statistics.median(values)


def ncu_child(label: str, launches: int) -> None:
    import cupy

    case = next(c for c in cases() if c.label == label)
    launch, _ = build_launch(case)
    for _ in range(launches):
        launch()
    cupy.cuda.runtime.deviceSynchronize()


@dataclass(frozen=True)
class Row:
    case: str
    gpuperf_ms: float
    samples: int
    noise_percent: float
    triton_ms: Optional[float]
    ncu_ms: Optional[float]
    triton_diff_percent: Optional[float]
    ncu_diff_percent: Optional[float]
    repeat_medians_ms: Tuple[float, ...]
    spread_percent: float
    gated: bool
    ok: bool


def percent_diff(value: Optional[float], reference: float) -> Optional[float]:
    return None if value is None else 100.0 * (reference - value) / value


def measure_case(case: Case, args: argparse.Namespace, ncu: Optional[str]) -> Row:
    medians = []
    count, noise = 0, 0.0
    for _ in range(args.repeats):
        median, count, noise = plugin_median_ms(case, args.min_time)
        medians.append(median)
    ours = statistics.median(medians)
    spread = 100.0 * (max(medians) - min(medians)) / ours
    triton_ms = None if args.no_triton else triton_median_ms(case)
    ncu_ms = None if ncu is None else ncu_median_ms(case, ncu, args.ncu_clock_control, args.ncu_launches)
    diffs = [d for d in (percent_diff(triton_ms, ours), percent_diff(ncu_ms, ours)) if d is not None]
    gated = ours * 1000.0 >= args.gate_us
    ok = (not gated) or (all(abs(d) <= args.tolerance for d in diffs) and spread <= args.spread)
    return Row(case.label, ours, count, 100.0 * noise, triton_ms, ncu_ms, percent_diff(triton_ms, ours),
               percent_diff(ncu_ms, ours), tuple(medians), spread, gated, ok)


def _cell(value: Optional[float], fmt: str) -> str:
    return "n/a" if value is None else format(value, fmt)


def markdown(rows: List[Row], device: str, args: argparse.Namespace) -> str:
    lines = [f"# gpuperf timing agreement on {device}", "",
             f"Cold medians (ms). Tolerance {args.tolerance}% vs triton/ncu, repeat spread <= {args.spread}% "
             f"over {args.repeats} runs; kernels under {args.gate_us} us are not gated.", "",
             "| kernel | gpuperf | n | noise % | triton | diff % | ncu | diff % | spread % | verdict |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        verdict = ("ok" if r.ok else "FAIL") if r.gated else "info (too short to gate)"
        lines.append(f"| {r.case} | {r.gpuperf_ms:.4f} | {r.samples} | {r.noise_percent:.2f} | "
                     f"{_cell(r.triton_ms, '.4f')} | {_cell(r.triton_diff_percent, '+.2f')} | "
                     f"{_cell(r.ncu_ms, '.4f')} | {_cell(r.ncu_diff_percent, '+.2f')} | "
                     f"{r.spread_percent:.2f} | {verdict} |")
    return "\n".join(lines) + "\n"


def parse_args(argv: Optional[List[str]] = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help="directory for timing_agreement.md/.json")
    parser.add_argument("--repeats", type=int, default=5, help="plugin measurements per kernel (default 5)")
    parser.add_argument("--min-time", type=float, default=0.5, help="plugin min time per measurement (s)")
    parser.add_argument("--tolerance", type=float, default=5.0, help="allowed difference in percent (5)")
    parser.add_argument("--spread", type=float, default=2.0, help="allowed repeat spread in percent (2)")
    parser.add_argument("--gate-us", type=float, default=20.0, help="gate kernels at least this long (us)")
    parser.add_argument("--no-ncu", action="store_true", help="skip the Nsight Compute comparison")
    parser.add_argument("--no-triton", action="store_true", help="skip the triton do_bench comparison")
    parser.add_argument("--ncu-clock-control", default="none", choices=("none", "base"),
                        help="ncu --clock-control (default none: clocks as the plugin sees them)")
    parser.add_argument("--ncu-launches", type=int, default=7, help="launches profiled by ncu per kernel")
    parser.add_argument("--ncu-child", help=argparse.SUPPRESS)
    parser.add_argument("--launches", type=int, default=7, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.ncu_child is None and args.out is None:
        parser.error("--out DIR is required")
    return args


def main(argv: Optional[List[str]] = None) -> int:
    args = parse_args(argv)
    if args.ncu_child:
        ncu_child(args.ncu_child, args.launches)
        return 0
    try:
        import cupy

        device = cupy.cuda.runtime.getDeviceProperties(0)["name"].decode()
        if not args.no_triton:
            import triton.testing  # noqa: F401
    except Exception as exc:  # missing library or no GPU: say which, no traceback
        print(f"timing_agreement: cannot run: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 2
    ncu = None if args.no_ncu else shutil.which("ncu")
    if not args.no_ncu and ncu is None:
        print("timing_agreement: ncu not on PATH (use --no-ncu to skip that comparison)", file=sys.stderr)
        return 2
    rows: List[Row] = []
    for case in cases():
        try:
            rows.append(measure_case(case, args, ncu))
        except RuntimeError as exc:
            print(f"timing_agreement: {case.label}: {exc}", file=sys.stderr)
            return 2
        print(f"{case.label}: {rows[-1]}", flush=True)
    args.out.mkdir(parents=True, exist_ok=True)
    text = markdown(rows, device, args)
    (args.out / "timing_agreement.md").write_text(text, encoding="utf-8")
    payload: Dict[str, object] = {"device": device, "rows": [asdict(r) for r in rows], "args": {
        k: str(v) for k, v in vars(args).items()}}
    (args.out / "timing_agreement.json").write_text(json.dumps(payload, indent=2), encoding="utf-8")
    print(text)
    return 0 if all(r.ok for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
