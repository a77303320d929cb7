from __future__ import annotations

import dataclasses

import numpy
import pytest

from pytest_gpuperf.backends.fake import FakeBackend, FakeKernel
from pytest_gpuperf.device import ClockReading
from pytest_gpuperf.fixture import (Bench, Measurement, assert_close, build_result, hold_microseconds,
                                    hot_launches, kernel_name, measure)
from pytest_gpuperf.options import OPTIONS, settings_from
from pytest_gpuperf.session import GpuPerfSession
from pytest_gpuperf.stats import StopRule


@pytest.fixture(autouse=True)
def _steady_host_clock(monkeypatch):
    """The host's enqueue time sizes the stream hold and with it every virtual sample; a loaded CI
    machine must not change how many samples fit in min_time, so the host clock ticks 5 us a read."""
    ticks = iter(range(10**9))
    monkeypatch.setattr("pytest_gpuperf.timers.host_seconds", lambda: next(ticks) * 5e-6)


def _session(tmp_path, **overrides) -> GpuPerfSession:
    values = {spec.ini: spec.default for spec in OPTIONS}
    values.update(gpuperf=True, gpuperf_backend="fake", **overrides)
    return GpuPerfSession(settings_from(values), tmp_path).require_backend()


def _measure(kernel, mode="cold", rule=StopRule()):
    backend = FakeBackend()
    stream = backend.new_stream()
    launch = backend.launcher(kernel, 1, 1, (), 0)
    return measure(backend, launch, stream, mode, rule, backend.clock_reader(backend.device_info()))


def test_quiet_kernel_stops_on_the_noise_target_after_min_time():
    measurement = _measure(FakeKernel(1.0, jitter=0.001))
    assert measurement.stop_reason == "noise-target"
    # 0.25 s of virtual time at ~1.04 ms per sample (kernel + flush + hold), checked every 10
    assert 240 <= len(measurement.samples_ms) <= 250


def test_noisy_kernel_stops_when_noise_stabilises_not_at_the_timeout():
    measurement = _measure(FakeKernel(1.0, jitter=0.2, seed=1))
    assert measurement.stop_reason == "noise-stable"


def test_drifting_kernel_hits_the_hard_cap():
    rule = StopRule(min_samples=10, max_samples=60, min_time_s=0.01, max_time_s=10.0, noise_target=1e-9)
    measurement = _measure(FakeKernel(1.0, drift=0.05), rule=rule)
    assert (measurement.stop_reason, len(measurement.samples_ms)) == ("max-samples", 60)


def test_warm_up_launches_are_never_samples():
    kernel = FakeKernel(1.0)
    measurement = _measure(kernel, rule=StopRule(min_samples=10, max_samples=10))
    assert kernel.launches == len(measurement.samples_ms) + 5  # 1 JIT + 3 enqueue probes + 1 estimate


def test_hot_mode_batches_launches():
    measurement = _measure(FakeKernel(0.01), mode="hot", rule=StopRule(max_samples=20))
    assert measurement.launches_per_sample == 200
    assert measurement.samples_ms[0] == pytest.approx(0.01)


def test_hold_and_batch_sizes_are_bounded():
    assert hold_microseconds(0.0) == 20.0
    assert hold_microseconds(100.0) == 210.0
    assert hold_microseconds(1e9) == 50_000.0
    assert hot_launches(10.0) == 1
    assert hot_launches(0.0) == 1000
    assert hot_launches(0.5) == 4


def _device():
    return FakeBackend().device_info()


def test_throughput_uses_the_median_of_kept_samples():
    clocks = (ClockReading(1980.0),) * 4 + (ClockReading(1980.0, "hw-thermal"),)
    measurement = Measurement((1.0, 2.0, 2.0, 3.0, 50.0), clocks, "noise-target", 1)
    result = build_result("k", "t", "cold", measurement, 0.1, bytes_moved=4e9, flops=2e9, device=_device())
    assert (result.median_ms, result.count, result.dropped) == (2.0, 4, 1)
    assert result.drop_reasons == ("throttled (hw-thermal)",)
    assert result.gbps == pytest.approx(2000.0)  # 4e9 bytes in 2 ms
    assert result.gflops == pytest.approx(1000.0)


def test_all_samples_throttled_is_inconclusive_not_nan():
    clocks = (ClockReading(1980.0, "hw-slowdown"),) * 3
    result = build_result("k", "t", "cold", Measurement((1.0,) * 3, clocks, "timeout", 1), 0.1,
                          None, None, _device())
    assert (result.verdict, result.median_ms, result.dropped) == ("inconclusive", None, 3)


def test_peak_fraction_with_a_known_spec():
    @dataclasses.dataclass(frozen=True)
    class Spec:
        memory_bandwidth_gbps: float = 4000.0
        peak_fp32_gflops: float = 50000.0

    device = dataclasses.replace(_device(), spec=Spec())
    measurement = Measurement((1.0,) * 10, (ClockReading(None),) * 10, "noise-target", 1)
    result = build_result("k", "t", "cold", measurement, 0.1, 2e9, 5e9, device)
    assert result.bandwidth_fraction == pytest.approx(0.5)
    assert result.flops_fraction == pytest.approx(0.1)
    assert result.peak_fraction == pytest.approx(0.5)


def test_bench_names_results_uniquely_and_records_them(tmp_path):
    session = _session(tmp_path, gpuperf_max_samples=20)
    bench = Bench(session, "t.py::test_k")
    first = bench.benchmark(FakeKernel(1.0, name="axpy"), 1, 1, ())
    second = bench.benchmark(FakeKernel(1.0, name="axpy"), 1, 1, ())
    third = bench.benchmark_callable(lambda stream: stream.run(0.5), name="copy", bytes_moved=1e6)
    assert [r.name for r in session.results] == ["axpy", "axpy#2", "copy"]
    assert (first.test, second.count, third.median_ms) == ("t.py::test_k", 20, pytest.approx(0.5))


@pytest.mark.parametrize("kwargs, message", [
    ({"mode": "warm"}, "mode must be one of cold, hot"),
    ({"bytes_moved": -5}, "bytes_moved must be a positive number"),
    ({"flops": "many"}, "flops must be a positive number"),
])
def test_bench_rejects_bad_arguments(tmp_path, kwargs, message):
    bench = Bench(_session(tmp_path), "t")
    with pytest.raises(ValueError, match=message):
        bench.benchmark(FakeKernel(1.0), 1, 1, (), **kwargs)


def test_compile_is_cached_by_source_and_options(tmp_path):
    bench = Bench(_session(tmp_path), "t")
    before = FakeBackend.compiled
    module = bench.compile("__global__ void k() {}", defines={"N": 4})
    assert module.request.options == ("-DN=4",)
    with pytest.raises(ValueError, match="backend='cupy'"):
        bench.compile("x", backend="opencl")
    assert FakeBackend.compiled == before + 1


def test_conveniences_round_trip_arrays(tmp_path):
    bench = Bench(_session(tmp_path), "t")
    device_array = bench.to_device(numpy.arange(4))
    assert bench.to_host(device_array).tolist() == [0, 1, 2, 3]
    assert bench.empty((2, 3), numpy.float32).shape == (2, 3)


def test_kernel_names():
    assert kernel_name(FakeKernel(1.0, name="axpy")) == "axpy"

    def copy(stream):
        return None

    assert kernel_name(copy) == "copy"


def test_assert_close_uses_dtype_tolerances():
    expected = numpy.ones(4, dtype=numpy.float32)
    assert_close(expected + numpy.float32(1e-6), expected)
    assert_close(numpy.array([1, 2]), numpy.array([1, 2]))
    with pytest.raises(AssertionError):
        assert_close(numpy.array([1, 2]), numpy.array([1, 3]))  # integers are exact
    assert_close(numpy.array([numpy.nan, 1.0]), numpy.array([numpy.nan, 1.0]))
    assert_close(numpy.float16([1.0005]), numpy.float16([1.0]))


def test_assert_close_failure_names_errors_and_indices():
    actual = numpy.zeros((2, 3), dtype=numpy.float32)
    expected = actual.copy()
    expected[1, 2] = 2.0
    expected[0, 1] = 0.5
    with pytest.raises(AssertionError) as error:
        assert_close(actual, expected)
    assert str(error.value).splitlines() == [
        "2 of 6 elements differ (dtype float32, rtol=1.3e-06, atol=1e-05)",
        "max absolute error 2 at index (1, 2)",
        "max relative error 1 at index (0, 1)",
        "first mismatches:",
        "  (0, 1): actual np.float32(0.0), expected np.float32(0.5)",
        "  (1, 2): actual np.float32(0.0), expected np.float32(2.0)",
    ]


def test_assert_close_shape_mismatch_and_explicit_tolerance():
    with pytest.raises(AssertionError, match=r"shape mismatch: actual \(2,\), expected \(3,\)"):
        assert_close(numpy.zeros(2), numpy.zeros(3))
    assert_close(numpy.array([1.0]), numpy.array([1.1]), rtol=0.2)


class _BrokenLibraryKernel(FakeKernel):
    """Launching it fails as numba-cuda 0.x does on NumPy 2.5: inside the library's own module import."""

    def launch(self, stream, backend):
        exec(compile("import numpy\nnumpy.row_stack_removed_in_2_5\n", "arrayobj.py", "exec"),
             {"__name__": "numba.cuda.np.arrayobj"})


class _TypingErrorKernel(FakeKernel):
    def launch(self, stream, backend):
        raise TypeError("No implementation of function Function(<built-in function add>) for (float32, array)")


def test_a_gpu_library_that_cannot_import_itself_fails_the_test_with_a_message_not_a_traceback(tmp_path):
    bench = Bench(_session(tmp_path), "t")
    with pytest.raises(pytest.fail.Exception) as failed:
        bench.benchmark(_BrokenLibraryKernel(1.0, name="vector_add"), 1, 1, ())
    assert failed.value.pytrace is False and failed.value.__context__ is None  # no second traceback
    message = str(failed.value)
    assert message.startswith("vector_add could not be launched: importing numba.cuda.np.arrayobj failed "
                              "(AttributeError: module 'numpy' has no attribute 'row_stack_removed_in_2_5') with ")
    assert f"numpy {numpy.__version__}" in message and "do not work together" in message


def test_an_error_in_the_users_kernel_keeps_its_own_exception(tmp_path):
    bench = Bench(_session(tmp_path), "t")
    with pytest.raises(TypeError, match="No implementation of function"):
        bench.benchmark(_TypingErrorKernel(1.0), 1, 1, ())
