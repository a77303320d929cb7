"""The outcome of one benchmark: raw samples, statistics, throughput and verdict."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Optional, Tuple


@dataclass(frozen=True)
class BenchmarkResult:
    name: str
    test: str
    mode: str
    samples_ms: Tuple[float, ...]
    clocks_mhz: Tuple[Optional[float], ...]
    dropped_indices: Tuple[int, ...]
    drop_reasons: Tuple[str, ...]
    stop_reason: str
    median_ms: Optional[float]
    mean_ms: Optional[float]
    min_ms: Optional[float]
    stdev_ms: Optional[float]
    q1_ms: Optional[float]
    q3_ms: Optional[float]
    bytes_moved: Optional[float]
    flops: Optional[float]
    gbps: Optional[float]
    gflops: Optional[float]
    bandwidth_fraction: Optional[float]
    flops_fraction: Optional[float]
    verdict: str
    fingerprint: str
    baseline_median_ms: Optional[float] = None
    slowdown: Optional[float] = None
    noise_margin: Optional[float] = None
    remeasured: bool = False
    notes: Tuple[str, ...] = field(default_factory=tuple)

    @property
    def count(self) -> int:
        """Samples the statistics are built on (after dropping throttled ones)."""
        return len(self.samples_ms) - len(self.dropped_indices)

    @property
    def dropped(self) -> int:
        return len(self.dropped_indices)

    @property
    def kept_samples_ms(self) -> Tuple[float, ...]:
        dropped = set(self.dropped_indices)
        return tuple(s for i, s in enumerate(self.samples_ms) if i not in dropped)

    @property
    def clocks(self) -> Tuple[Optional[float], ...]:
        return self.clocks_mhz

    @property
    def peak_fraction(self) -> Optional[float]:
        """Bandwidth fraction when bytes were declared, else the flop fraction."""
        return self.bandwidth_fraction if self.bandwidth_fraction is not None else self.flops_fraction

    @property
    def relative_noise(self) -> Optional[float]:
        if self.stdev_ms is None or not self.mean_ms:
            return None
        return self.stdev_ms / self.mean_ms

    def to_dict(self) -> dict:
        data = asdict(self)
        data.update(count=self.count, dropped=self.dropped, peak_fraction=self.peak_fraction,
                    relative_noise=self.relative_noise)
        return data

    @classmethod
    def from_dict(cls, data: dict) -> "BenchmarkResult":
        names = set(cls.__dataclass_fields__)
        values = {k: v for k, v in data.items() if k in names}
        for key in ("samples_ms", "clocks_mhz", "dropped_indices", "drop_reasons", "notes"):
            values[key] = tuple(values.get(key) or ())
        return cls(**values)
