"""convolution.cu on the GPU: naive and constant-mask tiled 1-D convolution, checked against
NumPy and held to a fraction of the GPU's peak memory bandwidth.

Runs only with `pytest --gpuperf` on a machine with a GPU (skipped otherwise).
"""
from __future__ import annotations

import functools
from pathlib import Path
from typing import Tuple

import numpy
import pytest

SOURCE = Path(__file__).with_name("convolution.cu")
N = 1 << 24
MASK_WIDTH, BLOCK = 7, 256  # as #defined in convolution.cu
# Budgets: fraction of the GPU's peak memory bandwidth, reading and writing n floats; about 75% of what
# an H100 SXM reached on 2026-11-23 (examples/README.md).
BUDGETS = {"conv1d_naive": 0.44, "conv1d_tiled": 0.41}


@functools.lru_cache(maxsize=None)
def problem() -> Tuple[numpy.ndarray, numpy.ndarray, numpy.ndarray]:
    """Signal, mask and the zero-padded ("same" size) convolution in float64."""
    rng = numpy.random.default_rng(7)
    signal = rng.standard_normal(N, dtype=numpy.float32)
    mask = rng.standard_normal(MASK_WIDTH, dtype=numpy.float32)
    # out[i] = sum_j in[i - r + j] * mask[j] is a correlation; numpy.convolve flips its second argument.
    expected = numpy.convolve(signal.astype(numpy.float64), mask[::-1].astype(numpy.float64), mode="same")
    return signal, mask, expected


def kernel_arguments(gpuperf, kernel_name: str, module, signal, mask, out) -> tuple:
    """conv1d_naive takes the mask as an argument; conv1d_tiled reads it from constant memory."""
    if kernel_name == "conv1d_naive":
        return (gpuperf.to_device(signal), gpuperf.to_device(mask), out, numpy.int32(N))
    cupy = pytest.importorskip("cupy", reason="filling __constant__ memory uses CuPy's RawModule.get_global")
    constant = cupy.ndarray((MASK_WIDTH,), numpy.float32, module.get_global("c_mask"))
    constant[...] = cupy.asarray(mask)
    return (gpuperf.to_device(signal), out, numpy.int32(N))


@pytest.mark.parametrize(
    "kernel_name", [pytest.param(name, marks=pytest.mark.gpuperf(min_peak_fraction=fraction))
                    for name, fraction in BUDGETS.items()])
def test_convolution_step(gpuperf, kernel_name: str) -> None:
    signal, mask, expected = problem()
    module = gpuperf.compile(path=str(SOURCE))
    out = gpuperf.empty((N,), numpy.float32)
    arguments = kernel_arguments(gpuperf, kernel_name, module, signal, mask, out)
    gpuperf.benchmark(module.get_function(kernel_name), (-(-N // BLOCK),), (BLOCK,), arguments,
                      bytes_moved=2.0 * signal.nbytes, name=f"{kernel_name} n={N}")
    gpuperf.assert_close(out, expected.astype(numpy.float32), rtol=1e-5, atol=1e-5)
