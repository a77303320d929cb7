"""matmul.cu on the GPU: every step checked against NumPy and held to a fraction of peak FP32.

Runs only with `pytest --gpuperf` on a machine with a GPU (skipped otherwise).
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Tuple

import numpy
import pytest

SOURCE = Path(__file__).with_name("matmul.cu")
SIZES = (1024, 2048)
TILE, COARSEN, STRIP_ROWS, STRIP_HEIGHT = 16, 4, 8, 64  # as #defined in matmul.cu


@dataclass(frozen=True)
class Step:
    kernel: str
    block: Tuple[int, int]
    columns_per_block: int  # grid.x = n / columns_per_block
    rows_per_block: int  # grid.y = n / rows_per_block
    # budget: fraction of the GPU's peak FP32 GFLOP/s, about 75% of what an H100 SXM reached on
    # 2026-11-23 (examples/README.md)
    min_peak_fraction: float

    def grid(self, n: int) -> Tuple[int, int]:
        return (n // self.columns_per_block, n // self.rows_per_block)


# The launch configurations of matmul.cu's host launchers, in step order.
STEPS = (
    Step("matmul_naive", (TILE, TILE), TILE, TILE, 0.010),
    Step("matmul_tiled", (TILE, TILE), TILE, TILE, 0.022),
    Step("matmul_coalesced", (TILE, TILE), TILE, TILE, 0.085),
    Step("matmul_block_coarsened", (TILE, TILE), TILE * COARSEN, TILE, 0.115),
    Step("matmul_thread_coarsened", (TILE, STRIP_ROWS), TILE, STRIP_HEIGHT, 0.17),
    Step("matmul_prefetched", (TILE, STRIP_ROWS), TILE, STRIP_HEIGHT, 0.17),
)


@functools.lru_cache(maxsize=None)
def problem(n: int) -> Tuple[numpy.ndarray, numpy.ndarray, numpy.ndarray]:
    """Random A and B in [-1, 1) and their product in float64."""
    rng = numpy.random.default_rng(n)
    a = rng.uniform(-1.0, 1.0, (n, n)).astype(numpy.float32)
    b = rng.uniform(-1.0, 1.0, (n, n)).astype(numpy.float32)
    return a, b, a.astype(numpy.float64) @ b.astype(numpy.float64)


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize(
    "step", [pytest.param(s, id=s.kernel, marks=pytest.mark.gpuperf(min_peak_fraction=s.min_peak_fraction))
             for s in STEPS])
def test_matmul_step(gpuperf, step: Step, n: int) -> None:
    assert n % STRIP_HEIGHT == 0 and n % (TILE * COARSEN) == 0, "the tiled steps need n % 64 == 0"
    a, b, expected = problem(n)
    kernel = gpuperf.compile(path=str(SOURCE)).get_function(step.kernel)
    c = gpuperf.empty((n, n), numpy.float32)
    gpuperf.benchmark(kernel, step.grid(n), step.block,
                      (gpuperf.to_device(a), gpuperf.to_device(b), c, numpy.int32(n)),
                      flops=2.0 * n ** 3, name=f"{step.kernel} n={n}")
    # float32 dot products of n terms in [-1, 1): errors stay far below 1e-3 at n = 2048.
    gpuperf.assert_close(c, expected.astype(numpy.float32), rtol=1e-3, atol=1e-3)
