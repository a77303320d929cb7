"""Wall time of `kernel-lint FILE` on one ~300-line CUDA file, interpreter start included.

    python3 benchmarks/cli_startup.py [--runs 15] [--target 0.3]

Prints a Markdown table (min and median of --runs runs) for: a bare interpreter, `--version`, a
cold run (--no-cache) and a warm run (cache hit). Exits 1 when the cold run's minimum is above
--target seconds. Run it on a quiet machine: the numbers are only as good as the machine is idle.
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import List, Sequence

KERNEL = """\
// Tiled transpose number {i}: a realistic mix of shared memory, barriers and index arithmetic.
#define TILE_{i} 32
__global__ void transpose_{i}(float *out, const float *in, int width, int height) {{
  __shared__ float tile[TILE_{i}][TILE_{i} + 1];
  int x = blockIdx.x * TILE_{i} + threadIdx.x;
  int y = blockIdx.y * TILE_{i} + threadIdx.y;
  for (int j = 0; j < TILE_{i}; j += 8) {{
    if (x < width && y + j < height) {{
      tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
    }}
  }}
  __syncthreads();
  x = blockIdx.y * TILE_{i} + threadIdx.x;
  y = blockIdx.x * TILE_{i} + threadIdx.y;
  for (int j = 0; j < TILE_{i}; j += 8) {{
    if (x < height && y + j < width) {{
      out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
    }}
  }}
}}

"""


def source_of_lines(lines: int) -> str:
    parts: List[str] = []
    while sum(p.count("\n") for p in parts) < lines:
        parts.append(KERNEL.format(i=len(parts)))
    return "".join(parts)


def timings(command: Sequence[str], runs: int, cwd: Path) -> List[float]:
    result = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        result.append(time.perf_counter() - start)
    return result


def main(argv: Sequence[str] = ()) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--target", type=float, default=0.3, help="seconds allowed for a cold run (minimum)")
    args = parser.parse_args(argv)
    lint = [sys.executable, "-m", "kernel_lint"]
    with tempfile.TemporaryDirectory() as folder:
        cwd = Path(folder)
        (cwd / "kernels.cu").write_text(source_of_lines(300))
        lines = (cwd / "kernels.cu").read_text().count("\n")
        subprocess.run([*lint, "kernels.cu"], cwd=cwd, stdout=subprocess.DEVNULL, check=False)  # fill the cache
        cases = {
            "python3 -c pass": [sys.executable, "-c", "pass"],
            "kernel-lint --version": [*lint, "--version"],
            f"kernel-lint kernels.cu ({lines} lines, --no-cache)": [*lint, "kernels.cu", "--no-cache"],
            f"kernel-lint kernels.cu ({lines} lines, cached)": [*lint, "kernels.cu"],
        }
        rows = {name: timings(command, args.runs, cwd) for name, command in cases.items()}
    print(f"| command | min (s) | median (s) |\n| --- | --- | --- |")
    for name, values in rows.items():
        print(f"| {name} | {min(values):.3f} | {statistics.median(values):.3f} |")
    cold = min(next(v for n, v in rows.items() if "--no-cache" in n))
    print(f"\ncold run minimum {cold:.3f} s against a target of {args.target:.3f} s: {'ok' if cold <= args.target else 'TOO SLOW'}")
    return 0 if cold <= args.target else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
