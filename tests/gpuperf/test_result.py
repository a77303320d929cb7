from __future__ import annotations

import json

from pytest_gpuperf.result import BenchmarkResult


def test_counts_exclude_dropped_samples(make_result):
    result = make_result(samples_ms=(1.0, 9.0, 1.0), dropped_indices=(1,), drop_reasons=("throttled",))
    assert (result.count, result.dropped, result.kept_samples_ms) == (2, 1, (1.0, 1.0))


def test_peak_fraction_prefers_bandwidth(make_result):
    assert make_result(bandwidth_fraction=0.8, flops_fraction=0.1).peak_fraction == 0.8
    assert make_result(flops_fraction=0.1).peak_fraction == 0.1
    assert make_result().peak_fraction is None


def test_dict_round_trip_through_json(make_result):
    result = make_result(notes=("hot",), slowdown=0.1)
    data = json.loads(json.dumps(result.to_dict()))
    assert data["count"] == 10 and data["peak_fraction"] is None
    assert BenchmarkResult.from_dict(data) == result
