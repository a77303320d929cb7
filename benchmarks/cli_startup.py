"""Wall time of `kernel-lint FILE` on one ~300-line CUDA file, interpreter start included.

    python3 benchmarks/cli_startup.py [--runs 15] [--target 0.3] [--top 5]

Prints a Markdown table (min and median of --runs runs, and how many modules each command imports
beyond a bare interpreter) for: a bare interpreter, `--version`, a cold run (--no-cache), a warm
run (cache hit) of a clean file and a warm run of a file with findings. Then, per command, the
--top imports by their own import time (`python -X importtime`): where to look when a number
grows. Exits 1 when the clean warm run's minimum is above --target seconds (pre-commit re-runs
unchanged files, so the cache hit is what must feel instant). Run it on a quiet machine: the
numbers are only as good as the machine is idle.

Bytecode is written to a temporary PYTHONPYCACHEPREFIX and every command runs once untimed, even
where PYTHONDONTWRITEBYTECODE is set: an installed tool has its .pyc files (pip compiles them),
and compiling every module from source on each run would dwarf what is measured.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Dict, List, Mapping, Sequence, Tuple

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

# Each lane walks its own row: a strided global access, so the file has findings to report.
STRIDED_KERNEL = """\
__global__ void column_copy(float *out, const float *in, int width) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  for (int j = 0; j < width; ++j) {
    out[row * width + j] = in[row * width + j];
  }
}

"""


def source_of_lines(lines: int) -> str:
    parts: List[str] = []
    while sum(p.count("\n") for p in parts) < lines:
        parts.append(KERNEL.format(i=len(parts)))
    return "".join(parts)


def bytecode_environment(pycache: Path) -> Dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(pycache)
    return env


def timings(command: Sequence[str], runs: int, cwd: Path, env: Mapping[str, str]) -> List[float]:
    result = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        result.append(time.perf_counter() - start)
    return result


def parse_importtime(stderr: str) -> List[Tuple[str, int]]:
    """(module, own import time in microseconds) per line of `python -X importtime` output."""
    rows = []
    for line in stderr.splitlines():
        if not line.startswith("import time:"):
            continue
        own, _cumulative, name = line[len("import time:"):].split("|")
        if own.strip().isdigit():  # not the header line
            rows.append((name.strip(), int(own)))
    return rows


def import_profile(command: Sequence[str], cwd: Path, env: Mapping[str, str]) -> List[Tuple[str, int]]:
    traced = [command[0], "-X", "importtime", *command[1:]]
    result = subprocess.run(traced, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=False)
    return parse_importtime(result.stderr)


def top_imports(profile: Sequence[Tuple[str, int]], count: int) -> str:
    slowest = sorted(profile, key=lambda row: -row[1])[:count]
    return ", ".join(f"{name} {own / 1000:.1f} ms" for name, own in slowest)


def main(argv: Sequence[str] = ()) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--target", type=float, default=0.3, help="seconds allowed for a warm (cached) run (minimum)")
    parser.add_argument("--top", type=int, default=5, help="slowest imports listed per command")
    args = parser.parse_args(argv)
    lint = [sys.executable, "-m", "kernel_lint"]
    with tempfile.TemporaryDirectory() as folder:
        cwd = Path(folder) / "project"
        cwd.mkdir()
        env = bytecode_environment(Path(folder) / "pycache")
        (cwd / "kernels.cu").write_text(source_of_lines(300))
        (cwd / "findings.cu").write_text(STRIDED_KERNEL + source_of_lines(300))
        lines = (cwd / "kernels.cu").read_text().count("\n")
        warm_case = f"kernel-lint kernels.cu ({lines} lines, cached)"
        cases: Dict[str, List[str]] = {
            "python3 -c pass": [sys.executable, "-c", "pass"],
            "kernel-lint --version": [*lint, "--version"],
            f"kernel-lint kernels.cu ({lines} lines, --no-cache)": [*lint, "kernels.cu", "--no-cache"],
            warm_case: [*lint, "kernels.cu"],
            "kernel-lint findings.cu (with findings, cached)": [*lint, "findings.cu"],
        }
        for command in cases.values():  # fills the result cache and the bytecode cache
            timings(command, 1, cwd, env)
        rows = {name: timings(command, args.runs, cwd, env) for name, command in cases.items()}
        profiles = {name: import_profile(command, cwd, env) for name, command in cases.items()}
    bare = len(profiles["python3 -c pass"])
    print("| command | min (s) | median (s) | modules imported |\n| --- | --- | --- | --- |")
    for name, values in rows.items():
        extra = f"+{len(profiles[name]) - bare}" if name != "python3 -c pass" else str(bare)
        print(f"| {name} | {min(values):.3f} | {statistics.median(values):.3f} | {extra} |")
    print("\nslowest imports (own time, one run each):")
    for name, profile in profiles.items():
        print(f"- {name}: {top_imports(profile, args.top)}")
    warm = min(rows[warm_case])
    verdict = "ok" if warm <= args.target else "TOO SLOW"
    print(f"\nwarm run minimum {warm:.3f} s against a target of {args.target:.3f} s: {verdict}")
    return 0 if warm <= args.target else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
