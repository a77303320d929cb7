"""Terminal table (rich), JSON, Markdown step summary and roofline chart."""
from __future__ import annotations

import datetime
import io
import json
from pathlib import Path
from typing import Any, Iterable, List, Optional, Sequence

from pytest_gpuperf.result import BenchmarkResult

JSON_SCHEMA_VERSION = 1
COLUMNS = ("benchmark", "mode", "n", "dropped", "median ms", "min ms", "noise %",
           "GB/s", "GFLOP/s", "% peak", "vs base", "verdict")
TEXT_COLUMNS = ("benchmark", "mode", "verdict")


def _number(value: Optional[float], digits: int = 4) -> str:
    return "-" if value is None else f"{value:.{digits}g}"


def _percent(value: Optional[float], signed: bool = False) -> str:
    if value is None:
        return "-"
    return f"{100 * value:+.1f}%" if signed else f"{100 * value:.1f}%"


def row(result: BenchmarkResult) -> List[str]:
    noise = result.relative_noise
    verdict = result.verdict + (" (re-measured)" if result.remeasured else "")
    test_name = result.test.rsplit("::", 1)[-1]
    return [f"{test_name}::{result.name}", result.mode, str(result.count), str(result.dropped),
            _number(result.median_ms), _number(result.min_ms),
            "-" if noise is None else f"{100 * noise:.2f}",
            _number(result.gbps), _number(result.gflops), _percent(result.peak_fraction),
            _percent(result.slowdown, signed=True), verdict]


def terminal_table(results: Sequence[BenchmarkResult], devices: Iterable[dict], width: int) -> str:
    from rich.console import Console
    from rich.table import Table

    names = ", ".join(sorted({d["name"] for d in devices})) or "unknown device"
    table = Table(title=f"gpuperf results on {names}", show_lines=False)
    for column in COLUMNS:
        table.add_column(column, justify="left" if column in TEXT_COLUMNS else "right",
                         overflow="fold", min_width=28 if column == "benchmark" else None)
    for result in results:
        table.add_row(*row(result))
    buffer = io.StringIO()
    Console(file=buffer, width=max(width, 160), force_terminal=False, color_system=None).print(table)
    return buffer.getvalue().rstrip("\n")


def json_document(results: Sequence[BenchmarkResult], devices: Iterable[dict], environment: dict,
                  settings: dict, warnings: Sequence[str]) -> dict:
    return {
        "schema_version": JSON_SCHEMA_VERSION,
        "created": datetime.datetime.now(datetime.timezone.utc).isoformat(),
        "environment": environment,
        "settings": settings,
        "devices": list(devices),
        "results": [r.to_dict() for r in results],
        "warnings": list(warnings),
    }


def json_schema() -> dict:
    """The JSON Schema of --gpuperf-json documents (shipped as pytest_gpuperf/schema.json)."""
    return json.loads((Path(__file__).parent / "schema.json").read_text(encoding="utf-8"))


def write_json(path: Path, document: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(document, indent=2, sort_keys=True), encoding="utf-8")


def markdown(results: Sequence[BenchmarkResult], devices: Iterable[dict], warnings: Sequence[str]) -> str:
    names = ", ".join(sorted({d["name"] for d in devices})) or "unknown device"
    lines = [f"### gpuperf results on {names}", "",
             "| " + " | ".join(COLUMNS) + " |", "|" + "---|" * len(COLUMNS)]
    for result in results:
        cells = [cell.replace("|", "\\|") for cell in row(result)]
        lines.append("| " + " | ".join(cells) + " |")
    lines += [""] + [f"> {message}" for message in warnings]
    return "\n".join(lines).rstrip() + "\n"


def append_step_summary(path: Path, text: str) -> None:
    with path.open("a", encoding="utf-8") as handle:
        handle.write(text + "\n")


def roofline(results: Sequence[BenchmarkResult], device: Optional[dict], spec: Any,
             out_dir: Path) -> Optional[Path]:
    """Achieved vs peak per kernel; None when matplotlib is missing or nothing declared work."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    plotted = [r for r in results if r.median_ms and (r.gbps or r.gflops)]
    if not plotted:
        return None
    peak_bw = getattr(spec, "memory_bandwidth_gbps", None)
    peak_flops = getattr(spec, "peak_fp32_gflops", None)
    figure, (left, right) = plt.subplots(1, 2, figsize=(13, 5))
    _roofline_axes(left, plotted, peak_bw, peak_flops)
    _fraction_axes(right, plotted)
    title = device["name"] if device else "unknown device"
    figure.suptitle(f"gpuperf: achieved vs peak on {title}")
    figure.tight_layout()
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / "gpuperf-roofline.png"
    figure.savefig(path, dpi=120)
    plt.close(figure)
    return path


def _roofline_axes(axes: Any, results: Sequence[BenchmarkResult], peak_bw: Optional[float],
                   peak_flops: Optional[float]) -> None:
    both = [r for r in results if r.bytes_moved and r.flops]
    axes.set_xscale("log")
    axes.set_yscale("log")
    axes.set_xlabel("arithmetic intensity (FLOP/byte)")
    axes.set_ylabel("GFLOP/s")
    axes.set_title("roofline (kernels declaring bytes and flops)")
    intensities = [r.flops / r.bytes_moved for r in both] or [1.0]
    low, high = min(intensities + [0.01]) / 2, max(intensities + [100.0]) * 2
    if peak_bw and peak_flops:
        ridge = peak_flops / peak_bw
        xs = [low, ridge, high]
        axes.plot(xs, [min(peak_flops, peak_bw * x) for x in xs], color="black", label="peak (FP32)")
    for result in both:
        axes.scatter([result.flops / result.bytes_moved], [result.gflops], label=result.name)
    if both or (peak_bw and peak_flops):
        axes.legend(fontsize="small")


def _fraction_axes(axes: Any, results: Sequence[BenchmarkResult]) -> None:
    with_peak = [r for r in results if r.peak_fraction is not None]
    axes.set_title("fraction of peak (bandwidth if bytes declared, else FP32)")
    axes.barh([r.name for r in with_peak], [100 * r.peak_fraction for r in with_peak])
    axes.set_xlabel("% of peak")
    axes.set_xlim(0, 100)
