"""The CuPy and numba backends on a real GPU; skipped where there is none (as in CI)."""
from __future__ import annotations

import pytest

from pytest_gpuperf.backends import NoDeviceError
from pytest_gpuperf.backends.base import compile_request


def _backend(name: str):
    pytest.importorskip(name, reason=f"{name} is not installed")
    from pytest_gpuperf.backends import create_backend

    try:
        return create_backend(name)
    except NoDeviceError as exc:
        pytest.skip(str(exc))


@pytest.mark.parametrize("name", ["cupy", "numba"])
def test_device_info_describes_a_real_gpu(name):
    device = _backend(name).device_info()
    major, minor = device.compute_capability.split(".")
    assert int(major) >= 7 and device.sm_count > 0 and device.l2_bytes > 0
    assert f"-sm{device.sm_count}-driver{device.driver_version}-cuda{device.cuda_version}" in device.fingerprint


def test_cupy_compiles_times_and_frees(tmp_path):
    backend = _backend("cupy")
    import numpy

    module = backend.compile(compile_request(
        'extern "C" __global__ void fill(float* x, float v, int n) {'
        ' int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) x[i] = v; }', None, (), None, ()))
    out = backend.empty((1 << 20,), numpy.float32)
    stream = backend.new_stream()
    launch = backend.launcher(module.get_function("fill"), 4096, 256, (out, numpy.float32(2), numpy.int32(1 << 20)), 0)
    from pytest_gpuperf.timers import EventTimer

    elapsed = EventTimer(backend, stream).cold(launch, hold_us=50.0)
    assert 0 < elapsed < 100
    assert float(backend.to_host(out)[-1]) == 2.0
    assert backend.sticky_error() is None
    backend.free_memory()
