"""Front-end speed: files/s and lines/s of build_unit, and the wall time of one CLI run.

    python3 benchmarks/frontend_speed.py [FILES_OR_DIRS ...] [--repeat N]

Without arguments it uses tests/fixtures/frontend. The one-shot timings run `python3 -c` calling
build_unit and, when kernel_lint.cli exists, `kernel-lint FILE`, each in a fresh interpreter on a
~300-line file made of the inputs, so interpreter start and imports are included (target: < 0.3 s).
Wall and CPU seconds are both printed: on a loaded machine only CPU time is comparable.
"""
from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from typing import List, Tuple

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "benchmarks"))

from frontend_coverage import cuda_files  # noqa: E402

_BUILD_ONCE = (
    "import sys\n"
    "from kernel_lint.frontend import FrontendOptions, build_unit\n"
    "path = sys.argv[1]\n"
    "build_unit(path, open(path, encoding='utf-8').read(), FrontendOptions())\n"
)
_IMPORT_ONLY = "import kernel_lint.frontend\n"


def _median_wall(command: List[str], repeat: int) -> Tuple[float, float]:
    """Median wall seconds and median CPU seconds (user + system) of running `command`.

    CPU time is reported too because wall time on a shared, loaded machine says little."""
    walls, cpus = [], []
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, cwd=ROOT)
        walls.append(time.perf_counter() - started)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(walls), statistics.median(cpus)


def _three_hundred_lines(files: List[str], directory: str) -> str:
    lines: List[str] = []
    for path in files:
        with open(path, encoding="utf-8", errors="replace") as handle:
            lines.extend(handle.read().splitlines())
        if len(lines) >= 300:
            break
    path = os.path.join(directory, "speed_300.cu")
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines[:300]) + "\n")
    return path


def main(argv: List[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="*", default=[os.path.join(ROOT, "tests", "fixtures", "frontend")])
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args(argv)
    files = list(cuda_files(args.paths))
    if not files:
        print("no .cu/.cuh files found", file=sys.stderr)
        return 2
    texts = [(p, open(p, encoding="utf-8", errors="replace").read()) for p in files]

    import_started = time.perf_counter()
    from kernel_lint.frontend import FrontendOptions, build_unit

    import_seconds = time.perf_counter() - import_started
    options = FrontendOptions()
    build_unit(*texts[0], options)  # warm: pycparser and lazily imported modules
    per_round = []
    for _ in range(args.repeat):
        started = time.perf_counter()
        for path, text in texts:
            build_unit(path, text, options)
        per_round.append(time.perf_counter() - started)
    seconds = statistics.median(per_round)
    lines = sum(text.count("\n") + 1 for _, text in texts)

    with tempfile.TemporaryDirectory() as tmp:
        sample = _three_hundred_lines(files, tmp)
        cli = shutil.which("kernel-lint")
        has_cli = os.path.exists(os.path.join(ROOT, "kernel_lint", "cli.py")) and cli is not None
        front_end_seconds = _median_wall([sys.executable, "-c", _BUILD_ONCE, sample], args.repeat)
        one_shot_seconds = _median_wall([cli, sample], args.repeat) if has_cli else (float("nan"), float("nan"))
        bare_seconds = _median_wall([sys.executable, "-c", "pass"], args.repeat)
        import_wall = _median_wall([sys.executable, "-c", _IMPORT_ONLY], args.repeat)

    print("| measure | value |")
    print("|---|---:|")
    print(f"| files | {len(files)} |")
    print(f"| lines | {lines} |")
    print(f"| build_unit files/s | {len(files) / seconds:.1f} |")
    print(f"| build_unit lines/s | {lines / seconds:.0f} |")
    print(f"| import kernel_lint.frontend (in process) | {import_seconds * 1000:.1f} ms |")
    for label, (wall, cpu) in (
        ("python3 -c pass (interpreter start)", bare_seconds),
        ("python3 -c 'import kernel_lint.frontend'", import_wall),
        ("python3 -c build_unit(FILE), 300 lines", front_end_seconds),
        ("kernel-lint FILE, 300 lines" if has_cli else "kernel-lint CLI (absent)", one_shot_seconds),
    ):
        print(f"| {label} | {wall:.3f} s wall, {cpu:.3f} s CPU |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
