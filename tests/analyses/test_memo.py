"""Per-kernel results: computed once per key, dropped with the kernel."""
from __future__ import annotations

import gc

from kernel_lint.analyses.memo import per_kernel
from kernel_lint.frontend import FrontendOptions, build_unit


def test_a_result_is_computed_once_per_key_and_dropped_with_its_kernel():
    store: dict = {}
    calls = []
    unit = build_unit("k.cu", "__global__ void k(float* a) { a[0] = 0; }", FrontendOptions())
    kernel = unit.kernel("k")
    compute = lambda: calls.append(1) or len(calls)  # noqa: E731
    assert per_kernel(store, kernel, "a", compute) == 1 and per_kernel(store, kernel, "a", compute) == 1
    assert per_kernel(store, kernel, "b", compute) == 2
    key = id(kernel)
    del unit, kernel
    gc.collect()
    assert key not in store
