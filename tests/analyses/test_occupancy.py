"""The occupancy model against hand-worked cases and against NVIDIA's cuda_occupancy.h (g++ oracle)."""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from typing import List, Optional, Tuple

import pytest

from kernel_lint.analyses.occupancy import align_to_carveout, describe_limiters, occupancy
from kernel_lint.gpus import GpuSpec, load_database, resolve_gpu

ORACLE_SOURCE = Path(__file__).resolve().parent.parent / "oracles" / "occupancy_oracle.cpp"
FACTOR_BITS = {"warps": 0x1, "registers": 0x2, "shared_memory": 0x4, "blocks": 0x8, "barriers": 0x10}
H100 = resolve_gpu("h100")


def test_h100_worked_examples():
    full = occupancy(H100, 256, 32, 0)
    assert (full.active_blocks_per_sm, full.active_warps_per_sm, full.occupancy) == (8, 64, 1.0)
    assert full.limited_by == ("warps", "registers")

    tiny_blocks = occupancy(H100, 32, 32, 0)
    assert (tiny_blocks.active_blocks_per_sm, tiny_blocks.occupancy, tiny_blocks.limited_by) == (32, 0.5, ("blocks",))

    # 40 registers -> 1280 per warp (a multiple of 256): 16384 per sub-partition / 1280 = 12 warps.
    odd = occupancy(H100, 96, 40, 0)
    assert (odd.active_blocks_per_sm, odd.active_warps_per_sm, odd.limited_by) == (16, 48, ("registers",))

    # 48 KB + 1 KB reserved per block in 228 KB: 4 blocks.
    smem = occupancy(H100, 128, 32, 48 * 1024)
    assert (smem.active_blocks_per_sm, smem.limited_by, smem.allocated_shared_per_block) == (4, ("shared_memory",), 50176)
    assert describe_limiters(smem) == "shared memory"


def test_registers_are_rounded_per_warp_to_the_allocation_granularity():
    # 33 registers -> 1056 per warp -> 1280 allocated, the same as 40.
    assert occupancy(H100, 256, 33, 0).active_blocks_per_sm == occupancy(H100, 256, 40, 0).active_blocks_per_sm == 6


def test_too_many_registers_or_threads_mean_no_block_fits():
    assert occupancy(H100, 1024, 72, 0).active_blocks_per_sm == 0  # 72 x 1024 > 65536 registers
    over = occupancy(H100, 1056, 16, 0)
    assert over.active_blocks_per_sm == 0 and "warps" in over.limited_by
    assert occupancy(H100, 64, 32, 232449).active_blocks_per_sm == 0  # over the 227 KB opt-in maximum


def test_shared_memory_over_the_default_limit_counts_as_opted_in():
    result = occupancy(H100, 256, 32, 100 * 1024)
    assert result.active_blocks_per_sm == 2 and result.shared_memory_per_sm == 228 * 1024


def test_carveout_preference_falls_back_to_the_smallest_carveout_that_fits():
    # A 0% preference (max L1) is ignored once a block needs shared memory: 33 KB -> 64 KB carveout.
    result = occupancy(H100, 128, 32, 32 * 1024, carveout_percent=0)
    assert result.shared_memory_per_sm == 64 * 1024 and result.active_blocks_per_sm == 1
    assert align_to_carveout(H100, 101 * 1024) == 132 * 1024
    assert align_to_carveout(H100, 229 * 1024) is None


def test_turing_has_no_reserved_shared_memory_and_256_byte_granularity():
    t4 = resolve_gpu("t4")
    result = occupancy(t4, 128, 32, 1)
    assert result.allocated_shared_per_block == 256 and result.active_blocks_per_sm == 8


def test_bad_inputs_raise_value_errors():
    with pytest.raises(ValueError, match="positive"):
        occupancy(H100, 0, 32, 0)
    with pytest.raises(ValueError, match="negative"):
        occupancy(H100, 32, -1, 0)


# ---------------------------------------------------------------------------------------------
# The oracle: NVIDIA's header, compiled on the host.


def cuda_include_dir() -> Optional[Path]:
    candidates: List[Path] = []
    nvcc = shutil.which("nvcc")
    if nvcc:
        candidates.append(Path(nvcc).resolve().parent.parent / "include")
    if os.environ.get("CUDA_HOME"):
        candidates.append(Path(os.environ["CUDA_HOME"]) / "include")
    candidates += [Path("/usr/local/cuda-13.0/include"), Path("/usr/local/cuda/include")]
    return next((c for c in candidates if (c / "cuda_occupancy.h").is_file()), None)


@pytest.fixture(scope="module")
def oracle(tmp_path_factory) -> Path:
    include = cuda_include_dir()
    if include is None:
        pytest.skip("cuda_occupancy.h not found (no nvcc on PATH, CUDA_HOME unset)")
    if shutil.which("g++") is None:
        pytest.skip("g++ not on PATH")
    binary = tmp_path_factory.mktemp("oracle") / "occupancy_oracle"
    subprocess.run(["g++", "-O1", f"-I{include}", str(ORACLE_SOURCE), "-o", str(binary)], check=True)
    return binary


def device_line(gpu: GpuSpec) -> str:
    major, minor = gpu.compute_capability.split(".")
    return " ".join(str(v) for v in (
        major, minor, gpu.max_threads_per_block, gpu.max_threads_per_sm, gpu.registers_per_block,
        gpu.registers_per_sm, gpu.warp_size, gpu.shared_memory_per_block, gpu.shared_memory_per_sm, gpu.sms,
        gpu.shared_memory_per_block_optin, gpu.reserved_shared_memory_per_block))


def run_oracle(binary: Path, gpu: GpuSpec, queries: List[Tuple[int, int, int, int]]) -> List[str]:
    lines = [device_line(gpu)] + [" ".join(map(str, q)) for q in queries]
    done = subprocess.run([str(binary)], input="\n".join(lines) + "\n", capture_output=True, text=True, check=True)
    return done.stdout.splitlines()


def predicted(gpu: GpuSpec, threads: int, regs: int, smem: int, carveout: int) -> str:
    result = occupancy(gpu, threads, regs, smem, carveout_percent=None if carveout < 0 else carveout)
    bits = sum(FACTOR_BITS[f] for f in result.limited_by)
    return f"{result.active_blocks_per_sm} {bits}"


REGISTERS = (0, 16, 24, 32, 33, 40, 48, 56, 64, 72, 80, 96, 128, 168, 200, 232, 255)


def shared_spread(gpu: GpuSpec) -> List[int]:
    optin = gpu.shared_memory_per_block_optin
    fixed = [0, 1, 127, 128, 129, 1000, 4096, 12 * 1024 + 1, 48 * 1024, 48 * 1024 + 1]
    return sorted(set(fixed + [optin * k // 7 for k in range(1, 7)] + [optin - 1, optin, optin + 1]))


@pytest.mark.parametrize("key", [spec.key for spec in load_database()])
def test_every_combination_matches_cuda_occupancy_h(oracle, key):
    gpu = resolve_gpu(key)
    queries = [(t, r, s, -1) for t in range(32, 1025, 32) for r in REGISTERS for s in shared_spread(gpu)]
    # Carveout preferences, odd block sizes and sizes over the block limit on a smaller grid.
    queries += [(t, r, s, c) for t in (1, 33, 100, 640, 1056) for r in (16, 64, 255)
                for s in shared_spread(gpu) for c in (0, 25, 50, 100)]
    expected = run_oracle(oracle, gpu, queries)
    assert len(expected) == len(queries)
    compared = [(q, want, predicted(gpu, *q)) for q, want in zip(queries, expected)]
    mismatches = [row for row in compared if row[1] != row[2]]
    assert mismatches == [], f"{len(mismatches)} of {len(queries)} differ, first: {mismatches[:5]}"
