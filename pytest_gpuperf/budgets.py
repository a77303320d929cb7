"""The gpuperf marker: keyword validation and absolute budget checks."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, List, Mapping, Optional, Sequence

from pytest_gpuperf.device import matches_gpu_key
from pytest_gpuperf.result import BenchmarkResult

METRIC_KEYWORDS = ("max_ms", "min_gbps", "min_gflops", "min_peak_fraction")
MARKER_KEYWORDS = METRIC_KEYWORDS + ("per_gpu", "result")


class BudgetError(ValueError):
    """A malformed gpuperf marker; reported at test setup."""


@dataclass(frozen=True)
class Budget:
    max_ms: Optional[float] = None
    min_gbps: Optional[float] = None
    min_gflops: Optional[float] = None
    min_peak_fraction: Optional[float] = None
    result: Optional[str] = None
    gpu_key: Optional[str] = None  # the per_gpu entry that applied


@dataclass(frozen=True)
class BudgetCheck:
    result_name: str
    metric: str
    budget: float
    measured: Optional[float]
    status: str  # "ok", "miss", "inconclusive"
    note: str = ""


def _check_metrics(values: Mapping[str, Any], where: str) -> Dict[str, float]:
    metrics = {}
    for key, value in values.items():
        if key not in METRIC_KEYWORDS:
            raise BudgetError(f"{where}: unknown keyword {key!r}; allowed: {', '.join(METRIC_KEYWORDS)}")
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
            raise BudgetError(f"{where}: {key} must be a positive number, got {value!r}")
        metrics[key] = float(value)
    if metrics.get("min_peak_fraction", 0.0) > 1.0:
        raise BudgetError(f"{where}: min_peak_fraction is a fraction of peak (0..1], "
                          f"got {metrics['min_peak_fraction']}")
    return metrics


def validate_marker(args: Sequence[Any], kwargs: Mapping[str, Any]) -> None:
    """Raise BudgetError naming the problem in a gpuperf marker."""
    if args:
        raise BudgetError("@pytest.mark.gpuperf takes keywords only, e.g. gpuperf(max_ms=1.5)")
    unknown = sorted(set(kwargs) - set(MARKER_KEYWORDS))
    if unknown:
        raise BudgetError(f"@pytest.mark.gpuperf: unknown keyword(s) {', '.join(unknown)}; "
                          f"allowed: {', '.join(MARKER_KEYWORDS)}")
    _check_metrics({k: v for k, v in kwargs.items() if k in METRIC_KEYWORDS}, "@pytest.mark.gpuperf")
    result = kwargs.get("result")
    if result is not None and not isinstance(result, str):
        raise BudgetError(f"@pytest.mark.gpuperf: result must be a benchmark name (str), got {result!r}")
    per_gpu = kwargs.get("per_gpu", {})
    if not isinstance(per_gpu, Mapping):
        raise BudgetError("@pytest.mark.gpuperf: per_gpu must map a GPU name to budgets, "
                          "e.g. per_gpu={'H100': {'max_ms': 0.2}}")
    for gpu_key, entry in per_gpu.items():
        if not isinstance(entry, Mapping):
            raise BudgetError(f"@pytest.mark.gpuperf: per_gpu[{gpu_key!r}] must be a dict of budgets")
        _check_metrics(entry, f"@pytest.mark.gpuperf per_gpu[{gpu_key!r}]")


def budget_for_device(kwargs: Mapping[str, Any], device_name: str) -> Budget:
    """Marker budgets with the first per_gpu entry matching the device name laid over them."""
    metrics = {k: float(v) for k, v in kwargs.items() if k in METRIC_KEYWORDS}
    gpu_key = None
    for key, entry in (kwargs.get("per_gpu") or {}).items():
        if matches_gpu_key(device_name, key):
            metrics.update({k: float(v) for k, v in entry.items()})
            gpu_key = key
            break
    return Budget(result=kwargs.get("result"), gpu_key=gpu_key, **metrics)


def _measure(result: BenchmarkResult, metric: str) -> Optional[float]:
    return {"max_ms": result.median_ms, "min_gbps": result.gbps, "min_gflops": result.gflops,
            "min_peak_fraction": result.peak_fraction}[metric]


_MISSING_INPUT = {
    "min_gbps": "declare bytes_moved= to budget bandwidth",
    "min_gflops": "declare flops= to budget GFLOP/s",
    "min_peak_fraction": "needs bytes_moved= or flops= and a GPU known to kernel_lint.gpus",
}


def check_result(budget: Budget, result: BenchmarkResult) -> List[BudgetCheck]:
    checks = []
    for metric in METRIC_KEYWORDS:
        limit = getattr(budget, metric)
        if limit is None:
            continue
        measured = _measure(result, metric)
        if result.median_ms is None:
            checks.append(BudgetCheck(result.name, metric, limit, None, "inconclusive",
                                      "every sample was dropped (throttled)"))
        elif measured is None:
            checks.append(BudgetCheck(result.name, metric, limit, None, "miss", _MISSING_INPUT[metric]))
        else:
            ok = measured <= limit if metric == "max_ms" else measured >= limit
            checks.append(BudgetCheck(result.name, metric, limit, measured, "ok" if ok else "miss"))
    return checks


def evaluate(budget: Budget, results: Sequence[BenchmarkResult]) -> List[BudgetCheck]:
    """Budget checks for the results the marker names (all of them without result=)."""
    if not results:
        raise BudgetError("@pytest.mark.gpuperf budgets need a measurement: the test ran no "
                          "gpuperf.benchmark()")
    chosen = [r for r in results if budget.result is None or r.name == budget.result]
    if not chosen:
        names = ", ".join(r.name for r in results)
        raise BudgetError(f"@pytest.mark.gpuperf(result={budget.result!r}) names no benchmark of this "
                          f"test (measured: {names})")
    return [check for r in chosen for check in check_result(budget, r)]


def _format(value: Optional[float]) -> str:
    return "-" if value is None else f"{value:.4g}"


def format_checks(checks: Sequence[BudgetCheck], device_name: str, gpu_key: Optional[str]) -> str:
    """The measured-vs-budget table a failing test shows."""
    rows = [("benchmark", "metric", "measured", "budget", "status")]
    for c in checks:
        relation = "<=" if c.metric == "max_ms" else ">="
        status = c.status.upper() if c.status != "ok" else "ok"
        rows.append((c.result_name, c.metric, _format(c.measured), f"{relation} {_format(c.budget)}",
                     status + (f" ({c.note})" if c.note else "")))
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    lines = ["  ".join(cell.ljust(width) for cell, width in zip(row[:4], widths)) + "  " + row[4]
             for row in rows]
    source = f"per_gpu[{gpu_key!r}]" if gpu_key else "marker"
    misses = sum(c.status == "miss" for c in checks)
    return "\n".join([f"gpuperf budget missed on {device_name} ({misses} of {len(checks)} checks, "
                      f"budgets from {source}):"] + lines)
