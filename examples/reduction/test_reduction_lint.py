"""What kernel-lint must report on reduction.cu: the modulo-selected tree (KL302), the strided
index's bank conflicts (KL201), the sub-warp tail of contiguous trees (KL304, information);
the shuffle-finished and cascaded steps are clean."""
from __future__ import annotations

from pathlib import Path

SOURCE = Path(__file__).with_name("reduction.cu")
STRIDED_UPDATE = "partial[index] += partial[index + s];"
STRIDED_STEP = "if (index < blockDim.x)"

EXPECTED = (
    ("KL302", "reduce_interleaved_divergent", "if (tid % (2 * s) == 0)"),
    ("KL201", "reduce_interleaved_strided", STRIDED_UPDATE),
    ("KL304", "reduce_interleaved_strided", STRIDED_STEP),
    ("KL304", "reduce_sequential", "if (tid < s)"),
    ("KL304", "reduce_first_add", "if (tid < s)"),
)


def test_reduction_findings_are_the_slow_steps_physics(lint_file):
    run = lint_file(SOURCE)
    assert run.found() == run.expected(EXPECTED), run.describe()


def test_strided_index_conflicts_reach_eight_way(lint_file):
    # index = 2*s*tid: with s = 4 the 32 lanes hit words 0, 8, ..., 248, eight of them per bank.
    run = lint_file(SOURCE)
    degrees = run.details("KL201", "reduce_interleaved_strided", STRIDED_UPDATE, "worst_degree")
    assert degrees and all(degree == 8.0 for degree in degrees)


def test_strided_index_tail_is_reported(lint_file):
    # Step 2 keeps its active threads contiguous too (tid < blockDim.x / (2 s)), and its rounds from
    # s = 8 on run with 16, 8, 4, 2 and 1 lanes: the same warp tail as steps 3 and 4.
    run = lint_file(SOURCE)
    assert run.details("KL304", "reduce_interleaved_strided", STRIDED_STEP, "divergent_steps") == [5]
    assert run.details("KL304", "reduce_interleaved_strided", STRIDED_STEP, "steps") == [8]
