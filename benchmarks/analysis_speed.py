"""Where a cold lint spends its time: the front end (build_unit) and the analyses + rules (check_unit).

    python3 benchmarks/analysis_speed.py [--runs 3] [--lines 5000] [--profile] [--top 10] [--slowest 5]

Inputs, all deterministic: the ~300-line file benchmarks/cli_startup.py times, a --lines file of
many small kernels (the same generator), a --lines file holding one long kernel, a --lines file of one
hand-unrolled arithmetic kernel (SHOC MaxFlops' shape), and the real files
under examples/, tests/fixtures/frontend/corpus and the committed held-out folders (HeCBench,
Rodinia), then the --slowest single real files (a pre-commit hook's wait on one file). Prints a
Markdown table of wall and CPU seconds (min of --runs runs) per input for build_unit and for
engine.check_unit, in this process, so interpreter start and imports are left out
(benchmarks/cli_startup.py measures those). With --profile, each input's check_unit runs once more
under cProfile and the --top functions by cumulative time are printed: where to look when a number
grows.
"""
from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import sys
import time
from functools import partial
from pathlib import Path
from typing import Any, Callable, List, Sequence, Tuple

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(ROOT), str(HERE)]

from cli_startup import source_of_lines  # noqa: E402

Source = Tuple[str, str]  # (path as the user would name it, text)

# One step of an unrolled kernel: global loads (coalesced and strided), a shared tile written along
# rows and read along columns, a guarded store, a short loop and a fresh local.
LONG_KERNEL_STEP = """\
  float v{i} = in[gid + {i} * width];
  acc += v{i} * in[gid * {stride} + {i}];
  tile[threadIdx.y][(threadIdx.x + {i}) % 32] = v{i};
  __syncthreads();
  acc += tile[(threadIdx.x + {i}) % 32][threadIdx.y];
  if (gid + {i} < n) {{
    out[gid + {i} * n] = acc;
  }}
  for (int j = 0; j < 4; ++j) {{
    acc += in[(gid + j) * width + {i}];
  }}
"""
LONG_KERNEL_HEAD = """\
__global__ void long_kernel(float *out, const float *in, int n, int width) {
  __shared__ float tile[32][33];
  int gid = (blockIdx.y * blockDim.y + threadIdx.y) * width + blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
"""
LONG_KERNEL_TAIL = """\
  out[gid] = acc;
}

void launch(float *out, const float *in, int n, int width) {
  long_kernel<<<dim3(width / 32, n / 8), dim3(32, 8)>>>(out, in, n, width);
}
"""


def long_kernel_source(lines: int) -> str:
    """One kernel of about `lines` lines: the shape of generated or hand-unrolled code."""
    budget = lines - LONG_KERNEL_HEAD.count("\n") - LONG_KERNEL_TAIL.count("\n")
    steps = max(1, -(-budget // LONG_KERNEL_STEP.count("\n")))
    body = "".join(LONG_KERNEL_STEP.format(i=i, stride=1 + i % 3) for i in range(steps))
    return LONG_KERNEL_HEAD + body + LONG_KERNEL_TAIL


# SHOC's MaxFlops shape: 32 register accumulators in a hand-unrolled FMA chain inside a short constant loop.
# None of it indexes memory, but every statement is arithmetic the lane walk evaluates, each on values made
# of the ones before.
UNROLLED_HEAD = """\
__global__ void unrolled_fma(float *target, float val1, float val2) {
  int index = blockIdx.x * blockDim.x + threadIdx.x;
""" + "".join(f"  float s{k} = val1 + {k} * val2;\n" for k in range(32)) + """\
  for (int i = 0; i < 5; i++) {
"""
UNROLLED_TAIL = """\
  }
  target[index] = """ + " + ".join(f"s{k}" for k in range(32)) + """;
}
"""


def unrolled_arithmetic_source(lines: int) -> str:
    """One kernel of about `lines` lines of register arithmetic, each accumulator the product of two others
    plus a third (SHOC MaxFlops' OP macro)."""
    budget = max(32, lines - UNROLLED_HEAD.count("\n") - UNROLLED_TAIL.count("\n"))
    body = "".join(f"    s{k % 32} = s{(k + 6) % 32} * s{(k + 5) % 32} + s{(k + 28) % 32};\n" for k in range(budget))
    return UNROLLED_HEAD + body + UNROLLED_TAIL


def real_files(folder: Path) -> List[Source]:
    paths = sorted(p for p in folder.rglob("*") if p.suffix in (".cu", ".cuh"))
    return [(str(p.relative_to(ROOT)), p.read_text(encoding="utf-8")) for p in paths]


def inputs(lines: int) -> List[Tuple[str, List[Source]]]:
    """(row label, files) for every input of the table."""
    generated = [
        ("cli_startup 300-line file", "kernels_300.cu", source_of_lines(300)),
        (f"{lines}-line file, many small kernels", "many_kernels.cu", source_of_lines(lines)),
        (f"{lines}-line file, one long kernel", "long_kernel.cu", long_kernel_source(lines)),
        (f"{lines}-line file, one unrolled arithmetic kernel", "unrolled_fma.cu", unrolled_arithmetic_source(lines)),
    ]
    rows = [(label, [(path, text)]) for label, path, text in generated]
    for folder in REAL_FOLDERS:
        files = real_files(folder)
        rows.append((f"{folder.relative_to(ROOT)}/ ({len(files)} files)", files))
    return rows


# The committed held-out files are real programs nobody wrote for kernel-lint: where a slow file shows up
REAL_FOLDERS = (ROOT / "examples", ROOT / "tests" / "fixtures" / "frontend" / "corpus",
                ROOT / "benchmarks" / "heldout" / "hecbench", ROOT / "benchmarks" / "heldout" / "rodinia")


def best_of(runs: int, work: Callable[[], Any]) -> Tuple[float, float, Any]:
    """(min wall seconds, min CPU seconds, the last result) over `runs` calls of `work`."""
    walls, cpus, result = [], [], None
    for _ in range(runs):
        wall, cpu = time.perf_counter(), time.process_time()
        result = work()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return min(walls), min(cpus), result


def profile_top(work: Callable[[], Any], top: int) -> str:
    """The `top` functions of the analyses and rules by cumulative time (the harness's frames left out)."""
    profiler = cProfile.Profile()
    profiler.runcall(work)
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(r"kernel_lint[/\\](analyses|rules)", top)
    return out.getvalue()


def main(argv: Sequence[str] = ()) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs per measurement; the minimum is printed")
    parser.add_argument("--lines", type=int, default=5000, help="size of the two generated large files")
    parser.add_argument("--profile", action="store_true", help="profile check_unit once per input")
    parser.add_argument("--top", type=int, default=10, help="functions listed per profile")
    parser.add_argument("--slowest", type=int, default=5, help="list the N slowest real files (0: none)")
    args = parser.parse_args(argv)

    from kernel_lint.engine import check_unit
    from kernel_lint.frontend import FrontendOptions, build_unit
    from kernel_lint.gpus import resolve_gpus
    from kernel_lint.settings import Settings

    settings = Settings()
    gpus = resolve_gpus(settings.gpus)
    options = FrontendOptions(settings.include_dirs, dict(settings.defines))

    def build(files: List[Source]) -> List[Any]:
        return [build_unit(path, text, options) for path, text in files]

    def check(units: List[Any]) -> int:
        return sum(len(check_unit(unit, settings, gpus)) for unit in units)

    check(build([("warm_up.cu", source_of_lines(30))]))  # the rule families are imported on first use
    profiles: List[Tuple[str, str]] = []
    print("| input | lines | build_unit wall (s) | build_unit CPU (s) | check wall (s) | check CPU (s) | findings |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for label, files in inputs(args.lines):
        lines = sum(text.count("\n") for _, text in files)
        build_wall, build_cpu, units = best_of(args.runs, partial(build, files))
        # each run checks units of its own, as a lint run checks each file once
        fresh = [build(files) for _ in range(args.runs)]
        check_wall, check_cpu, findings = best_of(args.runs, lambda: check(fresh.pop()))
        print(f"| {label} | {lines} | {build_wall:.3f} | {build_cpu:.3f} | {check_wall:.3f} | {check_cpu:.3f} "
              f"| {findings} |", flush=True)
        if args.profile:
            profiles.append((label, profile_top(partial(check, units), args.top)))
    for label, text in profiles:
        print(f"\n### check_unit profile: {label}\n\n```\n{text.strip()}\n```")
    if args.slowest:
        # what a pre-commit hook on one file waits for, in this process (imports left out)
        timed = [(best_of(args.runs, lambda: check(build([source])))[0], source[0])
                 for folder in REAL_FOLDERS for source in real_files(folder)]
        print(f"\n### The {args.slowest} slowest real files, build_unit + check (wall s)\n")
        print("| file | wall (s) |\n| --- | ---: |")
        for wall, path in sorted(timed, reverse=True)[: args.slowest]:
            print(f"| {path} | {wall:.3f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
