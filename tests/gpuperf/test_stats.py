from __future__ import annotations

import math

import pytest

from pytest_gpuperf import stats
from pytest_gpuperf.stats import SampleStats, StopRule


def test_summarize_matches_hand_computed_values():
    summary = stats.summarize([4.0, 1.0, 3.0, 2.0])
    assert summary.count == 4
    assert summary.median == 2.5
    assert summary.mean == 2.5
    assert summary.minimum == 1.0 and summary.maximum == 4.0
    assert summary.q1 == pytest.approx(1.75)  # position 0.75 between 1 and 2
    assert summary.q3 == pytest.approx(3.25)
    assert summary.stdev == pytest.approx(math.sqrt(5.0 / 3.0))  # (2.25+0.25+0.25+2.25)/3
    assert summary.relative_noise == pytest.approx(math.sqrt(5.0 / 3.0) / 2.5)


def test_summarize_of_nothing_is_none_not_nan():
    assert stats.summarize([]) is None
    assert stats.relative_noise([]) == math.inf


def test_single_sample_has_zero_stdev():
    summary = stats.summarize([2.0])
    assert (summary.median, summary.stdev, summary.q1, summary.q3) == (2.0, 0.0, 2.0, 2.0)


def test_quantile_rejects_empty():
    with pytest.raises(ValueError):
        stats.quantile([], 0.5)


def test_noise_stabilised_needs_a_full_window_within_tolerance():
    assert not stats.noise_has_stabilised([0.02, 0.02, 0.02, 0.02])
    assert stats.noise_has_stabilised([0.5, 0.0200, 0.0201, 0.0202, 0.0199, 0.0200])
    assert not stats.noise_has_stabilised([0.02, 0.03, 0.02, 0.03, 0.02])
    assert not stats.noise_has_stabilised([math.inf] * 5)


RULE = StopRule(min_samples=10, max_samples=100, min_time_s=1.0, max_time_s=5.0, noise_target=0.01)


@pytest.mark.parametrize("samples, elapsed, history, expected", [
    ([1.0] * 100, 0.1, [], "max-samples"),
    ([1.0, 2.0], 5.0, [], "timeout"),
    ([1.0] * 9, 2.0, [], None),                      # too few samples
    ([1.0] * 20, 0.5, [], None),                     # too little time
    ([1.0] * 20, 2.0, [], "noise-target"),
    ([1.0, 2.0] * 10, 2.0, [0.3] * 5, "noise-stable"),
    ([1.0, 2.0] * 10, 2.0, [0.1, 0.3, 0.5], None),   # noisy and still moving
])
def test_stop_reason(samples, elapsed, history, expected):
    assert stats.stop_reason(RULE, samples, elapsed, history) == expected


def _stats(median: float, stdev: float) -> SampleStats:
    return SampleStats(count=100, median=median, mean=median, minimum=median, maximum=median,
                       stdev=stdev, q1=median, q3=median)


def test_clear_slowdown_fails():
    comparison = stats.compare_to_baseline(_stats(1.10, 0.011), _stats(1.0, 0.01), threshold=0.05)
    assert comparison.verdict == stats.FAIL
    assert comparison.slowdown == pytest.approx(0.10)
    assert comparison.noise_margin == pytest.approx(2 * math.hypot(0.01, 0.01))


def test_slowdown_the_noise_can_explain_is_inconclusive():
    comparison = stats.compare_to_baseline(_stats(1.06, 0.0106), _stats(1.0, 0.01), threshold=0.05)
    assert comparison.verdict == stats.INCONCLUSIVE


def test_small_slowdown_and_any_speedup_pass():
    assert stats.compare_to_baseline(_stats(1.04, 0.0), _stats(1.0, 0.0), 0.05).verdict == stats.PASS
    speedup = stats.compare_to_baseline(_stats(0.5, 0.0), _stats(1.0, 0.0), 0.05)
    assert speedup.verdict == stats.PASS and speedup.slowdown == pytest.approx(-0.5)


def test_clock_drops_names_throttled_and_slow_clock_samples():
    drops = stats.clock_drops([1980, 1980, 1700, 1980], [None, "hw-thermal", None, None], tolerance=0.1)
    assert drops == [(1, "throttled (hw-thermal)"), (2, "SM clock 1700 MHz < 90% of 1980 MHz")]


def test_clock_drops_without_clock_readings_drops_nothing():
    assert stats.clock_drops([None, None], [None, None], 0.1) == []


def test_clock_spread():
    assert stats.clock_spread([2000, 1900, None]) == pytest.approx(0.05)
    assert stats.clock_spread([2000]) == 0.0
