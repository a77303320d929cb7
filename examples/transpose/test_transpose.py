"""transpose.cu on the GPU: naive, shared-memory and padded tiles at block edges 8, 16 and 32,
each checked exactly and held to a fraction of the GPU's peak memory bandwidth.

Runs only with `pytest --gpuperf` on a machine with a GPU (skipped otherwise).
"""
from __future__ import annotations

import functools
from pathlib import Path

import numpy
import pytest

SOURCE = Path(__file__).with_name("transpose.cu")
# (n, tile): every block size at the seed's 1024 x 1024 and at 4096 x 4096.
SHAPES = ((1024, 8), (1024, 16), (1024, 32), (4096, 8), (4096, 16), (4096, 32))
# Budgets: fraction of the GPU's peak memory bandwidth, about 75% of the slowest shape on an H100 SXM
# on 2026-11-23 (examples/README.md).
BUDGETS = {"transpose_naive": 0.08, "transpose_shared": 0.13, "transpose_padded": 0.13}


@functools.lru_cache(maxsize=None)
def matrix(n: int) -> numpy.ndarray:
    return numpy.random.default_rng(n).standard_normal((n, n), dtype=numpy.float32)


@pytest.mark.parametrize("n, tile", SHAPES, ids=[f"n{n}-tile{tile}" for n, tile in SHAPES])
@pytest.mark.parametrize(
    "kernel_name", [pytest.param(name, marks=pytest.mark.gpuperf(min_peak_fraction=fraction))
                    for name, fraction in BUDGETS.items()])
def test_transpose_step(gpuperf, kernel_name: str, n: int, tile: int) -> None:
    kernel = gpuperf.compile(path=str(SOURCE), defines={"TILE": tile}).get_function(kernel_name)
    host = matrix(n)
    out = gpuperf.empty((n, n), numpy.float32)
    blocks = -(-n // tile)
    gpuperf.benchmark(kernel, (blocks, blocks), (tile, tile), (gpuperf.to_device(host), out, numpy.int32(n)),
                      bytes_moved=2.0 * host.nbytes, name=f"{kernel_name} n={n} tile={tile}")
    gpuperf.assert_close(out, host.T.copy(), rtol=0.0, atol=0.0)
