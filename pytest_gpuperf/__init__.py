"""pytest-gpuperf: hold GPU kernels to performance budgets inside pytest."""
from __future__ import annotations

from pytest_gpuperf.device import DeviceInfo
from pytest_gpuperf.result import BenchmarkResult

__all__ = ["BenchmarkResult", "DeviceInfo"]
