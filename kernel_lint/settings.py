"""Resolved settings for one run: defaults < config file < command line (config.py merges them)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Tuple

from kernel_lint.findings import Severity

DEFAULT_EXTENSIONS = (".cu", ".cuh", ".cuda")


@dataclass(frozen=True)
class Thresholds:
    coalescing_min_ratio: float = 2.0  # sectors / ideal at or above which an access is reported
    bank_conflict_min_degree: int = 2  # n-way degree at or above which a shared access is reported
    divergence_min_idle_fraction: float = 0.4  # lanes left idle by a branch, fraction of the warp
    occupancy_min: float = 0.5  # occupancy below which a launch is reported
    assumed_registers: int = 32  # registers per thread when ptxas data is not available


@dataclass(frozen=True)
class Settings:
    select: Tuple[str, ...] = ("ALL",)
    ignore: Tuple[str, ...] = ()
    per_file_ignores: Mapping[str, Tuple[str, ...]] = field(default_factory=dict)
    severity_overrides: Mapping[str, Severity] = field(default_factory=dict)
    gpus: Tuple[str, ...] = ("h100",)
    default_block_size: Tuple[int, int, int] = (256, 1, 1)
    include_dirs: Tuple[str, ...] = ()
    defines: Mapping[str, str] = field(default_factory=dict)
    extensions: Tuple[str, ...] = DEFAULT_EXTENSIONS
    exclude: Tuple[str, ...] = ()
    fail_on: Severity = Severity.WARNING
    thresholds: Thresholds = field(default_factory=Thresholds)
    use_nvcc: bool = False

    def fingerprint(self) -> str:
        """A stable text of everything that changes findings (for the cache key)."""
        return repr(
            (
                self.select,
                self.ignore,
                sorted(self.per_file_ignores.items()),
                sorted((k, v.value) for k, v in self.severity_overrides.items()),
                self.gpus,
                self.default_block_size,
                self.include_dirs,
                sorted(self.defines.items()),
                self.thresholds,
                self.use_nvcc,
            )
        )

