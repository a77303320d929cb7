"""The measuring fixtures: `gpu` (device info) and `gpuperf` (compile, benchmark, check)."""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Dict, Optional, Sequence, Tuple

import pytest

from pytest_gpuperf import stats
from pytest_gpuperf.backends import is_numba_dispatcher, library_import_failure
from pytest_gpuperf.backends.base import compile_request
from pytest_gpuperf.device import ClockReading, DeviceInfo
from pytest_gpuperf.result import BenchmarkResult
from pytest_gpuperf.session import GpuPerfSession, session_of
from pytest_gpuperf.timers import EventTimer, host_enqueue_us

MODES = ("cold", "hot")
HOT_BATCH_MS = 2.0  # a hot batch lasts about this long, so event resolution (~0.5 us) is negligible
MAX_HOT_LAUNCHES = 1000
CHECK_EVERY = 10  # samples between noise checks (each check is O(samples))


@dataclass(frozen=True)
class Measurement:
    samples_ms: Tuple[float, ...]
    clocks: Tuple[ClockReading, ...]
    stop_reason: str
    launches_per_sample: int


def hold_microseconds(enqueue_us: float) -> float:
    """Hold the stream twice as long as the host needs to enqueue the timed work."""
    return min(max(2.0 * enqueue_us + 10.0, 20.0), 50_000.0)


def hot_launches(per_launch_ms: float) -> int:
    if per_launch_ms <= 0:
        return MAX_HOT_LAUNCHES
    # the epsilon keeps float noise in event differences from adding a launch
    return max(1, min(MAX_HOT_LAUNCHES, math.ceil(HOT_BATCH_MS / per_launch_ms - 1e-6)))


def measure(backend: Any, launch: Callable[[Any], None], stream: Any, mode: str,
            rule: stats.StopRule, clock_reader: Any) -> Measurement:
    """Warm up (JIT, caches; never timed), then sample until a stop rule fires."""
    timer = EventTimer(backend, stream)
    launch(stream)
    backend.synchronize_stream(stream)
    enqueue_us = max(host_enqueue_us(backend, launch, stream) for _ in range(3))
    estimate_ms = timer.cold(launch, hold_microseconds(enqueue_us))
    launches = 1 if mode == "cold" else hot_launches(estimate_ms)
    hold_us = hold_microseconds(enqueue_us * launches)
    samples, clocks, history = [], [], []
    started = backend.wall_seconds()
    while True:
        if mode == "cold":
            samples.append(timer.cold(launch, hold_us))
        else:
            samples.append(timer.hot(launch, launches, hold_us))
        clocks.append(clock_reader.read())
        elapsed = backend.wall_seconds() - started
        at_cap = len(samples) >= rule.max_samples or elapsed >= rule.max_time_s
        if len(samples) % CHECK_EVERY and not at_cap:
            continue
        history.append(stats.relative_noise(samples))
        reason = stats.stop_reason(rule, samples, elapsed, history)
        if reason:
            return Measurement(tuple(samples), tuple(clocks), reason, launches)


def _per_second(amount: Optional[float], ms: Optional[float]) -> Optional[float]:
    """amount per ms -> giga-amount per second."""
    if amount is None or not ms:
        return None
    return amount / (ms * 1e6)


def _fraction(achieved: Optional[float], peak: Optional[float]) -> Optional[float]:
    return achieved / peak if achieved is not None and peak else None


def build_result(name: str, test: str, mode: str, measurement: Measurement, tolerance: float,
                 bytes_moved: Optional[float], flops: Optional[float], device: DeviceInfo) -> BenchmarkResult:
    clocks = tuple(c.sm_mhz for c in measurement.clocks)
    drops = stats.clock_drops(clocks, [c.throttle_reason for c in measurement.clocks], tolerance)
    dropped = {index for index, _ in drops}
    kept = [s for i, s in enumerate(measurement.samples_ms) if i not in dropped]
    summary = stats.summarize(kept)
    median = summary.median if summary else None
    gbps, gflops = _per_second(bytes_moved, median), _per_second(flops, median)
    return BenchmarkResult(
        name=name, test=test, mode=mode, samples_ms=measurement.samples_ms, clocks_mhz=clocks,
        dropped_indices=tuple(i for i, _ in drops), drop_reasons=tuple(r for _, r in drops),
        stop_reason=measurement.stop_reason,
        median_ms=median, mean_ms=summary.mean if summary else None,
        min_ms=summary.minimum if summary else None, stdev_ms=summary.stdev if summary else None,
        q1_ms=summary.q1 if summary else None, q3_ms=summary.q3 if summary else None,
        bytes_moved=bytes_moved, flops=flops, gbps=gbps, gflops=gflops,
        bandwidth_fraction=_fraction(gbps, device.peak_bandwidth_gbps),
        flops_fraction=_fraction(gflops, device.peak_fp32_gflops),
        verdict=stats.PASS if summary else stats.INCONCLUSIVE, fingerprint=device.fingerprint,
        notes=(f"{launches_note(measurement)}",) if mode == "hot" else (),
    )


def launches_note(measurement: Measurement) -> str:
    return f"hot: {measurement.launches_per_sample} back-to-back launches per sample"


def not_timed_result(name: str, test: str, device: DeviceInfo, note: str) -> BenchmarkResult:
    return BenchmarkResult(
        name=name, test=test, mode="sim", samples_ms=(), clocks_mhz=(), dropped_indices=(),
        drop_reasons=(), stop_reason="not-timed", median_ms=None, mean_ms=None, min_ms=None,
        stdev_ms=None, q1_ms=None, q3_ms=None, bytes_moved=None, flops=None, gbps=None, gflops=None,
        bandwidth_fraction=None, flops_fraction=None, verdict=stats.NOT_TIMED,
        fingerprint=device.fingerprint, notes=(note,),
    )


def kernel_name(kernel: Any) -> str:
    for attribute in ("name", "__name__"):
        value = getattr(kernel, attribute, None)
        if isinstance(value, str) and value:
            return value
    py_func = getattr(kernel, "py_func", None)
    return getattr(py_func, "__name__", type(kernel).__name__)


def _check_amount(label: str, value: Optional[float]) -> Optional[float]:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
        raise ValueError(f"{label} must be a positive number of {label.split('_')[0]}, got {value!r}")
    return float(value)


# (rtol, atol) per dtype, as torch.testing.assert_close uses them; integers and bools are exact.
TOLERANCES: Dict[str, Tuple[float, float]] = {
    "float16": (1e-3, 1e-5), "bfloat16": (1.6e-2, 1e-5), "float32": (1.3e-6, 1e-5),
    "float64": (1e-7, 1e-7), "complex64": (1.3e-6, 1e-5), "complex128": (1e-7, 1e-7),
}


def host_array(array: Any) -> Any:
    """numpy view of a cupy / numba device array or anything array-like."""
    import numpy

    if hasattr(array, "copy_to_host"):
        return array.copy_to_host()
    if hasattr(array, "get") and type(array).__module__.startswith("cupy"):
        return array.get()
    return numpy.asarray(array)


def assert_close(actual: Any, expected: Any, *, rtol: Optional[float] = None,
                 atol: Optional[float] = None) -> None:
    """Raise AssertionError naming the max abs/rel errors and the first mismatching indices."""
    import numpy

    got, want = host_array(actual), host_array(expected)
    if got.shape != want.shape:
        raise AssertionError(f"shape mismatch: actual {got.shape}, expected {want.shape}")
    default_rtol, default_atol = TOLERANCES.get(str(got.dtype), (0.0, 0.0))
    rtol = default_rtol if rtol is None else rtol
    atol = default_atol if atol is None else atol
    complex_values = numpy.iscomplexobj(got) or numpy.iscomplexobj(want)
    wide = numpy.complex128 if complex_values else numpy.float64
    a, e = got.astype(wide), want.astype(wide)
    both_nan = numpy.isnan(a) & numpy.isnan(e)
    error = numpy.where(both_nan, 0.0, numpy.abs(a - e))
    with numpy.errstate(divide="ignore", invalid="ignore"):
        relative = numpy.where(error == 0, 0.0, error / numpy.abs(e))
    bad = ~(error <= atol + rtol * numpy.abs(e)) & ~both_nan
    if not bad.any():
        return
    first = [tuple(int(i) for i in index) for index in numpy.argwhere(bad)[:5]]
    lines = [f"{int(bad.sum())} of {bad.size} elements differ (dtype {got.dtype}, rtol={rtol:g}, atol={atol:g})",
             f"max absolute error {numpy.nanmax(error):.6g} at index "
             f"{_index(numpy.nanargmax(error), got.shape)}",
             f"max relative error {numpy.nanmax(relative):.6g} at index "
             f"{_index(numpy.nanargmax(relative), got.shape)}",
             "first mismatches:"]
    lines += [f"  {index}: actual {got[index]!r}, expected {want[index]!r}" for index in first]
    raise AssertionError("\n".join(lines))


def _index(flat: int, shape: Sequence[int]) -> Tuple[int, ...]:
    import numpy

    return tuple(int(i) for i in numpy.unravel_index(int(flat), shape)) if shape else ()


class Bench:
    """What the `gpuperf` fixture gives a test."""

    def __init__(self, session: GpuPerfSession, test: str):
        self.session = session
        self.test = test
        self.backend = session.backend
        self.device = session.device
        self.stream = self.backend.new_stream()
        self.results: list = []

    def compile(self, source: Optional[str] = None, *, path: Optional[str] = None,
                name_expressions: Sequence[str] = (), options: Sequence[str] = (),
                defines: Optional[Dict[str, Any]] = None, backend: str = "cupy") -> Any:
        """CUDA C++ through NVRTC (CuPy RawModule); cached by source, options and name expressions."""
        if self.backend.simulator:
            pytest.skip("compile() needs a GPU: --gpuperf-sim runs numba.cuda kernels only")
        if backend not in ("cupy", self.backend.name):
            raise ValueError(f"compile(backend={backend!r}): CUDA C++ is compiled with backend='cupy'")
        return self.backend.compile(compile_request(source, path, options, defines, name_expressions))

    def benchmark(self, kernel: Any, grid: Any, block: Any, args: Sequence[Any] = (), *,
                  shared_mem: int = 0, bytes_moved: Optional[float] = None,
                  flops: Optional[float] = None, name: Optional[str] = None,
                  mode: str = "cold") -> BenchmarkResult:
        """Time a CuPy RawKernel or numba.cuda kernel launched on the fixture's stream."""
        if self.backend.simulator and not is_numba_dispatcher(kernel):
            pytest.skip("--gpuperf-sim runs numba.cuda kernels only")
        launch = self.backend.launcher(kernel, grid, block, tuple(args), shared_mem)
        try:
            return self._run(launch, name or kernel_name(kernel), bytes_moved, flops, mode)
        except Exception as exc:
            problem = library_import_failure(exc)
            if problem is None:
                raise
        # outside the handler, so that pytest does not print the library's error again as its context
        pytest.fail(f"{kernel_name(kernel)} could not be launched: {problem}", pytrace=False)

    def benchmark_callable(self, fn: Callable[[Any], None], *, bytes_moved: Optional[float] = None,
                           flops: Optional[float] = None, name: Optional[str] = None,
                           mode: str = "cold") -> BenchmarkResult:
        """Time fn(stream), which must enqueue its GPU work on the stream it is given."""
        return self._run(fn, name or kernel_name(fn), bytes_moved, flops, mode)

    def assert_close(self, actual: Any, expected: Any, *, rtol: Optional[float] = None,
                     atol: Optional[float] = None) -> None:
        assert_close(actual, expected, rtol=rtol, atol=atol)

    def to_device(self, array: Any) -> Any:
        return self.backend.to_device(array)

    def empty(self, shape: Any, dtype: Any) -> Any:
        return self.backend.empty(shape, dtype)

    def to_host(self, array: Any) -> Any:
        return self.backend.to_host(array)

    def _unique(self, name: str) -> str:
        taken = {r.name for r in self.results}
        candidate, number = name, 2
        while candidate in taken:
            candidate, number = f"{name}#{number}", number + 1
        return candidate

    def _run(self, launch: Callable[[Any], None], name: str, bytes_moved: Optional[float],
             flops: Optional[float], mode: str) -> BenchmarkResult:
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}, got {mode!r}")
        bytes_moved = _check_amount("bytes_moved", bytes_moved)
        flops = _check_amount("flops", flops)
        name = self._unique(name)
        if self.backend.simulator:
            launch(self.stream)
            self.backend.synchronize_stream(self.stream)
            result = not_timed_result(name, self.test, self.device, "CUDA simulator: correctness only")
        else:
            result = self._timed(launch, name, bytes_moved, flops, mode)
        self.results.append(result)
        self.session.record(result)
        return result

    def _timed(self, launch: Callable[[Any], None], name: str, bytes_moved: Optional[float],
               flops: Optional[float], mode: str) -> BenchmarkResult:
        session = self.session

        def once() -> BenchmarkResult:
            measurement = measure(self.backend, launch, self.stream, mode, session.stop_rule,
                                  session.clock_reader)
            session.note_clocks(name, [c.sm_mhz for c in measurement.clocks])
            return build_result(name, self.test, mode, measurement, session.clock_tolerance,
                                bytes_moved, flops, self.device)

        result = session.judge(once())
        if result.verdict == stats.INCONCLUSIVE and result.baseline_median_ms is not None:
            result = session.judge(once(), remeasured=True)
        return result


@pytest.fixture
def gpu(request: pytest.FixtureRequest) -> DeviceInfo:
    """The CUDA device under test (name, compute capability, SMs, clocks, peaks, fingerprint)."""
    return session_of(request.config).require_backend().device


@pytest.fixture
def gpuperf(request: pytest.FixtureRequest) -> Bench:
    """Compile, launch, time and check kernels on the device under test."""
    session = session_of(request.config)
    session.require_backend()
    return Bench(session, request.node.nodeid)
