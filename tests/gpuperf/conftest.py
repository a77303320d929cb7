"""The plugin's tests drive pytest in-process with pytester.

pytest forbids `pytest_plugins` in a conftest below the rootdir, so pytester is
registered here when this conftest loads; its options are historic and get defaults.
"""
from __future__ import annotations

import pytest

from pytest_gpuperf.result import BenchmarkResult


def pytest_configure(config: pytest.Config) -> None:
    if not config.pluginmanager.hasplugin("pytester"):
        config.pluginmanager.import_plugin("pytester")



def _make_result(name: str = "k", median: float = 1.0, **overrides) -> BenchmarkResult:
    values = dict(
        name=name, test="test_x.py::test_k", mode="cold", samples_ms=(median,) * 10,
        clocks_mhz=(1980.0,) * 10, dropped_indices=(), drop_reasons=(), stop_reason="noise-target",
        median_ms=median, mean_ms=median, min_ms=median, stdev_ms=0.0, q1_ms=median, q3_ms=median,
        bytes_moved=None, flops=None, gbps=None, gflops=None, bandwidth_fraction=None,
        flops_fraction=None, verdict="pass", fingerprint="FAKE-sm132",
    )
    values.update(overrides)
    return BenchmarkResult(**values)


@pytest.fixture
def make_result():
    """Build a BenchmarkResult by hand for tests of the pure layers."""
    return _make_result
