"""basics.cu and vector_add_numba.py on the GPU: checked against NumPy and held to a fraction
of the GPU's peak memory bandwidth.

Runs only with `pytest --gpuperf` on a machine with a GPU (skipped otherwise).
"""
from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy
import pytest

HERE = Path(__file__).parent
SOURCE = HERE / "basics.cu"
N = 1 << 24
SIMULATED_N = 1 << 12  # numba's CUDA simulator (--gpuperf-sim) runs each thread in Python
ROWS, COLS = 4096, 4096
# Budgets: fraction of the GPU's peak memory bandwidth, about 75% of what an H100 SXM reached on
# 2026-11-23 (examples/README.md).
VECTOR_ADD_FRACTION = 0.55
MATRIX_SCALE_FRACTION = 0.46


def operands(n: int = N) -> tuple:
    rng = numpy.random.default_rng(24)
    return rng.standard_normal(n, dtype=numpy.float32), rng.standard_normal(n, dtype=numpy.float32)


@pytest.mark.gpuperf(min_peak_fraction=VECTOR_ADD_FRACTION)
def test_vector_add(gpuperf) -> None:
    a, b = operands()
    c = gpuperf.empty((N,), numpy.float32)
    kernel = gpuperf.compile(path=str(SOURCE)).get_function("vector_add")
    gpuperf.benchmark(kernel, (-(-N // 256),), (256,), (gpuperf.to_device(a), gpuperf.to_device(b), c, numpy.int32(N)),
                      bytes_moved=3.0 * a.nbytes, name=f"vector_add n={N}")
    gpuperf.assert_close(c, a + b, rtol=0.0, atol=0.0)


@pytest.mark.gpuperf(min_peak_fraction=MATRIX_SCALE_FRACTION)
def test_matrix_scale(gpuperf) -> None:
    matrix = numpy.random.default_rng(2).standard_normal((ROWS, COLS), dtype=numpy.float32)
    alpha = numpy.float32(0.5)
    out = gpuperf.empty((ROWS, COLS), numpy.float32)
    kernel = gpuperf.compile(path=str(SOURCE)).get_function("matrix_scale")
    gpuperf.benchmark(kernel, (-(-COLS // 32), -(-ROWS // 8)), (32, 8),
                      (gpuperf.to_device(matrix), out, alpha, numpy.int32(ROWS), numpy.int32(COLS)),
                      bytes_moved=2.0 * matrix.nbytes, name=f"matrix_scale n={ROWS}x{COLS}")
    gpuperf.assert_close(out, alpha * matrix, rtol=0.0, atol=0.0)


def load_numba_example():
    pytest.importorskip("numba.cuda", reason="the numba.cuda example needs numba-cuda")
    spec = importlib.util.spec_from_file_location("vector_add_numba", HERE / "vector_add_numba.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.gpuperf(min_peak_fraction=VECTOR_ADD_FRACTION)
def test_vector_add_numba(gpuperf) -> None:
    kernel = load_numba_example().vector_add
    n = SIMULATED_N if gpuperf.backend.simulator else N
    a, b = operands(n)
    c = gpuperf.empty((n,), numpy.float32)
    gpuperf.benchmark(kernel, -(-n // 256), 256, (gpuperf.to_device(a), gpuperf.to_device(b), c),
                      bytes_moved=3.0 * a.nbytes, name=f"vector_add_numba n={n}")
    gpuperf.assert_close(c, a + b, rtol=0.0, atol=0.0)
