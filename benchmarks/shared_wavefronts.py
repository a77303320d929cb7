"""kernel_lint's shared-memory wavefronts for 8- and 16-byte accesses against ncu, lane pattern by lane pattern.

    python3 benchmarks/shared_wavefronts.py --out DIR                  (on a machine with a GPU, nvcc and ncu)
    python3 benchmarks/shared_wavefronts.py --csv ncu.csv --out DIR    (a committed run, no GPU)

Builds benchmarks/results/2026-11-27-h100-lds128/lds_probe.cu (one LDS.128 or LDS.64 per kernel, ten lane
patterns of each width), reads l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum per
smsp__sass_inst_executed_op_shared_ld.sum of each kernel from ncu, and prints them beside
kernel_lint.analyses.memory_cost.wavefronts for the same lanes. Writes DIR/shared_wavefronts.md; exits 1 on
any difference, 2 when nvcc or ncu is missing.
"""
from __future__ import annotations

import argparse
import csv
import io
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Callable, Dict, List, Tuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kernel_lint.analyses import symbolic as sym  # noqa: E402
from kernel_lint.analyses.memory_cost import wavefronts  # noqa: E402

PROBE = Path(__file__).resolve().parent / "results" / "2026-11-27-h100-lds128" / "lds_probe.cu"
LANES = list(range(32))
# the element each lane reads in lds_probe.cu's kernel templates, each instantiated for float4 and float2
PATTERNS: Dict[str, Callable[[int], int]] = {
    "all_same": lambda lane: lane * 0,
    "halves_same_banks": lambda lane: (lane // 16) * 32,
    "halves_other_banks": lambda lane: lane // 16,
    "quarters_abab": lambda lane: (lane // 8) % 2,
    "quarters_abcd": lambda lane: lane // 8,
    "quarters_abcd_same_banks": lambda lane: (lane // 8) * 32,
    "pairs": lambda lane: lane // 2,
    "consecutive": lambda lane: lane,
    "quarter_repeat": lambda lane: lane % 8,
    "stride2": lambda lane: lane * 2,
}
METRICS = ("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum", "smsp__sass_inst_executed_op_shared_ld.sum")


def predicted(pattern: str, access_bytes: int) -> int:
    """kernel-lint's wavefronts for one warp request of `pattern` with elements of `access_bytes`."""
    address = sym.vector(tuple(PATTERNS[pattern](lane) * access_bytes for lane in LANES))
    return wavefronts(address, LANES, access_bytes, 32, 4)[0]


def measured(ncu_csv: str) -> Dict[str, float]:
    """Wavefronts per request of each kernel (`all_same<float4>`) of an `ncu --csv --metrics ...` run."""
    rows = list(csv.reader(io.StringIO("".join(line for line in ncu_csv.splitlines(True) if line.startswith('"')))))
    header = rows[0]
    kernel, metric, value = (header.index(name) for name in ("Kernel Name", "Metric Name", "Metric Value"))
    totals: Dict[str, Dict[str, float]] = {}
    for row in rows[1:]:
        name = row[kernel].split("(")[0].removeprefix("void ").replace(" ", "")
        totals.setdefault(name, {})[row[metric]] = float(row[value].replace(",", ""))
    return {name: values[METRICS[0]] / values[METRICS[1]] for name, values in totals.items() if values.get(METRICS[1])}


def run_probe() -> str:
    with tempfile.TemporaryDirectory() as scratch:
        binary = str(Path(scratch) / "probe")
        subprocess.run(["nvcc", "-arch=sm_90", "-O3", "-o", binary, str(PROBE)], check=True)
        done = subprocess.run(["ncu", "--metrics", ",".join(METRICS), "--csv", binary],
                              capture_output=True, text=True, check=True)
        return done.stdout


def table(per_kernel: Dict[str, float]) -> Tuple[List[str], int]:
    lines = ["| pattern | bytes | ncu wavefronts | kernel-lint | agrees |", "|---|---:|---:|---:|---|"]
    differences = 0
    for pattern in PATTERNS:
        for access_bytes, kernel in ((16, f"{pattern}<float4>"), (8, f"{pattern}<float2>")):
            ncu, model = per_kernel.get(kernel), predicted(pattern, access_bytes)
            agrees = ncu is not None and abs(ncu - model) < 0.01
            differences += not agrees
            lines.append(f"| {pattern} | {access_bytes} | {'-' if ncu is None else f'{ncu:.2f}'} | {model} | "
                         f"{'yes' if agrees else 'no'} |")
    return lines, differences


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True, type=Path)
    parser.add_argument("--csv", type=Path, help="an earlier run's ncu --csv output instead of running the probe")
    args = parser.parse_args(argv)
    if args.csv is None and (shutil.which("nvcc") is None or shutil.which("ncu") is None):
        print("error: nvcc and ncu are needed (or --csv with a committed run)", file=sys.stderr)
        return 2
    lines, differences = table(measured(args.csv.read_text() if args.csv else run_probe()))
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "shared_wavefronts.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
