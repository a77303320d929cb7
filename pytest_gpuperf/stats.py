"""Pure statistics over timing samples (no GPU, no pytest).

Relative noise is the sample standard deviation divided by the mean (nvbench's
"stdrel"); it is what adaptive stopping compares against the noise target.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import List, Optional, Sequence, Tuple


@dataclass(frozen=True)
class SampleStats:
    count: int
    median: float
    mean: float
    minimum: float
    maximum: float
    stdev: float
    q1: float
    q3: float

    @property
    def relative_noise(self) -> float:
        """stdev / mean; 0 when the mean is 0."""
        return self.stdev / self.mean if self.mean > 0 else 0.0


def quantile(sorted_values: Sequence[float], q: float) -> float:
    """Linear-interpolation quantile (numpy's default 'linear' method)."""
    if not sorted_values:
        raise ValueError("quantile of an empty sequence")
    position = (len(sorted_values) - 1) * q
    lower = math.floor(position)
    upper = math.ceil(position)
    fraction = position - lower
    return sorted_values[lower] + (sorted_values[upper] - sorted_values[lower]) * fraction


def sample_stdev(values: Sequence[float]) -> float:
    """Sample (n-1) standard deviation; 0 for fewer than two values."""
    if len(values) < 2:
        return 0.0
    mean = sum(values) / len(values)
    return math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1))


def summarize(samples: Sequence[float]) -> Optional[SampleStats]:
    """Summary of the samples, or None when there are none (an inconclusive result)."""
    if not samples:
        return None
    ordered = sorted(samples)
    return SampleStats(
        count=len(ordered),
        median=quantile(ordered, 0.5),
        mean=sum(ordered) / len(ordered),
        minimum=ordered[0],
        maximum=ordered[-1],
        stdev=sample_stdev(ordered),
        q1=quantile(ordered, 0.25),
        q3=quantile(ordered, 0.75),
    )


def relative_noise(samples: Sequence[float]) -> float:
    stats = summarize(samples)
    return stats.relative_noise if stats else math.inf


def noise_has_stabilised(history: Sequence[float], window: int = 5, tolerance: float = 0.05) -> bool:
    """True when the last `window` noise readings lie within `tolerance` (relative) of their mean.

    A kernel whose noise will never reach the target (a noisy shared GPU) stops here
    instead of running to the timeout: more samples would not change the answer.
    """
    if len(history) < window:
        return False
    recent = history[-window:]
    centre = sum(recent) / window
    if not math.isfinite(centre) or centre <= 0:
        return False
    return (max(recent) - min(recent)) / centre <= tolerance


@dataclass(frozen=True)
class StopRule:
    min_samples: int = 10
    max_samples: int = 5000
    min_time_s: float = 0.25
    max_time_s: float = 10.0
    noise_target: float = 0.005


def stop_reason(rule: StopRule, samples: Sequence[float], elapsed_s: float,
                noise_history: Sequence[float]) -> Optional[str]:
    """Why measuring should stop now, or None to keep going. Hard caps win over everything."""
    if len(samples) >= rule.max_samples:
        return "max-samples"
    if elapsed_s >= rule.max_time_s and len(samples) >= 1:
        return "timeout"
    if len(samples) < rule.min_samples or elapsed_s < rule.min_time_s:
        return None
    if relative_noise(samples) <= rule.noise_target:
        return "noise-target"
    if noise_has_stabilised(noise_history):
        return "noise-stable"
    return None


# Verdicts against a baseline.
PASS = "pass"
FAIL = "fail"
INCONCLUSIVE = "inconclusive"
NOT_TIMED = "not-timed"


@dataclass(frozen=True)
class Comparison:
    verdict: str
    slowdown: float  # current/baseline - 1 (negative = faster)
    noise_margin: float  # relative slowdown the measured noise can explain


def compare_to_baseline(current: SampleStats, baseline: SampleStats, threshold: float) -> Comparison:
    """Judge a slowdown. Only slowdowns fail; the noise margin is two combined relative stdevs.

    margin = 2 * sqrt((stdev_c/median_c)^2 + (stdev_b/median_b)^2). A slowdown above
    threshold + margin fails, one above the threshold but within the margin is inconclusive.
    """
    slowdown = current.median / baseline.median - 1.0 if baseline.median > 0 else 0.0
    margin = 2.0 * math.hypot(_rel(current), _rel(baseline))
    if slowdown <= threshold:
        verdict = PASS
    elif slowdown > threshold + margin:
        verdict = FAIL
    else:
        verdict = INCONCLUSIVE
    return Comparison(verdict=verdict, slowdown=slowdown, noise_margin=margin)


def _rel(stats: SampleStats) -> float:
    return stats.stdev / stats.median if stats.median > 0 else 0.0


def clock_drops(clocks_mhz: Sequence[Optional[float]], throttle_reasons: Sequence[Optional[str]],
                tolerance: float) -> List[Tuple[int, str]]:
    """(index, reason) of samples to drop: reported throttled, or SM clock more than
    `tolerance` (a fraction) under the highest clock of the run."""
    known = [c for c in clocks_mhz if c]
    top = max(known) if known else None
    drops = []
    for index, (clock, reason) in enumerate(zip(clocks_mhz, throttle_reasons)):
        if reason:
            drops.append((index, f"throttled ({reason})"))
        elif top and clock and clock < top * (1.0 - tolerance):
            drops.append((index, f"SM clock {clock:.0f} MHz < {100 * (1 - tolerance):.0f}% of {top:.0f} MHz"))
    return drops


def clock_spread(clocks_mhz: Sequence[Optional[float]]) -> float:
    """(max - min) / max of the known clocks; 0 when fewer than two are known."""
    known = [c for c in clocks_mhz if c]
    if len(known) < 2:
        return 0.0
    return (max(known) - min(known)) / max(known)
