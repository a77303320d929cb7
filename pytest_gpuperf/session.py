"""Session state: the backend, every result, baselines, verdicts and merged worker parts."""
from __future__ import annotations

import dataclasses
import platform
import sys
from pathlib import Path
from typing import Any, Dict, List, Optional, Set

import pytest

from pytest_gpuperf import stats
from pytest_gpuperf.backends import NoDeviceError, create_backend
from pytest_gpuperf.options import Settings
from pytest_gpuperf.result import BenchmarkResult
from pytest_gpuperf.storage import Baseline, StorageError, load_baseline, result_key

UNLOCKED_CLOCK_SPREAD = 0.01  # SM clock varying more than 1% in one benchmark: clocks not locked


class GpuPerfSession:
    def __init__(self, settings: Settings, storage: Path):
        self.settings = settings
        self.storage = storage
        self.stop_rule = stats.StopRule(
            min_samples=settings.min_samples, max_samples=settings.max_samples,
            min_time_s=settings.min_time_s, max_time_s=settings.max_time_s,
            noise_target=settings.noise_percent / 100.0)
        self.clock_tolerance = settings.clock_tolerance_percent / 100.0
        self.backend: Any = None
        self.device: Any = None
        self.clock_reader: Any = None
        self.no_device_reason: Optional[str] = None
        self.poisoned: Optional[str] = None
        self.results: List[BenchmarkResult] = []
        self.devices: Dict[str, dict] = {}
        self.warnings: List[str] = []
        self._baseline: Optional[Baseline] = None
        self.failed_calls: Set[str] = set()  # tests whose call raised (a fault already reported)
        self.outputs: List[str] = []  # lines for the terminal summary (files written)

    # -- device -----------------------------------------------------------------------------
    def require_backend(self) -> "GpuPerfSession":
        """Create the backend on first use; skip the calling test when there is no device."""
        if self.backend is None and self.no_device_reason is None:
            try:
                self.backend = create_backend(self.settings.backend, fake_device=self.settings.fake_device,
                                              simulator=self.settings.sim)
                self.device = self.backend.device_info()
            except NoDeviceError as exc:
                self.no_device_reason = str(exc)
            else:
                self.clock_reader = self.backend.clock_reader(self.device)
                self.devices[self.device.fingerprint] = self.device.to_dict()
                if self.clock_reader.source == "device-attribute" and not self.settings.sim:
                    self.warn("SM clock per sample is not measured (install nvidia-ml-py for NVML): "
                              "throttled samples cannot be detected")
        if self.no_device_reason:
            pytest.skip(self.no_device_reason)
        return self

    def warn(self, message: str) -> None:
        if message not in self.warnings:
            self.warnings.append(message)

    def note_clocks(self, name: str, clocks_mhz: List[Optional[float]]) -> None:
        spread = stats.clock_spread(clocks_mhz)
        if spread > UNLOCKED_CLOCK_SPREAD:
            known = [c for c in clocks_mhz if c]
            self.warn(f"SM clock varied {min(known):.0f}-{max(known):.0f} MHz during {name}: clocks are "
                      f"not locked (lock them with `nvidia-smi -lgc`; gpuperf never changes clocks)")

    # -- results ----------------------------------------------------------------------------
    def record(self, result: BenchmarkResult) -> None:
        self.results.append(result)

    def replace(self, old: BenchmarkResult, new: BenchmarkResult) -> None:
        self.results[self.results.index(old)] = new

    def results_of(self, test: str) -> List[BenchmarkResult]:
        return [r for r in self.results if r.test == test]

    # -- baselines --------------------------------------------------------------------------
    def baseline(self) -> Optional[Baseline]:
        if self.settings.compare is None:
            return None
        if self._baseline is None:
            self._baseline = load_baseline(self.storage, self.settings.compare, self.device.fingerprint)
            if self._baseline.note:
                self.warn(self._baseline.note)
        return self._baseline

    def judge(self, result: BenchmarkResult, remeasured: bool = False) -> BenchmarkResult:
        """Attach the baseline comparison (pass / fail / inconclusive) to a fresh result."""
        try:
            baseline = self.baseline()
        except StorageError as exc:
            pytest.fail(str(exc), pytrace=False)
        if baseline is None or result.median_ms is None:
            return dataclasses.replace(result, remeasured=remeasured)
        key = result_key(result)
        reference = baseline.entries.get(key)
        if reference is None:
            note = baseline.note or f"no entry in baseline {self.settings.compare!r}"
            return dataclasses.replace(result, remeasured=remeasured, notes=result.notes + (note,))
        if baseline.modes.get(key, result.mode) != result.mode:
            note = f"baseline was measured {baseline.modes[key]}, now {result.mode}: not compared"
            return dataclasses.replace(result, remeasured=remeasured, notes=result.notes + (note,))
        current = stats.summarize(result.kept_samples_ms)
        comparison = stats.compare_to_baseline(current, reference, self.settings.regression_percent / 100.0)
        return dataclasses.replace(result, verdict=comparison.verdict, baseline_median_ms=reference.median,
                                   slowdown=comparison.slowdown, noise_margin=comparison.noise_margin,
                                   remeasured=remeasured)

    # -- xdist parts ------------------------------------------------------------------------
    def to_part(self) -> dict:
        return {"results": [r.to_dict() for r in self.results], "devices": self.devices,
                "warnings": self.warnings, "poisoned": self.poisoned}

    def merge_part(self, part: dict) -> None:
        self.results.extend(BenchmarkResult.from_dict(r) for r in part.get("results", ()))
        self.devices.update(part.get("devices", {}))
        for message in part.get("warnings", ()):
            self.warn(message)
        if part.get("poisoned"):
            self.warn(part["poisoned"])

    def verdict_counts(self) -> Dict[str, int]:
        counts: Dict[str, int] = {}
        for result in self.results:
            counts[result.verdict] = counts.get(result.verdict, 0) + 1
        return counts


def regression_message(results: List[BenchmarkResult], threshold_percent: float) -> str:
    lines = [f"gpuperf regression beyond {threshold_percent:g}% (and beyond the measured noise):"]
    for r in results:
        lines.append(f"  {r.name}: median {r.median_ms:.4g} ms vs baseline {r.baseline_median_ms:.4g} ms "
                     f"({100 * r.slowdown:+.1f}%, noise explains up to {100 * r.noise_margin:.1f}%)")
    return "\n".join(lines)


def environment() -> dict:
    versions = {}
    for module in ("cupy", "numba", "numpy", "pynvml"):
        loaded = sys.modules.get(module)
        if loaded is not None:
            versions[module] = getattr(loaded, "__version__", "unknown")
    return {"python": platform.python_version(), "platform": platform.platform(),
            "pytest": pytest.__version__, "modules": versions}


SESSION_KEY = pytest.StashKey[GpuPerfSession]()


def session_of(config: pytest.Config) -> GpuPerfSession:
    return config.stash[SESSION_KEY]
