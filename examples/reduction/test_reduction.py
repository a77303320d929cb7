"""reduction.cu on the GPU: each step sums 2^26 floats, checked exactly, held to a fraction of
peak bandwidth; the last step must also reach 90% of a device-to-device copy's bandwidth.

Runs only with `pytest --gpuperf` on a machine with a GPU (skipped otherwise).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, List, Tuple

import numpy
import pytest

SOURCE = Path(__file__).with_name("reduction.cu")
N = 1 << 26
BLOCK = 256  # as #defined in reduction.cu
CASCADE_BLOCKS_PER_SM = 8  # one wave: 8 resident blocks of 256 threads per SM
COPY_FRACTION = 0.9  # the cascaded reduction must reach this fraction of a D2D copy's GB/s


@dataclass(frozen=True)
class Step:
    kernel: str
    chunk: int  # contiguous elements a block reads per (grid-stride) round
    block_elements: int  # elements per block at least when sizing the grid
    cascaded: bool  # grid capped at one wave of blocks
    # budget: fraction of the GPU's peak memory bandwidth, about 75% of what an H100 SXM reached on
    # 2026-11-23 (examples/README.md)
    min_peak_fraction: float


STEPS = (
    Step("reduce_interleaved_divergent", BLOCK, BLOCK, False, 0.09),
    Step("reduce_interleaved_strided", BLOCK, BLOCK, False, 0.15),
    Step("reduce_sequential", BLOCK, BLOCK, False, 0.19),
    Step("reduce_first_add", 2 * BLOCK, 2 * BLOCK, False, 0.35),
    Step("reduce_unrolled_warp", 2 * BLOCK, 2 * BLOCK, False, 0.48),
    Step("reduce_cascaded", 4 * BLOCK, 8 * BLOCK, True, 0.64),
)
CASCADED = STEPS[-1]


def pass_sizes(n: int, block_elements: int, max_blocks: int) -> List[Tuple[int, int]]:
    """(elements in, blocks) of each launch until a single block leaves one value."""
    passes = []
    while True:
        blocks = min(-(-n // block_elements), max_blocks)
        passes.append((n, blocks))
        if blocks == 1:
            return passes
        n = blocks


def first_pass_partials(values: numpy.ndarray, chunk: int, blocks: int) -> numpy.ndarray:
    """Per-block sums of the first launch: block b reads the chunks b, b + blocks, b + 2 * blocks..."""
    chunk_sums = values.astype(numpy.float64).reshape(-1, chunk).sum(axis=1)
    return numpy.bincount(numpy.arange(chunk_sums.size) % blocks, weights=chunk_sums, minlength=blocks)


@pytest.fixture(scope="module")
def values() -> numpy.ndarray:
    # Small integers: every per-block partial sum is exact in float32, so a dropped or doubled
    # element shows up as a wrong partial instead of vanishing in rounding.
    return numpy.random.default_rng(26).integers(0, 4, N).astype(numpy.float32)


class Reduction:
    """One step's launches on preallocated buffers: outputs[i] holds pass i's partial sums."""

    def __init__(self, gpuperf: Any, step: Step, values: numpy.ndarray, sm_count: int):
        max_blocks = CASCADE_BLOCKS_PER_SM * sm_count if step.cascaded else values.size
        self.passes = pass_sizes(values.size, step.block_elements, max_blocks)
        kernel = gpuperf.compile(path=str(SOURCE)).get_function(step.kernel)
        self.outputs = [gpuperf.empty((blocks,), numpy.float32) for _, blocks in self.passes]
        inputs = [gpuperf.to_device(values)] + self.outputs[:-1]
        self.launches = [gpuperf.backend.launcher(kernel, (blocks,), (BLOCK,), (data_in, data_out, numpy.uint32(n)), 0)
                         for (n, blocks), data_in, data_out in zip(self.passes, inputs, self.outputs)]

    def launch(self, stream: Any) -> None:
        for launch in self.launches:
            launch(stream)


def run_step(gpuperf: Any, step: Step, values: numpy.ndarray, sm_count: int, name: str) -> Tuple[Any, Reduction]:
    reduction = Reduction(gpuperf, step, values, sm_count)
    result = gpuperf.benchmark_callable(reduction.launch, bytes_moved=4.0 * values.size, name=name)
    return result, reduction


def check_sums(gpuperf: Any, step: Step, reduction: Reduction, values: numpy.ndarray) -> None:
    first_blocks = reduction.passes[0][1]
    gpuperf.assert_close(reduction.outputs[0], first_pass_partials(values, step.chunk, first_blocks).astype(numpy.float32),
                         rtol=0.0, atol=0.0)
    total = numpy.array([values.sum(dtype=numpy.float64)], dtype=numpy.float32)
    # The last passes add partial sums beyond 2^24, where float32 rounds: a few ulps in all.
    gpuperf.assert_close(reduction.outputs[-1], total, rtol=1e-5, atol=0.0)


@pytest.mark.parametrize(
    "step", [pytest.param(s, id=s.kernel, marks=pytest.mark.gpuperf(min_peak_fraction=s.min_peak_fraction))
             for s in STEPS])
def test_reduction_step(gpuperf, gpu, values: numpy.ndarray, step: Step) -> None:
    _, reduction = run_step(gpuperf, step, values, gpu.sm_count, f"{step.kernel} n={N}")
    check_sums(gpuperf, step, reduction, values)


def copy_launcher(source: Any, target: Any) -> Callable[[Any], None]:
    def launch(stream: Any) -> None:
        target.data.copy_from_device_async(source.data, source.nbytes, stream)

    return launch


def test_cascaded_reduction_reaches_copy_bandwidth(gpuperf, gpu, values: numpy.ndarray) -> None:
    """Reading n floats once should run about as fast as a cudaMemcpy reads and writes them."""
    pytest.importorskip("cupy", reason="the copy reference is a cupy device-to-device cudaMemcpyAsync")
    source = gpuperf.to_device(values)
    copy = gpuperf.benchmark_callable(copy_launcher(source, gpuperf.empty(values.shape, values.dtype)),
                                      bytes_moved=2.0 * values.nbytes, name=f"d2d_copy n={N}")
    reduced, reduction = run_step(gpuperf, CASCADED, values, gpu.sm_count, f"{CASCADED.kernel} vs copy n={N}")
    check_sums(gpuperf, CASCADED, reduction, values)
    if reduced.gbps is None or copy.gbps is None:
        pytest.skip("no bandwidth to compare: every sample of a benchmark was dropped (clock throttled)")
    ratio = reduced.gbps / copy.gbps
    assert ratio >= COPY_FRACTION, (
        f"{CASCADED.kernel}: {reduced.gbps:.0f} GB/s is {ratio:.1%} of the {copy.gbps:.0f} GB/s a "
        f"device-to-device copy reaches on {gpu.name} (needs {COPY_FRACTION:.0%})")
