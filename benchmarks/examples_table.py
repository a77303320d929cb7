#!/usr/bin/env python3
"""Turn a `pytest --gpuperf examples --gpuperf-json FILE` run into examples/README.md's results table.

    python3 -m pytest --gpuperf examples --gpuperf-json results.json
    python3 benchmarks/examples_table.py results.json --out examples-results.md

One table per topic (examples/<topic>/) and problem size: per step its median time, GB/s or
GFLOP/s, fraction of the GPU's peak, speed-up over the previous and the first step, the seed's
number for the same step, and the kernel-lint codes reported for the kernel (kernel-lint is
run on examples/ unless --lint-json gives its JSON output or --no-lint is set).

Benchmark names follow the examples' convention "<kernel> <config>", e.g.
"transpose_padded n=1024 tile=16". Exit status: 0 written, 2 unreadable or malformed input.
"""
from __future__ import annotations

import argparse
import functools
import json
import subprocess
import sys
from collections import Counter, OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Dict, Iterable, List, Optional, Sequence, Tuple

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
REFERENCES = frozenset({"d2d_copy"})  # measured for comparison, not a step of the chain

# The seeds' numbers for the same step and configuration: (kernel, config tokens that must
# all be present, text). Seed 001: GTX 480, n = 1024; seed 004: V100.
SEEDS: Tuple[Tuple[str, Tuple[str, ...], str], ...] = (
    ("matmul_naive", ("n=1024",), "70.7 GFLOP/s (GTX 480)"),
    ("matmul_tiled", ("n=1024",), "214.0 GFLOP/s (GTX 480)"),
    ("matmul_block_coarsened", ("n=1024",), "357.1 GFLOP/s (GTX 480, 8 tiles)"),
    ("matmul_thread_coarsened", ("n=1024",), "474.4 GFLOP/s (GTX 480)"),
    ("matmul_prefetched", ("n=1024",), "524.0 GFLOP/s (GTX 480)"),
    ("reduce_interleaved_divergent", (), "99.6 GB/s (V100)"),
    ("reduce_interleaved_strided", (), "168.4 GB/s (V100)"),
    ("reduce_sequential", (), "215.1 GB/s (V100)"),
    ("reduce_first_add", (), "409.8 GB/s (V100)"),
    ("reduce_unrolled_warp", (), "591.3 GB/s (V100)"),
    ("reduce_cascaded", (), "756.2 GB/s (V100)"),
    ("transpose_naive", ("n=1024", "tile=8"), "21.8 Gelem/s (V100)"),
    ("transpose_shared", ("n=1024", "tile=8"), "21.8 Gelem/s (V100)"),
    ("transpose_padded", ("n=1024", "tile=8"), "21.8 Gelem/s (V100)"),
    ("transpose_naive", ("n=1024", "tile=16"), "23.8 Gelem/s (V100)"),
    ("transpose_shared", ("n=1024", "tile=16"), "40.3 Gelem/s (V100)"),
    ("transpose_padded", ("n=1024", "tile=16"), "45.5 Gelem/s (V100)"),
    ("transpose_naive", ("n=1024", "tile=32"), "13.8 Gelem/s (V100)"),
    ("transpose_shared", ("n=1024", "tile=32"), "29.1 Gelem/s (V100)"),
    ("transpose_padded", ("n=1024", "tile=32"), "43.7 Gelem/s (V100)"),
)
COLUMNS = ("step", "kernel", "time (ms)", "throughput", "% of peak", "vs previous", "vs first",
           "seed", "kernel-lint")


class InputError(ValueError):
    """The JSON is missing, unreadable or not a gpuperf/kernel-lint document."""


@dataclass(frozen=True)
class Row:
    topic: str
    kernel: str
    config: str
    median_ms: Optional[float]
    gbps: Optional[float]
    gflops: Optional[float]
    peak_fraction: Optional[float]


def split_name(name: str) -> Tuple[str, str]:
    """'transpose_padded n=1024 tile=16' -> ('transpose_padded', 'n=1024 tile=16')."""
    kernel, _, config = name.partition(" ")
    return kernel, config.strip()


def topic_of(test_id: str) -> str:
    """'examples/matmul/test_matmul.py::test_x[...]' -> 'matmul'."""
    parts = Path(test_id.split("::", 1)[0]).parts
    return parts[parts.index("examples") + 1] if "examples" in parts[:-1] else parts[0]


def rows_from(document: dict) -> List[Row]:
    """Results in run order; a (topic, kernel, config) measured twice keeps its first row."""
    results = document.get("results")
    if not isinstance(results, list):
        raise InputError("not a pytest-gpuperf JSON document (no 'results' list)")
    rows: "OrderedDict[Tuple[str, str, str], Row]" = OrderedDict()
    for result in results:
        try:
            kernel, config = split_name(result["name"])
            row = Row(topic_of(result["test"]), kernel, config, result.get("median_ms"), result.get("gbps"),
                      result.get("gflops"), result.get("peak_fraction"))
        except (KeyError, TypeError, AttributeError) as exc:
            raise InputError(f"malformed result entry {result!r}: {exc}") from None
        rows.setdefault((row.topic, row.kernel, row.config), row)
    return list(rows.values())


def seed_for(kernel: str, config: str) -> str:
    tokens = set(config.split())
    for seed_kernel, needed, text in SEEDS:
        if seed_kernel == kernel and tokens.issuperset(needed):
            return text
    return "-"


def lint_codes(document: dict) -> Dict[str, str]:
    """kernel -> 'KL101 x2, KL201' from a kernel-lint --format json document."""
    findings = document.get("findings")
    if not isinstance(findings, list):
        raise InputError("not a kernel-lint JSON document (no 'findings' list)")
    per_kernel: Dict[str, Counter] = {}
    for finding in findings:
        if finding.get("kernel"):
            per_kernel.setdefault(finding["kernel"], Counter())[finding["code"]] += 1
    return {kernel: ", ".join(code if count == 1 else f"{code} x{count}" for code, count in sorted(codes.items()))
            for kernel, codes in per_kernel.items()}


def _number(value: Optional[float], digits: int = 4) -> str:
    return "-" if value is None else f"{value:.{digits}g}"


def _speedup(before: Optional[float], after: Optional[float]) -> str:
    return f"{before / after:.2f}x" if before and after else "-"


def _rate(value: float) -> str:
    return f"{value:,.0f}" if value >= 100 else f"{value:.3g}"


def _throughput(row: Row) -> str:
    if row.gflops is not None:
        return f"{_rate(row.gflops)} GFLOP/s"
    return "-" if row.gbps is None else f"{_rate(row.gbps)} GB/s"


def group_rows(rows: Iterable[Row]) -> "OrderedDict[Tuple[str, str], List[Row]]":
    groups: "OrderedDict[Tuple[str, str], List[Row]]" = OrderedDict()
    for row in rows:
        groups.setdefault((row.topic, row.config), []).append(row)
    return groups


def table(rows: Sequence[Row], lint: Optional[Dict[str, str]]) -> List[str]:
    """A Markdown table of one topic and configuration; references are left out of the chain.

    lint maps kernels to their kernel-lint codes (None: kernel-lint was not run).
    """
    lines = ["| " + " | ".join(COLUMNS) + " |", "|" + "---|" * len(COLUMNS)]
    steps = [r for r in rows if r.kernel not in REFERENCES]
    first = steps[0].median_ms if steps else None
    previous: Optional[float] = None
    for row in rows:
        reference = row.kernel in REFERENCES
        label = "reference" if reference else str(steps.index(row) + 1)
        cells = [label, f"`{row.kernel}`", _number(row.median_ms), _throughput(row),
                 "-" if row.peak_fraction is None else f"{100 * row.peak_fraction:.1f}%",
                 "-" if reference else _speedup(previous, row.median_ms),
                 "-" if reference or previous is None else _speedup(first, row.median_ms),
                 seed_for(row.kernel, row.config), "-" if lint is None else lint.get(row.kernel, "none")]
        lines.append("| " + " | ".join(cells) + " |")
        if not reference:
            previous = row.median_ms
    return lines


def header(document: dict) -> List[str]:
    devices = document.get("devices") or [{}]
    device = devices[0]
    return [f"Measured {str(document.get('created', 'unknown date'))[:10]} on {device.get('name', 'unknown GPU')} "
            f"({device.get('sm_count', '?')} SMs), driver {device.get('driver_version', '?')}, "
            f"CUDA {device.get('cuda_version', '?')}; peak {_number(device.get('peak_bandwidth_gbps'))} GB/s, "
            f"{_number(device.get('peak_fp32_gflops'))} GFLOP/s FP32. Cold runs (L2 flushed), median of the "
            f"samples. `vs first` / `vs previous`: speed-up over the first / previous step."]


LintCodes = Callable[[Tuple[str, ...]], Dict[str, str]]


def defines_of(config: str) -> Tuple[str, ...]:
    """'n=1024 tile=16' -> ('TILE=16',): every key but the problem size n is one of the example's macros,
    so the kernel-lint column judges the kernel as that configuration compiled it."""
    pairs = (token.partition("=") for token in config.split())
    return tuple(f"{key.upper()}={value}" for key, _, value in pairs if key != "n" and value)


def markdown(document: dict, lint: Optional[LintCodes]) -> str:
    lines = header(document)
    for (topic, config), rows in group_rows(rows_from(document)).items():
        lines += ["", f"#### {topic}" + (f" ({config})" if config else ""), ""]
        lines += table(rows, None if lint is None else lint(defines_of(config)))
    return "\n".join(lines) + "\n"


def read_json(path: Path) -> dict:
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise InputError(f"cannot read {path}: {exc.strerror}") from None
    except json.JSONDecodeError as exc:
        raise InputError(f"{path} is not JSON: {exc}") from None
    if not isinstance(document, dict):
        raise InputError(f"{path}: expected a JSON object at the top")
    return document


def run_lint(paths: Sequence[Path], defines: Sequence[str] = ()) -> dict:
    command = [sys.executable, "-m", "kernel_lint", "--format", "json", "--exit-zero", "--no-cache",
               *(f"-D{define}" for define in defines), *map(str, paths)]
    completed = subprocess.run(command, capture_output=True, text=True, check=False)
    if completed.returncode != 0:
        raise InputError(f"kernel-lint failed (exit {completed.returncode}): {completed.stderr.strip()}")
    try:
        return json.loads(completed.stdout)
    except json.JSONDecodeError as exc:
        raise InputError(f"kernel-lint printed no JSON: {exc}") from None


def parse_args(argv: Optional[Sequence[str]]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("results", type=Path, help="JSON written by pytest --gpuperf-json")
    parser.add_argument("--out", type=Path, help="write the Markdown here (default: stdout)")
    lint = parser.add_mutually_exclusive_group()
    lint.add_argument("--lint-json", type=Path, help="kernel-lint --format json output to take codes from")
    lint.add_argument("--no-lint", action="store_true", help="leave the kernel-lint column empty")
    return parser.parse_args(argv)


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = parse_args(argv)
    try:
        document = read_json(args.results)
        lint: Optional[LintCodes] = None
        if args.lint_json:
            given = lint_codes(read_json(args.lint_json))
            lint = lambda defines: given  # noqa: E731
        elif not args.no_lint:
            lint = functools.lru_cache(maxsize=None)(lambda defines: lint_codes(run_lint([EXAMPLES], defines)))
        text = markdown(document, lint)
    except InputError as exc:
        print(f"examples_table: {exc}", file=sys.stderr)
        return 2
    if args.out:
        args.out.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
