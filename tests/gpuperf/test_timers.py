from __future__ import annotations

import pytest

from pytest_gpuperf.backends.fake import FakeBackend, FakeKernel
from pytest_gpuperf.timers import EventTimer, VirtualClock, host_enqueue_us


def _timer():
    backend = FakeBackend()
    return backend, EventTimer(backend, backend.new_stream())


def test_cold_sample_times_the_launch_only_not_hold_or_flush():
    backend, timer = _timer()
    launch = backend.launcher(FakeKernel(1.0), 1, 1, (), 0)
    before = backend.clock.now_ms
    assert timer.cold(launch, hold_us=500.0) == pytest.approx(1.0)
    assert backend.clock.now_ms - before == pytest.approx(1.0 + 0.5 + 0.04)  # hold + flush happened


def test_hot_sample_is_batch_time_over_launches():
    backend, timer = _timer()
    launch = backend.launcher(FakeKernel(0.5, jitter=0.2, seed=3), 1, 1, (), 0)
    per_launch = timer.hot(launch, launches=8, hold_us=20.0)
    assert 0.4 <= per_launch <= 0.6
    assert backend.clock.now_ms == pytest.approx(0.02 + 8 * per_launch)


def test_virtual_clock_and_enqueue_time():
    clock = VirtualClock()
    clock.advance(2.5)
    assert clock.now_ms == 2.5
    backend = FakeBackend()
    assert host_enqueue_us(backend, backend.launcher(FakeKernel(1.0), 1, 1, (), 0), backend.new_stream()) >= 0
