"""The S-Cycles / AKBPSM ranking of block sizes (seed 000) on top of the occupancy calculation."""
from __future__ import annotations

from kernel_lint.analyses.resource_model import evaluate, rank_block_sizes, suggestion
from kernel_lint.gpus import resolve_gpu

H100 = resolve_gpu("h100")


def test_evaluate_follows_the_papers_equations():
    candidate = evaluate(H100, 256, 32, 0, total_threads=1 << 20)
    # 8 active blocks x 256 threads / 128 FP32 lanes per SM; 4096 blocks / 132 SMs.
    assert candidate.s_cycles == 16.0
    assert abs(candidate.akbpsm - 4096 / 132) < 1e-9


def test_ranking_prefers_more_s_cycles_then_fewer_blocks_per_sm():
    ranked = rank_block_sizes(H100, 32, 0, total_threads=1 << 20)
    assert [c.threads for c in ranked[:3]] == [1024, 512, 256]
    assert ranked[-1].threads == 32  # 50% occupancy: S-Cycles 8


def test_a_grid_too_small_for_the_gpu_prefers_blocks_that_fill_it():
    # 64K threads: 1024-thread blocks give 64 blocks for 132 SMs (AKBPSM < 1).
    ranked = rank_block_sizes(H100, 32, 0, total_threads=1 << 16)
    assert ranked[0].akbpsm >= 1 and ranked[0].threads == 256


def test_launch_bounds_cap_the_candidates():
    assert max(c.threads for c in rank_block_sizes(H100, 32, 0, max_threads=128)) == 128


def test_suggestion_text_and_impossible_kernels():
    text = suggestion(H100, 64, 0, total_threads=1 << 20)
    assert text == ("try 1024 threads per block: 50% occupancy, S-Cycles 8, AKBPSM 7.8 (S-Cycles/AKBPSM model); "
                    "32 threads is the smallest block with the same occupancy")
    assert suggestion(H100, 32, 300 * 1024) is None  # no block size fits 300 KB
