from __future__ import annotations

import pytest

from pytest_gpuperf.budgets import (Budget, BudgetError, budget_for_device, check_result, evaluate,
                                    format_checks, validate_marker)


@pytest.mark.parametrize("args, kwargs, message", [
    ((1.0,), {}, "keywords only"),
    ((), {"max_msec": 1.0}, "unknown keyword(s) max_msec"),
    ((), {"max_ms": -1}, "max_ms must be a positive number"),
    ((), {"max_ms": True}, "max_ms must be a positive number"),
    ((), {"min_peak_fraction": 80}, "fraction of peak"),
    ((), {"result": 3}, "result must be a benchmark name"),
    ((), {"per_gpu": ["H100"]}, "per_gpu must map"),
    ((), {"per_gpu": {"H100": 1.0}}, "per_gpu['H100'] must be a dict"),
    ((), {"per_gpu": {"H100": {"max_gbps": 1.0}}}, "per_gpu['H100']: unknown keyword 'max_gbps'"),
])
def test_malformed_markers_are_named(args, kwargs, message):
    with pytest.raises(BudgetError) as error:
        validate_marker(args, kwargs)
    assert message in str(error.value)


def test_valid_marker_passes_validation():
    validate_marker((), {"max_ms": 1, "min_gbps": 2.5, "per_gpu": {"H100": {"max_ms": 0.5}}, "result": "k"})


def test_per_gpu_entry_overrides_for_matching_device_only():
    marker = {"max_ms": 2.0, "min_gbps": 10.0, "per_gpu": {"h100": {"max_ms": 0.5}}}
    h100 = budget_for_device(marker, "NVIDIA H100 80GB HBM3")
    assert (h100.max_ms, h100.min_gbps, h100.gpu_key) == (0.5, 10.0, "h100")
    other = budget_for_device(marker, "NVIDIA A100-SXM4-80GB")
    assert (other.max_ms, other.gpu_key) == (2.0, None)


def test_checks_compare_median_and_throughput(make_result):
    result = make_result(median=1.0, gbps=500.0, gflops=None, bandwidth_fraction=0.2)
    checks = check_result(Budget(max_ms=0.9, min_gbps=400.0, min_gflops=1.0, min_peak_fraction=0.5), result)
    assert [(c.metric, c.status) for c in checks] == [
        ("max_ms", "miss"), ("min_gbps", "ok"), ("min_gflops", "miss"), ("min_peak_fraction", "miss")]
    assert "declare flops=" in checks[2].note


def test_all_samples_dropped_is_inconclusive_not_a_miss(make_result):
    result = make_result(median=None, verdict="inconclusive")
    (check,) = check_result(Budget(max_ms=1.0), result)
    assert check.status == "inconclusive"


def test_result_keyword_selects_one_benchmark(make_result):
    results = [make_result("a", median=5.0), make_result("b", median=1.0)]
    checks = evaluate(Budget(max_ms=2.0, result="b"), results)
    assert [(c.result_name, c.status) for c in checks] == [("b", "ok")]
    with pytest.raises(BudgetError, match="names no benchmark"):
        evaluate(Budget(max_ms=2.0, result="c"), results)


def test_budget_without_any_measurement_is_an_error():
    with pytest.raises(BudgetError, match="ran no gpuperf.benchmark"):
        evaluate(Budget(max_ms=1.0), [])


def test_failure_table_shows_measured_against_budget(make_result):
    checks = check_result(Budget(max_ms=0.5, min_gbps=100.0), make_result("copy", median=1.0, gbps=150.0))
    text = format_checks(checks, "NVIDIA H100", "H100")
    assert text.splitlines() == [
        "gpuperf budget missed on NVIDIA H100 (1 of 2 checks, budgets from per_gpu['H100']):",
        "benchmark  metric    measured  budget  status",
        "copy       max_ms    1         <= 0.5  MISS",
        "copy       min_gbps  150       >= 100  ok",
    ]
