"""Check kernel-lint's memory and divergence predictions against Nsight Compute on a real GPU.

    python3 benchmarks/validate_with_ncu.py --out DIR [--arch sm_90] [--files a.cu b.cu ...]

For every kernel of the fixtures (tests/fixtures/{coalescing,bank_conflicts,divergence}) and the
examples (examples/**/*.cu), the script compiles a small driver (the source included, plus a main that
allocates zeroed buffers and launches one kernel with the block shape kernel-lint assumed), runs it
under `ncu --csv --metrics ...` in its own process, and compares per category:

    global loads / stores: sectors per request (l1tex__t_sectors_... / l1tex__t_requests_...)
    shared loads / stores: wavefronts per instruction (l1tex__data_pipe_lsu_wavefronts_... /
                           smsp__sass_inst_executed_op_shared_...)
    divergence:            idle fraction of lane slots (smsp__thread_inst_executed_pred_on /
                           32 x smsp__inst_executed), with ncu's branch uniformity as evidence

A category of a kernel is one entry (kernel, access, predicted): predicted cost per request and its
ideal are kernel-lint's, averaged over the kernel's access sites of that category; "flagged" means
kernel-lint reported a warning there. The measured side counts as a problem when measured / ideal
reaches the category's threshold. Precision and recall (per group: memory, divergence) are printed and written to
DIR/validation.md and DIR/validation.json. Exit status: 0 when precision >= 0.95 and recall >= 0.90,
1 when below, 2 when nothing could be measured (no GPU, no ncu, no nvcc).

A new category joins by adding a Category to CATEGORIES: the metrics to read, how they become one
number, and a function that turns a kernel's analysis into entries.
"""
from __future__ import annotations

import argparse
import csv
import io
import json
import re
import shutil
import subprocess
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable, Dict, List, Optional, Sequence, Tuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kernel_lint.analyses.access_sites import access_sites  # noqa: E402
from kernel_lint.analyses.block_shapes import block_shapes  # noqa: E402
from kernel_lint.analyses.memory_cost import global_cost, shared_cost  # noqa: E402
from kernel_lint.engine import check_unit  # noqa: E402
from kernel_lint.frontend import FrontendOptions, build_unit  # noqa: E402
from kernel_lint.frontend.cexpr import evaluate_text  # noqa: E402
from kernel_lint.gpus import resolve_gpu  # noqa: E402
from kernel_lint.model import Kernel, TranslationUnit  # noqa: E402
from kernel_lint.settings import Settings  # noqa: E402

SIZE_ARGUMENT = 1024  # every integer parameter (sizes, strides, counts)
BUFFER_BYTES = 1 << 28  # every pointer parameter gets its own zeroed buffer
GPU = resolve_gpu("h100")  # the validation target


@dataclass(frozen=True)
class Entry:
    """One (kernel, access category) with kernel-lint's prediction and, once run, the measurement."""

    path: str
    kernel: str
    category: str
    predicted: float  # per request
    ideal: float
    flagged: bool
    measured: Optional[float] = None
    note: str = ""
    metrics: Dict[str, float] = field(default_factory=dict)  # ncu's raw values, kept with the verdict


Metrics = Dict[str, float]


@dataclass(frozen=True)
class Category:
    name: str
    metrics: Tuple[str, ...]  # ncu metrics the measurement reads
    measure: Callable[[Metrics], Optional[float]]  # None when the kernel never executed the operation
    threshold: float  # measured / ideal at or above which the category counts as a problem
    entries: Callable[[TranslationUnit, Kernel, Settings, Sequence], Optional[Entry]]
    describe: Callable[[Metrics], str] = lambda values: ""  # extra evidence for the table's note
    group: str = "memory"  # precision and recall are scored per group
    unmeasured: str = "not executed"  # the note when measure() gives None


def per_request(numerator: str, denominator: str) -> Callable[[Metrics], Optional[float]]:
    def measure(values: Metrics) -> Optional[float]:
        count = values.get(denominator, 0.0)
        return values.get(numerator, 0.0) / count if count else None
    return measure


def _memory_entry(space: str, kinds: Tuple[str, ...], codes: Tuple[str, ...], name: str):
    def entries(unit: TranslationUnit, kernel: Kernel, settings: Settings, findings: Sequence) -> Optional[Entry]:
        actual = ideal = requests = 0
        for group in access_sites(unit, kernel, settings, space):
            site = group[0]  # the first block shape is the one the driver launches
            if site.first.kind not in kinds:
                continue
            cost = (global_cost(site.records, GPU.sector_bytes) if space == "global"
                    else shared_cost(site.records, GPU.shared_banks, GPU.bank_width_bytes))
            # global: the ideal of whole warps, so that lanes idled by a branch do not count as waste
            pattern = global_cost(site.records, GPU.sector_bytes, whole_warps=True) if space == "global" else cost
            if cost is None or pattern is None:
                continue
            actual, requests = actual + cost.actual, requests + cost.requests
            ideal += pattern.ideal * cost.requests / pattern.requests
        if not requests:
            return None
        flagged = any(f.kernel == kernel.name and f.code in codes and f.severity.value != "info"
                      and f.details.get("access") in kinds for f in findings)
        return Entry(unit.path, kernel.name, name, actual / requests, ideal / requests, flagged)
    return entries


CATEGORIES: List[Category] = [
    Category("global-load", ("l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum",
                       "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"),
             per_request("l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum",
                         "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"), 2.0,
             _memory_entry("global", ("load", "update"), ("KL101", "KL102"), "global-load")),
    Category("global-store", ("l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum",
                       "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum"),
             per_request("l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum",
                         "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum"), 2.0,
             _memory_entry("global", ("store", "update"), ("KL101", "KL102"), "global-store")),
    Category("shared-load", ("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
                       "smsp__sass_inst_executed_op_shared_ld.sum"),
             per_request("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
                         "smsp__sass_inst_executed_op_shared_ld.sum"), 2.0,
             _memory_entry("shared", ("load", "update"), ("KL201",), "shared-load")),
    Category("shared-store", ("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
                       "smsp__sass_inst_executed_op_shared_st.sum"),
             per_request("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
                         "smsp__sass_inst_executed_op_shared_st.sum"), 2.0,
             _memory_entry("shared", ("store", "update"), ("KL201",), "shared-store")),
]


# Divergence. The ground truth is ncu's branch uniformity, smsp__sass_average_branch_targets_threads_uniform.pct:
# a kernel counts as divergent when at least DIVERGENT_TARGETS of its executed branch targets diverged.
# nvcc if-converts short divergent bodies (the `%` reduction's, an odd/even select) into predicated code,
# which executes no branch: such kernels show as "no branches executed" and are left out of the scores,
# with the idle fraction of lane slots, 1 - smsp__thread_inst_executed_pred_on / (32 x smsp__inst_executed),
# in the note as the evidence of what the predication costs.
DIVERGENT_TARGETS = 0.10
DIVERGENCE_CODES = ("KL301", "KL302", "KL303")
BRANCH_METRICS = ("smsp__sass_average_branch_targets_threads_uniform.pct", "smsp__sass_branch_targets.sum")
LANE_METRICS = ("smsp__thread_inst_executed_pred_on.sum", "smsp__inst_executed.sum")


def divergent_branch_fraction(values: Metrics) -> Optional[float]:
    uniform_pct, targets = (values.get(m, 0.0) for m in BRANCH_METRICS)
    return 1.0 - uniform_pct / 100.0 if targets else None


def idle_lanes(values: Metrics) -> str:
    active, issued = (values.get(m, 0.0) for m in LANE_METRICS)
    return f"idle lane slots {1.0 - active / (32.0 * issued):.0%}" if issued else ""


def _divergence_entry(unit: TranslationUnit, kernel: Kernel, settings: Settings,
                      findings: Sequence) -> Optional[Entry]:
    """One entry per kernel: predicted = the largest idle-lane fraction of its KL3xx warnings (0 if none)."""
    warned = [f for f in findings if f.kernel == kernel.name and f.code in DIVERGENCE_CODES
              and f.severity.value != "info"]
    predicted = max((float(f.details.get("idle_fraction", 0.0)) for f in warned), default=0.0)
    return Entry(unit.path, kernel.name, "divergence", predicted, 1.0, bool(warned))


CATEGORIES.append(Category("divergence", BRANCH_METRICS + LANE_METRICS, divergent_branch_fraction,
                           DIVERGENT_TARGETS, _divergence_entry, idle_lanes, group="divergence",
                           unmeasured="no branches executed (if-converted)"))


def source_files(explicit: Sequence[str]) -> List[Path]:
    if explicit:
        return [Path(p).resolve() for p in explicit]
    found = sorted((ROOT / "tests" / "fixtures" / "coalescing").glob("*.cu"))
    found += sorted((ROOT / "tests" / "fixtures" / "bank_conflicts").glob("*.cu"))
    found += sorted((ROOT / "tests" / "fixtures" / "divergence").glob("*.cu"))
    found += sorted((ROOT / "examples").glob("**/*.cu"))
    return found


def _dim_values(text: str, unit: TranslationUnit) -> Optional[Tuple[int, int, int]]:
    """A launch dimension as written, evaluated with every unknown name set to SIZE_ARGUMENT."""
    body = text.strip()
    if re.fullmatch(r"[A-Za-z_]\w*", body) and body not in unit.constants:
        return None  # a dim3 variable whose value the model does not know
    match = re.match(r"^dim3\s*\((.*)\)$", body, re.S)
    parts = _split_commas(match.group(1)) if match else [body]
    lookup = lambda name: unit.constants.get(name, SIZE_ARGUMENT)  # noqa: E731
    values = [evaluate_text(p, lookup) for p in parts] + [1, 1]
    if any(v is None or v <= 0 for v in values[:3]):
        return None
    return values[0], values[1], values[2]  # type: ignore[return-value]


def _split_commas(text: str) -> List[str]:
    parts, depth, current = [], 0, ""
    for ch in text:
        depth += ch in "([{"
        depth -= ch in ")]}"
        if ch == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += ch
    return parts + [current]


def launch_grid(unit: TranslationUnit, kernel: Kernel, block: Tuple[int, int, int]) -> Tuple[int, int, int]:
    for site in unit.launches_of(kernel.name):
        dims = (site.block.x, site.block.y, site.block.z)
        if dims == block:
            grid = _dim_values(site.grid.text, unit)
            if grid is not None:
                return grid
    return (max(1, SIZE_ARGUMENT // block[0]), max(1, SIZE_ARGUMENT // block[1]) if block[1] > 1 else 1, 1)


def _argument(param) -> Optional[str]:
    ctype = param.type
    if ctype.pointer_depth == 1:
        return f"({ctype.spelling})kl_buffers[{{i}}]"
    if ctype.pointer_depth > 1:
        return None
    if ctype.base in ("float", "double", "__half", "half"):
        return f"({ctype.base})1"
    if ctype.element_size is not None and ctype.base not in ("float2", "float3", "float4"):
        return f"({ctype.base}){SIZE_ARGUMENT}" if ctype.base in _INTEGERS else f"{ctype.base}{{}}"
    return None


_INTEGERS = {"int", "unsigned int", "unsigned", "long", "unsigned long", "long long", "unsigned long long",
             "size_t", "int64_t", "uint64_t", "int32_t", "uint32_t", "short", "unsigned short", "char"}


def driver_source(path: Path, launches: List[Tuple[Kernel, Tuple[int, int, int], Tuple[int, int, int]]]) -> str:
    """C++ including the user's file and a main that launches kernel number argv[1]."""
    lines = ["#define main kernel_lint_user_main", f'#include "{path}"', "#undef main", "#include <cstdio>",
             "#include <cstdlib>", "int main(int argc, char** argv) {",
             "  int which = argc > 1 ? atoi(argv[1]) : 0;", "  void* kl_buffers[16];",
             "  for (int i = 0; i < 16; ++i) { kl_buffers[i] = nullptr; }", "  switch (which) {"]
    for index, (kernel, grid, block) in enumerate(launches):
        args, pointer = [], 0
        for param in kernel.params:
            text = _argument(param)
            if "{i}" in text:
                text = text.replace("{i}", str(pointer))
                pointer += 1
            args.append(text)
        lines.append(f"  case {index}: {{")
        lines.append(f"    for (int i = 0; i < {pointer}; ++i) {{ cudaMalloc(&kl_buffers[i], {BUFFER_BYTES}ull);"
                     f" cudaMemset(kl_buffers[i], 0, {BUFFER_BYTES}ull); }}")
        lines.append(f"    {kernel.name}<<<dim3{grid}, dim3{block}>>>({', '.join(args)});")
        lines.append("    break; }")
    lines += ["  }", "  cudaError_t err = cudaDeviceSynchronize();",
              "  if (err != cudaSuccess) { fprintf(stderr, \"%s\\n\", cudaGetErrorString(err)); return 1; }",
              "  return 0;", "}"]
    return "\n".join(lines) + "\n"


def run_ncu(binary: Path, index: int, metrics: Sequence[str]) -> Tuple[Optional[Dict[str, float]], str]:
    command = ["ncu", "--csv", "--print-units", "base", "--launch-count", "1", "--metrics", ",".join(metrics),
               str(binary), str(index)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    values: Dict[str, float] = {}
    text = done.stdout
    start = text.find('"ID"')
    if start >= 0:
        for row in csv.DictReader(io.StringIO(text[start:])):
            name, value = row.get("Metric Name"), (row.get("Metric Value") or "").replace(",", "")
            try:
                values[name] = float(value)
            except (TypeError, ValueError):
                continue
    if done.returncode != 0 or not values:
        return None, (done.stderr.strip() or done.stdout.strip())[-300:]
    return values, ""


def validate_file(path: Path, out: Path, arch: str) -> List[Entry]:
    text = path.read_text(encoding="utf-8", errors="replace")
    unit = build_unit(str(path), text, FrontendOptions())
    settings = Settings()
    findings = check_unit(unit, settings, (GPU,))
    planned: List[Tuple[Kernel, Tuple[int, int, int], Tuple[int, int, int], List[Entry]]] = []
    for kernel in unit.kernels:
        if kernel.template_params or any(_argument(p) is None for p in kernel.params):
            continue
        block = block_shapes(unit, kernel, settings)[0].dims
        entries = [e for c in CATEGORIES for e in [c.entries(unit, kernel, settings, findings)] if e is not None]
        if entries:
            planned.append((kernel, launch_grid(unit, kernel, block), block, entries))
    if not planned:
        return []
    driver = out / f"{path.stem}_driver.cu"
    driver.write_text(driver_source(path, [(k, g, b) for k, g, b, _ in planned]))
    binary = out / f"{path.stem}_driver"
    built = subprocess.run(["nvcc", "-O3", f"-arch={arch}", "-lineinfo", "-w", "-o", str(binary), str(driver)],
                           capture_output=True, text=True)
    if built.returncode != 0:
        note = "compile failed: " + built.stderr.strip()[-200:]
        return [replace_entry(e, note=note) for _, _, _, entries in planned for e in entries]
    results: List[Entry] = []
    metrics = sorted({m for c in CATEGORIES for m in c.metrics})
    by_name = {c.name: c for c in CATEGORIES}
    for index, (kernel, _, _, entries) in enumerate(planned):
        values, problem = run_ncu(binary, index, metrics)
        for entry in entries:
            category = by_name[entry.category]
            if values is None:
                results.append(replace_entry(entry, note=f"ncu failed: {problem}"))
                continue
            measured = category.measure(values)
            note = "; ".join(n for n in (category.unmeasured if measured is None else "", category.describe(values)) if n)
            results.append(replace_entry(entry, measured=measured, note=note,
                                         metrics={m: values[m] for m in category.metrics if m in values}))
    return results


def replace_entry(entry: Entry, **changes) -> Entry:
    return Entry(**{**asdict(entry), **changes})


def scores(entries: Sequence[Entry]) -> Dict[str, Dict[str, float]]:
    """Precision and recall of the flags against the measurements, per category group."""
    by_name = {c.name: c for c in CATEGORIES}
    counts: Dict[str, Dict[str, int]] = {}
    for e in entries:
        if e.measured is None or not e.ideal:
            continue
        category = by_name[e.category]
        actual = e.measured / e.ideal >= category.threshold
        c = counts.setdefault(category.group, {"tp": 0, "fp": 0, "fn": 0, "tn": 0})
        c["tp" if e.flagged and actual else "fp" if e.flagged else "fn" if actual else "tn"] += 1
    return {group: {"true_positives": c["tp"], "false_positives": c["fp"], "false_negatives": c["fn"],
                    "true_negatives": c["tn"],
                    "precision": c["tp"] / (c["tp"] + c["fp"]) if c["tp"] + c["fp"] else 1.0,
                    "recall": c["tp"] / (c["tp"] + c["fn"]) if c["tp"] + c["fn"] else 1.0}
            for group, c in counts.items()}


def passes(summary: Dict[str, float]) -> bool:
    return summary["precision"] >= 0.95 and summary["recall"] >= 0.90


def table(entries: Sequence[Entry], summary: Dict[str, Dict[str, float]]) -> str:
    lines = ["| file | kernel | category | predicted / request | ideal | measured / request | flagged | note |",
             "|---|---|---|---:|---:|---:|---|---|"]
    for e in entries:
        measured = f"{e.measured:.2f}" if e.measured is not None else "-"
        lines.append(f"| {Path(e.path).name} | {e.kernel} | {e.category} | {e.predicted:.2f} | {e.ideal:.2f} | "
                     f"{measured} | {'yes' if e.flagged else 'no'} | {e.note} |")
    lines.append("")
    for group, s in summary.items():
        lines.append(f"{group}: precision {s['precision']:.3f} (target 0.95), recall {s['recall']:.3f} (target 0.90); "
                     f"TP {s['true_positives']}, FP {s['false_positives']}, "
                     f"FN {s['false_negatives']}, TN {s['true_negatives']}")
    return "\n".join(lines) + "\n"


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True, help="directory for drivers, validation.md and validation.json")
    parser.add_argument("--arch", default="sm_90", help="nvcc -arch (default sm_90, H100)")
    parser.add_argument("--files", nargs="*", default=[], help="CUDA files instead of the fixtures and examples")
    args = parser.parse_args(argv)
    missing = [tool for tool in ("nvcc", "ncu") if shutil.which(tool) is None]
    if missing:
        print(f"error: {', '.join(missing)} not found on PATH; run this on a machine with a GPU", file=sys.stderr)
        return 2
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    entries: List[Entry] = []
    for path in source_files(args.files):
        try:
            entries.extend(validate_file(path, out, args.arch))
        except (OSError, subprocess.SubprocessError) as error:
            print(f"warning: {path}: {error}", file=sys.stderr)
    if not any(e.measured is not None for e in entries):
        print("error: nothing could be measured (see the notes in validation.md)", file=sys.stderr)
        (out / "validation.md").write_text(table(entries, scores(entries)))
        return 2
    summary = scores(entries)
    report = table(entries, summary)
    (out / "validation.md").write_text(report)
    (out / "validation.json").write_text(json.dumps({"entries": [asdict(e) for e in entries], "summary": summary},
                                                    indent=2))
    print(report)
    return 0 if all(passes(group) for group in summary.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
