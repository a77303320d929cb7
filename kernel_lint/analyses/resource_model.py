"""Ranking block sizes with the resource model of Al-Mouhamed and Khan ("A Restructuring Algorithm
for CUDA", seed 000): Active Blocks per SM (their eq. 1, here NVIDIA's exact occupancy calculation),
S-Cycles = Active Blocks x Threads per Block / SPs per SM (eq. 3) and AKBPSM = Total Kernel Blocks /
SMs (eq. 2). Their selection: S-Cycles and AKBPSM at least 1, S-Cycles an integer and as large as
possible, then the least AKBPSM.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional, Tuple

from kernel_lint.analyses.occupancy import Occupancy, occupancy
from kernel_lint.gpus import GpuSpec


@dataclass(frozen=True)
class Candidate:
    threads: int
    result: Occupancy
    s_cycles: float
    akbpsm: Optional[float]  # None when the total number of threads is not known

    @property
    def occupancy(self) -> float:
        return self.result.occupancy

    def rank_key(self) -> Tuple:
        fills_gpu = self.akbpsm is None or self.akbpsm >= 1
        balanced = float(self.s_cycles).is_integer()
        return (self.result.active_blocks_per_sm > 0, fills_gpu, self.s_cycles, balanced,
                -(self.akbpsm or 0.0))

    def describe(self) -> str:
        blocks = f", AKBPSM {self.akbpsm:.1f}" if self.akbpsm is not None else ""
        return f"{self.threads} threads per block: {self.occupancy:.0%} occupancy, S-Cycles {self.s_cycles:g}{blocks}"


def evaluate(gpu: GpuSpec, threads: int, registers: int, shared_bytes: int,
             total_threads: Optional[int] = None) -> Candidate:
    result = occupancy(gpu, threads, registers, shared_bytes)
    s_cycles = result.active_blocks_per_sm * threads / gpu.fp32_cores_per_sm
    akbpsm = None if total_threads is None else -(-total_threads // threads) / gpu.sms
    return Candidate(threads, result, s_cycles, akbpsm)


def rank_block_sizes(gpu: GpuSpec, registers: int, shared_bytes: int, total_threads: Optional[int] = None,
                     max_threads: Optional[int] = None) -> List[Candidate]:
    """Whole-warp block sizes up to the block limit (or __launch_bounds__), best first."""
    largest = min(gpu.max_threads_per_block, max_threads or gpu.max_threads_per_block)
    sizes = range(gpu.warp_size, largest + 1, gpu.warp_size)
    candidates = [evaluate(gpu, t, registers, shared_bytes, total_threads) for t in sizes]
    return sorted(candidates, key=Candidate.rank_key, reverse=True)


def suggestion(gpu: GpuSpec, registers: int, shared_bytes: int, total_threads: Optional[int] = None,
               max_threads: Optional[int] = None) -> Optional[str]:
    """One sentence naming the best block size and the smallest one with the same occupancy."""
    ranked = rank_block_sizes(gpu, registers, shared_bytes, total_threads, max_threads)
    if not ranked or ranked[0].result.active_blocks_per_sm == 0:
        return None
    best = ranked[0]
    smallest = min(c.threads for c in ranked if c.occupancy == best.occupancy)
    also = f"; {smallest} threads is the smallest block with the same occupancy" if smallest != best.threads else ""
    return f"try {best.describe()} (S-Cycles/AKBPSM model){also}"
